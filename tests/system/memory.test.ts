/**
 * System: 10,000 requests over 1,000 distinct invalid selectors (400s and 404s) leave the
 * server's resident memory flat — in-flight, backoff and memo maps are bounded and nothing is
 * keyed by the user's input; and distinct unknown asset paths leave nothing behind (no page, no
 * cache entry, no store write per spelling). Generous bounds, not timings.
 */
import { startFakeUpstream, type FakeUpstream } from "@/tests/fake-upstream/server";
import { invalidSelectorFlood, MEMORY_NODE_ARGS } from "@/scripts/bench/scenarios";
import { HEAP_GROWTH_BOUND_BYTES, RSS_GROWTH_BOUND_BYTES } from "@/scripts/bench/caching-memory";
import {
  spellingFlood,
  UNKNOWN_PATHS_HALF,
  UNKNOWN_PATHS_RSS_BOUND_BYTES,
} from "@/scripts/bench/page-spellings";
import { requireBuild, startNextApp, type NextApp } from "@/scripts/bench/servers";
import { startRedis } from "@/tests/helpers/redis-server";

jest.setTimeout(180_000);

let fake: FakeUpstream;
let app: NextApp;

beforeAll(async () => {
  requireBuild();
  fake = await startFakeUpstream({ port: 0 });
  app = await startNextApp({ fake, nodeArgs: MEMORY_NODE_ARGS });
});

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

test("RSS stays flat over 10,000 requests with 1,000 distinct invalid q values", async () => {
  const m = await invalidSelectorFlood(app, { distinct: 1_000, warmup: 1_000, requests: 10_000 });
  expect(m.statuses).toEqual({ 400: 5_000, 404: 5_000 });
  // Read after a forced full GC (inspector), so this is retained memory, not GC timing.
  expect(m.atEnd.rss - m.afterWarmup.rss).toBeLessThan(RSS_GROWTH_BOUND_BYTES);
  expect(m.atEnd.heapUsed - m.afterWarmup.heapUsed).toBeLessThan(HEAP_GROWTH_BOUND_BYTES);
  // Unknown selectors only need the aggregate list (cached); nothing keyed by `q` goes upstream.
  const calls = new Set(fake.requests().map((r) => `${r.provider} ${r.upstreamPath}`));
  expect([...calls].every((c) => c.startsWith("defillama /stablecoins?"))).toBe(true);
});

test(`${UNKNOWN_PATHS_HALF} more unknown asset paths after ${UNKNOWN_PATHS_HALF} leave nothing behind`, async () => {
  const m = await spellingFlood(app, { warmup: UNKNOWN_PATHS_HALF, requests: UNKNOWN_PATHS_HALF });
  // Random spellings answer 404, case variants of real selectors 308: no page renders.
  expect(Object.keys(m.statuses).sort()).toEqual(["308", "404"]);
  expect(m.rssAfter - m.rssBefore).toBeLessThan(UNKNOWN_PATHS_RSS_BOUND_BYTES);
  expect(m.diskAfter).toBe(m.diskBefore);
  expect(m.storeAfter).not.toBeNull();
  expect(m.storeAfter).toBe(m.storeBefore);
});

test(`with Redis, ${UNKNOWN_PATHS_HALF} more unknown asset paths add no key`, async () => {
  const redis = await startRedis();
  const redisApp = await startNextApp({ fake, redisUrl: redis.url, nodeArgs: MEMORY_NODE_ARGS });
  try {
    const m = await spellingFlood(redisApp, {
      warmup: UNKNOWN_PATHS_HALF,
      requests: UNKNOWN_PATHS_HALF,
      redisUrl: redis.url,
    });
    expect(Object.keys(m.statuses).sort()).toEqual(["308", "404"]);
    expect(m.rssAfter - m.rssBefore).toBeLessThan(UNKNOWN_PATHS_RSS_BOUND_BYTES);
    expect(m.diskAfter).toBe(m.diskBefore);
    expect(m.storeKeysBefore).toBeGreaterThan(0);
    expect(m.storeKeysAfter).toBe(m.storeKeysBefore);
  } finally {
    await redisApp.stop();
    await redis.stop();
  }
});
