/**
 * System (production build, `next start`): one instance coalesces a burst of cold requests into
 * exactly one call per upstream endpoint, and healthy answers are CDN-cacheable with a working
 * ETag. Counts only: CI times nothing (figures are in docs/performance.md, `npm run bench`).
 */
import { startFakeUpstream, type FakeUpstream } from "@/tests/fake-upstream/server";
import { coldBurst, conditionalGet, INTEL_PATH, SUPPLY_PATH } from "@/scripts/bench/scenarios";
import { requireBuild, startNextApp, type NextApp } from "@/scripts/bench/servers";

jest.setTimeout(120_000);

/** A loaded CI box can push store operations past the default 150 ms budget during the burst;
 * a timed-out read counts as a miss (availability first), which is not what this test is about. */
const ENV = { KV_TIMEOUT_MS: "2000" };

let fake: FakeUpstream;
let app: NextApp;

beforeAll(async () => {
  requireBuild();
  fake = await startFakeUpstream({ port: 0 });
  app = await startNextApp({ fake, env: ENV });
});

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

test("200 concurrent cold intel requests → one upstream call per endpoint", async () => {
  const burst = await coldBurst(fake, [app], 200);
  expect(burst.statuses).toEqual({ 200: 200 });
  expect(burst.duplicates).toEqual([]);
  expect(burst.upstreamCalls).toBe(burst.endpoints);
  const providers = new Set(fake.requests().map((r) => r.provider));
  // The market provider, the aggregate, the second price (DefiLlama coins), pools, snapshots.
  expect([...providers].sort()).toEqual([
    "coingecko",
    "defillama",
    "defillama-coins",
    "dexscreener",
    "dune",
  ]);

  // Warm now: the same burst again reaches no provider at all.
  const again = await coldBurst(fake, [app], 200);
  expect(again.statuses).toEqual({ 200: 200 });
  expect(again.upstreamCalls).toBe(0);
});

test.each([INTEL_PATH, SUPPLY_PATH])(
  "%s: healthy 200 carries s-maxage, stale-while-revalidate and an ETag; If-None-Match → 304",
  async (path) => {
    const r = await conditionalGet(app, path);
    expect(r.status).toBe(200);
    expect(r.cacheControl).toMatch(/(^|,)\s*s-maxage=[1-9]\d*/);
    expect(r.cacheControl).toMatch(/(^|,)\s*stale-while-revalidate=[1-9]\d*/);
    expect(r.etag).toMatch(/^W\/".+"$/);
    expect(r.conditionalStatus).toBe(304);
    expect(r.conditionalBytes).toBe(0);
  },
);
