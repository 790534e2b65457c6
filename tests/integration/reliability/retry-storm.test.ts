/**
 * Retry storms: one provider failing fast under sustained load on one key must not be hammered.
 * 200 requests over ~2 s (sequential bursts plus a concurrent wave) while the aggregate answers
 * 500 (or 429 with Retry-After): the read layer's failure cooldown (lib/snapshot/freshness.ts)
 * keeps upstream calls bounded.
 *
 * Why this does not contradict "errors are never cached" (docs/route-contract.md rule 6): no failed answer is
 * ever stored under the key (the test checks the store holds nothing for it). After a failure
 * the key is left alone for FAILURE_COOLDOWN_MS (in process, and through the refresh marker,
 * rewritten as "cooling", for other instances; it lapses with the cooldown); a stale good copy is
 * still served meanwhile, and the first read after the cooldown is a normal attempt.
 */
import { QUOTE_BATCH_KEY } from "@/lib/snapshot/market-batch";
import { getKv } from "@/lib/kv";
import { FAILURE_COOLDOWN_MS } from "@/lib/snapshot/freshness";
import { failingKeys } from "@/lib/snapshot/local-state";
import { writeReliabilityReport } from "@/scripts/reliability-report";
import { startHarness, type Harness } from "../helpers/harness";
import { ROUTES, parseJson, timed, writeResults } from "./helpers";

const AGGREGATE_KEY = "aggregate:v1:defillama:stablecoins";
const DURATION_MS = 2_000;
const REQUESTS = 200;
const CONCURRENT_WAVE = 50;
/**
 * Hard bound on upstream calls for the key in ~2 s: one attempt per cooldown period (the first
 * failure starts it). Without the cooldown every request would call.
 */
const MAX_UPSTREAM_CALLS = 1 + Math.ceil(DURATION_MS / FAILURE_COOLDOWN_MS);

/** The CoinGecko entries intel?q=usdc reads (lib/snapshot/live.ts key layout). */
const COINGECKO_KEYS = [QUOTE_BATCH_KEY, "live:v1:coingecko:tickers:usd-coin"];
const anyCached = async (keys: string[]) => {
  for (const k of keys) if ((await getKv().get(k)) !== undefined) return true;
  return false;
};

const supply = ROUTES.find((r) => r.name === "supply")!;
const intel = ROUTES.find((r) => r.name === "intel")!;

