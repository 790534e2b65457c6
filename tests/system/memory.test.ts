/**
 * System: 10,000 requests over 1,000 distinct invalid selectors (400s and 404s) leave the
 * server's resident memory flat — in-flight, backoff and memo maps are bounded and nothing is
 * keyed by the user's input. A generous bound, not a timing.
 */
import { startFakeUpstream, type FakeUpstream } from "@/tests/fake-upstream/server";
import { invalidSelectorFlood, MEMORY_NODE_ARGS } from "@/scripts/bench/scenarios";
import { HEAP_GROWTH_BOUND_BYTES, RSS_GROWTH_BOUND_BYTES } from "@/scripts/bench/caching-memory";
import { requireBuild, startNextApp, type NextApp } from "@/scripts/bench/servers";

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
