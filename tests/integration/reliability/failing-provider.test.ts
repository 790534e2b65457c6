/**
 * A failing provider never makes a request wait (issue 25 §1), with the embedded file store and
 * a real Redis. With the market provider, the DEX aggregator or the aggregate answering 500,
 * answering 429 or hanging past the provider time budget, a coin with no stored copy
 * (`intel?q=DAI`) is asked for by a concurrent wave, then one request at a time, then by a
 * second instance over the same store:
 *
 * - every answer is a 200 with the failing provider's warning (degraded, never a 5xx);
 * - the provider is asked at most once per key per cooldown (`FAILURE_COOLDOWN_MS`), not once
 *   per request, on either instance: the failed read's marker says "cooling" in the store;
 * - no request waited on another holder's marker (the read layer's `wait` count stays 0).
 *
 * Counts and states only: the bound on calls uses the run's length in cooldowns, nothing asserts a
 * request's time (the bench measures that).
 */
import * as intel from "@/app/api/stablecoin-intel/route";
import { clearResponseMemo } from "@/lib/api/response-memo";
import { FAILURE_COOLDOWN_MS } from "@/lib/snapshot/freshness";
import { localState } from "@/lib/snapshot/local-state";
import { telemetry } from "@/lib/telemetry";
import type { Provider } from "../../fake-upstream/server";
import {
  call,
  forgetProcessState,
  json,
  KV_KINDS,
  startHarness,
  upstreamCalls,
  type Harness,
} from "../helpers/harness";

jest.setTimeout(60_000);

const URL = "/api/stablecoin-intel?q=DAI";
const OTHER_COIN_URL = "/api/stablecoin-intel?q=USDC";
const COINGECKO_KEY_PREFIX = "live:v1:coingecko:";
const CONCURRENT = 8;
const SEQUENTIAL = 6;
/** The provider time budget under test: a hanging provider fails after this long. */
const PROVIDER_TIMEOUT_MS = 400;
/** Liveness only (waiting for the fake to see a call): never an assertion on time. */
const SEEN_DEADLINE_MS = 10_000;

const FAILING: { provider: Provider; label: string }[] = [
  { provider: "coingecko", label: "CoinGecko" },
  { provider: "dexscreener", label: "DexScreener" },
  { provider: "defillama", label: "DefiLlama" },
];
const SCENARIOS = ["500", "429", "hang"] as const;

interface Answer {
  status: number;
  warnings: string[];
}

async function ask(url = URL): Promise<Answer> {
  const res = await call(intel.GET, url);
  const body = await json<{ warnings?: string[] }>(res);
  return { status: res.status, warnings: body.warnings ?? [] };
}