interface StormResult {
  name: string;
  scenario: string;
  requests: number;
  durationMs: number;
  upstreamCalls: number;
  maxCallsPerSecond: number;
  bound: number;
  statuses: Record<string, number>;
  maxElapsedMs: number;
  kvEntryForKey: boolean;
  pass?: boolean;
}
const results: StormResult[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sequential bursts spread over DURATION_MS, with one concurrent wave in the middle. */
async function storm(route: typeof supply, total: number) {
  const statuses: Record<string, number> = {};
  let maxElapsedMs = 0;
  const one = async () => {
    const r = await timed(route.handler, route.url);
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    maxElapsedMs = Math.max(maxElapsedMs, r.elapsedMs);
    expect(parseJson(r.text)?.holderAnalyticsSupported).toBe(false);
  };
  const started = Date.now();
  const sequential = total - CONCURRENT_WAVE;
  for (let i = 0; i < sequential; i++) {
    if (i === Math.floor(sequential / 2))
      await Promise.all(Array.from({ length: CONCURRENT_WAVE }, one));
    await one();
    const due = started + ((i + 1) * DURATION_MS) / sequential;
    if (Date.now() < due) await sleep(due - Date.now());
  }
  return { statuses, maxElapsedMs, durationMs: Date.now() - started };
}

function perSecond(times: number[], started: number): number {
  const buckets = new Map<number, number>();
  for (const t of times) {
    const b = Math.floor((t - started) / 1000);
    buckets.set(b, (buckets.get(b) ?? 0) + 1);
  }
  return Math.max(0, ...buckets.values());
}

describe("retry storms (per-key failure cooldown)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file");
  });
  beforeEach(async () => {
    await h.reset();
  });
  afterAll(async () => {
    writeResults("retry-storm", {
      generatedAt: new Date().toISOString(),
      cooldown: { cooldownMs: FAILURE_COOLDOWN_MS },
      results,
    });
    await writeReliabilityReport();
    await h.close();
  });

  it.each([
    ["500", {}],
    ["429", { retryAfter: "30" }],
  ] as const)(
    "aggregate answering %s: upstream calls stay bounded and nothing is cached",
    async (scenario, opts) => {
      h.fake.setScenario("defillama", scenario, opts);
      const started = Date.now();
      const run = await storm(supply, REQUESTS);
      const calls = h.fake.requests().filter((r) => r.provider === "defillama");
      const result: StormResult = {
        name: "supply (aggregate key)",
        scenario,
        requests: REQUESTS,
        durationMs: run.durationMs,
        upstreamCalls: calls.length,
        maxCallsPerSecond: perSecond(
          calls.map((c) => c.at),
          started,
        ),
        bound: MAX_UPSTREAM_CALLS,
        statuses: run.statuses,
        maxElapsedMs: run.maxElapsedMs,
        kvEntryForKey: (await getKv().get(AGGREGATE_KEY)) !== undefined,
      };
      results.push(result);
      expect(run.statuses).toEqual({ "503": REQUESTS });
      expect(result.upstreamCalls).toBeGreaterThanOrEqual(1);
      expect(result.upstreamCalls).toBeLessThanOrEqual(MAX_UPSTREAM_CALLS);
      expect(result.kvEntryForKey).toBe(false);
      expect(failingKeys()).toBe(1);
      result.pass = true;
    },
  );

  it("per-key: a failing market provider does not stop other keys, and recovery is prompt", async () => {
    h.fake.setScenario("coingecko", "500");
    const started = Date.now();
    const run = await storm(intel, REQUESTS);
    const calls = h.fake.requests().filter((r) => r.provider === "coingecko");
    const others = h.fake.requests().filter((r) => r.provider !== "coingecko");
    // Three CoinGecko keys fail (markets, tickers) — each bounded on its own.
    const keys = new Set(calls.map((c) => c.upstreamPath.split("?")[0]));
    const result: StormResult = {
      name: "intel (CoinGecko keys)",
      scenario: "500",
      requests: REQUESTS,
      durationMs: run.durationMs,
      upstreamCalls: calls.length,
      maxCallsPerSecond: perSecond(
        calls.map((c) => c.at),
        started,
      ),
      bound: MAX_UPSTREAM_CALLS * keys.size,
      statuses: run.statuses,
      maxElapsedMs: run.maxElapsedMs,
      kvEntryForKey: await anyCached(COINGECKO_KEYS),
    };
    results.push(result);
    expect(run.statuses).toEqual({ "200": REQUESTS });
    expect(result.upstreamCalls).toBeLessThanOrEqual(result.bound);
    expect(result.kvEntryForKey).toBe(false);
    // Healthy providers were read once and then served from the cache.
    expect(others.length).toBeLessThan(20);
    // Recovery: once the provider is back, the warning is gone within one cooldown.
    h.fake.resetScenarios();
    const deadline = Date.now() + FAILURE_COOLDOWN_MS + 1_000;
    let warnings: unknown[] = ["pending"];
    while (Date.now() < deadline && warnings.length > 0) {
      await sleep(100);
      warnings =
        (parseJson((await timed(intel.handler, intel.url)).text)?.warnings as unknown[]) ?? [];
    }
    expect(warnings).toEqual([]);
    // …and the good answers are cached again.
    expect(await anyCached(COINGECKO_KEYS)).toBe(true);
    result.pass = true;
  });
});
