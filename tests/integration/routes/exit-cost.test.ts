/**
 * GET /api/stablecoin-exit-cost through the real route, store and fake upstream: the parallel
 * fan-out over books and DEX quotes, a partial answer with a warning code when one source
 * fails, 400 on a bad `sizes_usd`, 405 on writes, and with every source at 300 ms the books and
 * quotes in flight together (the cold time itself is the bench's, never asserted here).
 */
import * as health from "@/app/api/health/route";
import * as exitCost from "@/app/api/stablecoin-exit-cost/route";
import { resetConfigForTests } from "@/lib/config";
import { EXIT_COST_PROVIDERS } from "../../fake-upstream/types";
import {
  call,
  endFailureCooldowns,
  json,
  startHarness,
  upstreamCalls,
  type Harness,
} from "../helpers/harness";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SLOW_MS = 300;
/** Books on three exchanges and DEX quotes: at least this many asked at once when parallel. */
const MIN_PARALLEL_EXIT_CALLS = 4;
const ALL = [
  "defillama",
  "coingecko",
  "dexscreener",
  "binance",
  "kraken",
  "coinbase",
  "kyberswap",
] as const;

describe("GET /api/stablecoin-exit-cost (file KV)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file");
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
  });

  it("measures every CEX book and DEX chain of USDC over the default ladder", async () => {
    const res = await call(exitCost.GET, "/api/stablecoin-exit-cost?q=usdc");
    expect(res.status).toBe(200);
    const body = await json<Body>(res);
    expect(body.sizes_usd).toEqual([10_000, 100_000, 1_000_000, 10_000_000]);
    const ids = body.venues.map((v: Body) => v.id);
    expect(ids).toEqual(
      expect.arrayContaining(["binance:USDC/USDT", "coinbase:USDC/USD", "kraken:USDC/USD"]),
    );
    expect(ids.some((id: string) => id.startsWith("kyberswap:"))).toBe(true);
    for (const v of body.venues) {
      expect(v.points).toHaveLength(4);
      expect(v.as_of).not.toBeNull();
    }
    expect(body.ladder).toHaveLength(4);
    expect(body.ladder[0].best).not.toBeNull();
    expect(body.ladder[0].split_estimate.estimate).toBe(true);
    expect(body.peg_measured).toBe(true);
    expect(typeof body.holds_peg_up_to_usd).toBe("number");
    expect(body.holderAnalyticsSupported).toBe(false);
    // One book per market, one quote per chain and size, all through the fake.
    expect(upstreamCalls(h.fake, "binance")).toHaveLength(1);
    const dexChains = ids.filter((id: string) => id.startsWith("kyberswap:")).length;
    expect(upstreamCalls(h.fake, "kyberswap")).toHaveLength(4 * dexChains);
  });

  it("one exchange failing: a partial answer, that venue null with a reason and a warning code", async () => {
    h.fake.setScenario("binance", "500");
    const res = await call(
      exitCost.GET,
      "/api/stablecoin-exit-cost?q=usdc&sizes_usd=10000,1000000",
    );
    expect(res.status).toBe(200);
    const body = await json<Body>(res);
    const binance = body.venues.find((v: Body) => v.venue === "binance");
    expect(binance.points.map((p: Body) => p.cost_bps)).toEqual([null, null]);
    expect(binance.points[0].not_measured_reason).toBe("source-unavailable");
    expect(body.warning_codes).toContain("exit_book_unavailable");
    expect(body.venues.find((v: Body) => v.venue === "kraken").points[0].cost_bps).not.toBeNull();
    expect(body.ladder[0].best).not.toBeNull();
  });

  it("/api/health names every exit-cost source with its last call; one that keeps failing degrades it", async () => {
    h.fake.setScenario("binance", "500");
    // Failing over the window (at least 3 failed calls, half of them), not one failed call.
    for (let i = 0; i < 3; i++) {
      await call(exitCost.GET, "/api/stablecoin-exit-cost?q=usdc&sizes_usd=10000");
      await endFailureCooldowns();
    }
    const report = await json<Body>(await call(health.GET, "/api/health"));
    const byProvider = Object.fromEntries(report.sources.map((s: Body) => [s.provider, s]));
    expect(byProvider.binance).toMatchObject({
      name: "Binance",
      type: "order-book",
      lastCall: { outcome: "http" },
    });
    for (const p of ["kraken", "coinbase"])
      expect(byProvider[p]).toMatchObject({ type: "order-book", lastCall: { outcome: "ok" } });
    expect(byProvider.kyberswap).toMatchObject({ type: "dex-quote", lastCall: { outcome: "ok" } });
    expect(byProvider["defillama-coins"]).toMatchObject({ name: "DefiLlama coins", type: "price" });
    expect(report.status).toBe("degraded");
  });

  it("DEX quotes failing (429): CEX figures stand, DEX venues null with exit_dex_unavailable", async () => {
    h.fake.setScenario("kyberswap", "429");
    const body = await json<Body>(
      await call(exitCost.GET, "/api/stablecoin-exit-cost?q=usdc&sizes_usd=10000"),
    );
    const dex = body.venues.filter((v: Body) => v.kind === "dex");
    expect(dex.length).toBeGreaterThan(0);
    for (const v of dex) expect(v.points[0].not_measured_reason).toBe("source-unavailable");
    expect(body.warning_codes).toContain("exit_dex_unavailable");
    expect(body.ladder[0].best.venue_id).not.toMatch(/^kyberswap:/);
  });

  it("'route not found' at every size: DEX venues not fillable (a figure, not an error)", async () => {
    h.fake.setScenario("kyberswap", "empty"); // the fake's empty answer is the recorded 4008
    const body = await json<Body>(
      await call(exitCost.GET, "/api/stablecoin-exit-cost?q=usdc&sizes_usd=10000,100000"),
    );
    const dex = body.venues.filter((v: Body) => v.kind === "dex");
    expect(dex.length).toBeGreaterThan(0);
    for (const v of dex)
      for (const p of v.points)
        expect(p).toMatchObject({ fillable: false, cost_bps: null, unfilled_usd: p.size_usd });
    expect(body.warning_codes).not.toContain("exit_dex_unavailable");
  });

  it("no venue takes the whole size: the best single venue is not fillable, with its unfilled part", async () => {
    h.fake.setScenario("kyberswap", "empty");
    const body = await json<Body>(
      await call(exitCost.GET, "/api/stablecoin-exit-cost?q=usdc&sizes_usd=10000,100000000"),
    );
    const [small, huge] = body.ladder as [Body, Body];
    expect(small).toMatchObject({ best_fillable: true, best_unfilled_usd: 0 });
    const unfilled = (body.venues as Body[]).flatMap((v) =>
      v.points[1].fillable === false ? [v.points[1].unfilled_usd as number] : [],
    );
    expect(unfilled.length).toBeGreaterThan(1);
    expect(huge).toMatchObject({
      best: null,
      best_fillable: false,
      best_unfilled_usd: Math.min(...unfilled),
      holds_peg: false,
    });
    expect(huge.best_unfilled_usd).toBeGreaterThan(0);
    // Together the books take it: the split has a cost where no single venue has one.
    expect(huge.split_estimate).toMatchObject({ cost_bps: expect.any(Number), unfilled_usd: 0 });
  });

  it("at KyberSwap's 3 quotes a second: no burst past it; the rest not measured, with the budget code", async () => {
    process.env.DEX_QUOTES_CALLS_PER_SECOND = "3";
    resetConfigForTests();
    try {
      const started = Date.now();
      const body = await json<Body>(await call(exitCost.GET, "/api/stablecoin-exit-cost?q=usdc"));
      const seconds = Math.ceil((Date.now() - started) / 1_000) + 1;
      const quotes = upstreamCalls(h.fake, "kyberswap").length;
      const dex = body.venues.filter((v: Body) => v.kind === "dex");
      expect(4 * dex.length).toBeGreaterThan(3); // the ladder wants more than one second's quotes
      expect(quotes).toBeLessThanOrEqual(3 * seconds);
      const reasons = dex.flatMap((v: Body) => v.points).map((p: Body) => p.not_measured_reason);
      expect(reasons.filter((r: unknown) => r === "rate-budget").length).toBeGreaterThan(0);
      expect(reasons).not.toContain("source-unavailable"); // refused, never sent to fail
      expect(body.warning_codes).toContain("exit_dex_budget");
      // The CEX books are not held back by the DEX budget.
      expect(body.ladder[0].best).not.toBeNull();
    } finally {
      process.env.DEX_QUOTES_CALLS_PER_SECOND = "100000";
      resetConfigForTests();
    }
  });

  it.each([
    ["too many sizes", "1000,2000,3000,4000,5000,6000,7000"],
    ["below 1k", "999"],
    ["above 100M", "100000001"],
    ["not a number", "1e"],
    ["a sign", "+10000"],
    ["a space", "10000, 20000"],
    ["seven sizes, counted as given", "1000,1000,1000,1000,1000,1000,1000"],
    ["empty", ""],
  ])("400 on a bad sizes_usd (%s)", async (_label, sizes) => {
    const res = await call(exitCost.GET, `/api/stablecoin-exit-cost?q=usdc&sizes_usd=${sizes}`);
    expect(res.status).toBe(400);
    const body = await json<Body>(res);
    expect(body.error.code).toBe("bad_request");
    expect(upstreamCalls(h.fake)).toHaveLength(0);
  });

  it("404 for an unknown coin, 405 with Allow on a write", async () => {
    expect((await call(exitCost.GET, "/api/stablecoin-exit-cost?q=notacoin123")).status).toBe(404);
    const post = await call(exitCost.POST, "/api/stablecoin-exit-cost?q=usdc", { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it(`cold with every source at ${SLOW_MS} ms: the books and quotes are asked in parallel`, async () => {
    // Structure, not wall-clock time (the bench times it): with every call held ${SLOW_MS} ms, a
    // parallel fan-out has many exit-cost calls in flight at once; a sequential one has one.
    await h.reset();
    for (const p of ALL) h.fake.setScenario(p, "slow", { delayMs: SLOW_MS });
    const res = await call(exitCost.GET, "/api/stablecoin-exit-cost?q=usdc");
    expect(res.status).toBe(200);
    expect((await json<Body>(res)).venues.length).toBeGreaterThan(3);
    const exitCalls = h.fake
      .requests()
      .filter((r) => (EXIT_COST_PROVIDERS as readonly string[]).includes(r.provider));
    const inFlightAt = (t: number) =>
      exitCalls.filter((r) => r.at <= t && t < (r.finishedAt ?? Infinity)).length;
    const mostAtOnce = Math.max(...exitCalls.map((r) => inFlightAt(r.at)));
    expect(mostAtOnce).toBeGreaterThanOrEqual(MIN_PARALLEL_EXIT_CALLS);
  });
});