/** Upstream calls of one provider per key (the provider-relative path). */
function callsPerKey(h: Harness, provider: Provider): Map<string, number> {
  const perKey = new Map<string, number>();
  for (const r of upstreamCalls(h.fake, provider))
    perKey.set(r.upstreamPath, (perKey.get(r.upstreamPath) ?? 0) + 1);
  return perKey;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(KV_KINDS)("a failing provider never makes a request wait (%s store)", (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind, { PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS) });
  });
  beforeEach(async () => {
    await h.reset();
  });
  afterAll(async () => {
    await h.close();
  });

  const cases = FAILING.flatMap((f) => SCENARIOS.map((s) => [f.provider, s, f.label] as const));

  it.each(cases)(
    "%s answering %s: every answer 200 and degraded, one call per key per cooldown",
    async (provider, scenario, label) => {
      h.fake.setScenario(provider, scenario);
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: CONCURRENT }, ask));
      for (let i = 0; i < SEQUENTIAL; i++) answers.push(await ask());
      forgetProcessState(); // a second instance over the same store
      for (let i = 0; i < SEQUENTIAL; i++) answers.push(await ask());
      const cooldowns = Math.floor((Date.now() - started) / FAILURE_COOLDOWN_MS);

      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      for (const a of answers)
        expect(a.warnings.some((w) => w.startsWith(`${label} (`))).toBe(true);
      const perKey = callsPerKey(h, provider);
      expect(perKey.size).toBeGreaterThan(0);
      expect([...perKey].filter(([, n]) => n > 1 + cooldowns)).toEqual([]);
      expect(telemetry.cacheEventCount("wait")).toBe(0);
    },
  );

  it("two instances: the second waits on the first's hanging read and answers as soon as it fails, with no call of its own", async () => {
    h.fake.setScenario("coingecko", "hang");
    const first = ask();
    // Both market keys (quotes, tickers) are being read by the first instance.
    const deadline = Date.now() + SEEN_DEADLINE_MS;
    while (callsPerKey(h, "coingecko").size < 2 && Date.now() < deadline) await sleep(5);
    forgetProcessState(); // the second instance: no shared fill, no cooldown of its own
    const started = Date.now();
    const second = await ask();
    const firstAnswer = await first;
    const cooldowns = Math.floor((Date.now() - started) / FAILURE_COOLDOWN_MS);

    for (const a of [firstAnswer, second]) {
      expect(a.status).toBe(200);
      expect(a.warnings.some((w) => w.startsWith("CoinGecko ("))).toBe(true);
    }
    const perKey = callsPerKey(h, "coingecko");
    expect(perKey.size).toBe(2);
    expect([...perKey].filter(([, n]) => n > 1 + cooldowns)).toEqual([]);
    // The second instance learnt of the failure from the store's "cooling" marker.
    const counters = telemetry.cacheCounters();
    expect((counters["live:quotes cooling"] ?? 0) + (counters["live:tickers cooling"] ?? 0)).toBe(
      2,
    );
  });
});

/**
 * The market provider answered 500 to a priming request; a concurrent wave then needs new keys of
 * the failing families (another coin's tickers and charts), whose calls hang. No request of the
 * wave waits on those calls: each answers degraded while they are still in flight, one call per
 * key, and none waits on a marker.
 */
describe("a failing provider does not stall a wave on new keys of its failing families", () => {
  /** The longest budget config allows: the hanging call ends when the fake upstream closes. */
  const HANG_BUDGET_MS = 60_000;
  const WAVE = 16;
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file", { PROVIDER_TIMEOUT_MS: String(HANG_BUDGET_MS) });
  });
  afterAll(async () => {
    await h.close();
  });

  it("primed with a 500, then 16 concurrent requests: all answered while the call hangs", async () => {
    await h.reset();
    h.fake.setScenario("coingecko", "500");
    const primed = await ask();
    expect(primed.status).toBe(200);
    h.fake.setScenario("coingecko", "hang");
    clearResponseMemo(); // the primed answer is kept (settled): the wave must build its own
    const wave = await Promise.all(Array.from({ length: WAVE }, () => ask(OTHER_COIN_URL)));
    for (const a of wave) {
      expect(a.status).toBe(200);
      expect(a.warnings.some((w) => w.startsWith("CoinGecko ("))).toBe(true);
    }
    // The new keys' reads are still in flight: nobody waited on them.
    const inFlight = () =>
      [...localState().fills.keys()].filter((k) => k.startsWith(COINGECKO_KEY_PREFIX));
    expect(inFlight().length).toBeGreaterThan(0);
    const hanging = () => upstreamCalls(h.fake, "coingecko").filter((r) => r.scenario === "hang");
    const deadline = Date.now() + SEEN_DEADLINE_MS;
    while (hanging().length === 0 && Date.now() < deadline) await sleep(5);
    // One call per key at most, each still hanging.
    expect(hanging().length).toBeGreaterThan(0);
    expect(hanging().length).toBeLessThanOrEqual(inFlight().length);
    expect(inFlight().length).toBeGreaterThan(0);
    expect(telemetry.cacheEventCount("wait")).toBe(0);
  });
});
