/**
 * The whole recorded market (322 assets) through the per-asset routes: every USD coin above
 * 5 M USD, reached the way the home page links it, answers intel and risk by the rules — a price
 * from a labelled source, depth null (never 0) with a reason when nothing was measured, the risk
 * score listing unknown components and scoring them 0, only asked sources listed, the same numbers in both
 * views, and the selector never in an upstream URL.
 */
import * as exitCostRoute from "@/app/api/stablecoin-exit-cost/route";
import * as intelRoute from "@/app/api/stablecoin-intel/route";
import * as poolsRoute from "@/app/api/stablecoin-pools/route";
import * as riskRoute from "@/app/api/stablecoin-risk/route";
import * as supplyRoute from "@/app/api/stablecoin-supply/route";
import { DEPTH_REASON_CODES } from "@/lib/assets/market-view";
import { OVERLAY_COINS } from "@/lib/assets/overlay";
import { exitCostResponseSchema } from "@/lib/exit-cost/schema";
import { intelResponseSchema } from "@/lib/intel/schema";
import { riskResponseSchema } from "@/lib/risk/schema";
import { FULL_MARKET_UNKNOWN_COINGECKO_IDS } from "../../fake-upstream/server";
import { validateAgainstOpenApi } from "../helpers/openapi";
import { call, endFailureCooldowns, json, startHarness, type Harness } from "../helpers/harness";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const MIN_CIRCULATING_USD = 5_000_000;
/** ~116 coins × 2 cold routes: a count of requests, not a speed target. */
const WALK_TIMEOUT_MS = 10 * 60_000;
const WARNING_PREFIX =
  /^(CoinGecko|DexScreener|DefiLlama|Dune|Binance|Kraken|Coinbase|KyberSwap) \((market|liquidity|aggregate|on-chain-scheduled)\): /;
const UNKNOWN = new Set<string>(FULL_MARKET_UNKNOWN_COINGECKO_IDS);

interface Coin {
  id: string;
  symbol: string;
  geckoId: string | null;
  q: string;
}

let h: Harness;
let coins: Coin[] = [];
const seen = { aggregatePrice: 0, notMeasured: 0, measured: 0, notListed: 0, notFound: 0 };

beforeAll(async () => {
  h = await startHarness("file", {}, { market: "full" });
  const llama = (await (
    await fetch(`${h.fake.baseUrls.STABLECOINS_API_URL}/stablecoins`)
  ).json()) as {
    peggedAssets: Array<{
      id: string;
      symbol: string;
      gecko_id: string | null;
      pegType: string;
      circulating: Record<string, number>;
    }>;
  };
  // The selector the home page links (supply rows carry it) or, beyond its 100 rows, the
  // DefiLlama id.
  const supply = await json<Body>(await call(supplyRoute.GET, "/api/stablecoin-supply"));
  const selectorById = new Map<string, string>(
    (supply.assets as Body[]).map((r) => [r.id as string, r.selector as string]),
  );
  coins = llama.peggedAssets
    .filter(
      (a) => a.pegType === "peggedUSD" && (a.circulating.peggedUSD ?? 0) > MIN_CIRCULATING_USD,
    )
    .map((a) => ({
      id: a.id,
      symbol: a.symbol,
      geckoId: a.gecko_id,
      q: selectorById.get(a.id) ?? a.id,
    }));
});
afterAll(async () => {
  await h?.close();
});

const get = (handler: (r: Request) => Promise<Response>, path: string, q: string) =>
  call(handler, `${path}?q=${encodeURIComponent(q)}`);

describe("full market: every USD coin above 5 M USD", () => {
  it("walks the whole set", () => {
    expect(coins.length).toBeGreaterThanOrEqual(100);
    expect(coins.some((c) => c.symbol.includes("+"))).toBe(true);
    expect(coins.some((c) => c.geckoId === null)).toBe(true);
    expect(coins.some((c) => c.geckoId !== null && UNKNOWN.has(c.geckoId))).toBe(true);
  });

  it(
    "answers intel and risk by the rules, with the same numbers in both",
    async () => {
      for (const coin of coins) {
        const intelRes = await get(intelRoute.GET, "/api/stablecoin-intel", coin.q);
        expect([coin.q, intelRes.status]).toEqual([coin.q, 200]);
        const intel = await json<Body>(intelRes);
        const parsed = intelResponseSchema.safeParse(intel);
        expect([coin.q, parsed.success]).toEqual([coin.q, true]);
        expect(validateAgainstOpenApi("/api/stablecoin-intel", 200, intel)).toEqual([]);
        expect(intel.metadata.resolved.defillama_id).toBe(coin.id);

        const d = intel.data;
        const codes: string[] = intel.warning_codes;
        expect(codes).toHaveLength(intel.warnings.length);
        for (const w of intel.warnings as string[]) expect(w).toMatch(WARNING_PREFIX);

        // A price from a named source; the fallback is labelled and warned about.
        expect([coin.q, typeof d.price]).toEqual([coin.q, "number"]);
        expect(d.price).toBe(d.price_sources[d.price_source]);
        expect(d.peg_deviation_bps).toBeCloseTo((d.price - 1) * 10_000, 6);
        if (d.price_source !== "market") {
          expect(d.price_sources.market).toBeNull();
          expect(codes).toContain(`price_from_${d.price_source}`);
          seen.aggregatePrice += d.price_source === "aggregate" ? 1 : 0;
        }
        expect(d.market_cap_usd).toBeGreaterThan(0);

        // Unknown is null, never zero, and says why.
        const depth = d.liquidity_depth_2pct_usd;
        if (depth === null) {
          seen.notMeasured += 1;
          expect(d.liquidity_depth_breakdown.not_measured_reason).toEqual(expect.any(String));
          expect(codes.some((c) => DEPTH_REASON_CODES.has(c))).toBe(true);
        } else {
          seen.measured += 1;
          expect(depth).toBeGreaterThan(0);
          expect(d.liquidity_depth_breakdown.not_measured_reason).toBeNull();
        }
        for (const k of ["cex_usd", "dex_usd"]) expect(d.liquidity_depth_breakdown[k]).not.toBe(0);

        // Why the market provider has nothing, in the right sentence; only asked sources listed.
        const names = (intel.metadata.sources as Body[]).map((s) => s.name);
        if (coin.geckoId === null) {
          seen.notListed += 1;
          expect(codes).toEqual(
            expect.arrayContaining(["market_not_listed", "contracts_not_listed"]),
          );
          expect(names).not.toContain("CoinGecko");
          expect(names).not.toContain("DexScreener");
        } else if (UNKNOWN.has(coin.geckoId)) {
          seen.notFound += 1;
          expect(codes).toContain("market_not_found");
          expect(codes).not.toContain("market_no_answer");
          expect(names).not.toContain("CoinGecko");
        }
        if (d.liquidity_depth_breakdown.dex_pools_counted === 0)
          expect(names).not.toContain("DexScreener");

        const riskRes = await get(riskRoute.GET, "/api/stablecoin-risk", coin.q);
        expect([coin.q, riskRes.status]).toEqual([coin.q, 200]);
        const risk = await json<Body>(riskRes);
        expect([coin.q, riskResponseSchema.safeParse(risk).success]).toEqual([coin.q, true]);
        expect(risk.warning_codes).toHaveLength(risk.warnings.length);
        // Same moment, same numbers, same sources.
        expect(risk.peg.price_usd).toBe(d.price);
        expect(risk.peg.price_source).toBe(d.price_source);
        expect(risk.depth.total_2pct_usd).toBe(depth);
        expect(risk.velocity.market_cap_usd).toBe(d.market_cap_usd);
        // An unknown component is listed and scored 0, never dropped: coverage says how much
        // of the weight was measured, and the score is the weighted sum over every component.
        const score = risk.risk_score;
        const components = score.components as Body[];
        const liquidity = components.find((c) => c.name === "liquidity")!;
        // Without depth the model has nothing; a measured exit cost at $1M may still score it.
        if (depth === null && liquidity.inputs.liquidity_basis === "model") {
          expect(liquidity.value).toBeNull();
          expect(liquidity.scored_value).toBe(0);
          expect(score.missing).toContain("liquidity");
        }
        expect(score.missing).toEqual(
          components.filter((c) => c.value === null).map((c) => c.name),
        );
        const measured = components.filter((c) => c.value !== null);
        expect(score.coverage).toBeCloseTo(
          measured.reduce((a, c) => a + (c.weight as number), 0),
          6,
        );
        if (measured.length > 0) {
          const sum = components.reduce((a, c) => a + c.weight * c.scored_value, 0);
          expect(score.score).toBeCloseTo(sum, 0);
        } else expect(score.score).toBeNull();
        for (const c of score.components as Body[])
          for (const key of Object.keys(c.inputs)) expect(key).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
      }
      // The walk met every kind of coin.
      expect(seen.aggregatePrice).toBeGreaterThan(0);
      expect(seen.notMeasured).toBeGreaterThan(0);
      expect(seen.measured).toBeGreaterThan(seen.notMeasured);
      expect(seen.notListed).toBeGreaterThan(0);
      expect(seen.notFound).toBeGreaterThan(0);
    },
    WALK_TIMEOUT_MS,
  );

  it("never puts a selector into an upstream URL", () => {
    const paths = h.fake.requests().map((r) => decodeURIComponent(r.upstreamPath).toLowerCase());
    for (const c of coins) {
      if (!/[+()]/.test(c.q)) continue;
      expect(paths.filter((p) => p.includes(c.q.toLowerCase()))).toEqual([]);
    }
  });

  it("costs at most one coin-detail call per coin, then serves it from the 24 h cache", async () => {
    const detailCalls = (id: string) =>
      h.fake
        .requests()
        .filter((r) => r.provider === "coingecko" && r.upstreamPath.startsWith(`/coins/${id}?`))
        .length;
    // Overlay coins with contract overrides use them (no call); every other id, known or unknown
    // (404), cost exactly one call although intel and risk both needed its contracts.
    const registry = new Set(
      OVERLAY_COINS.filter((t) => Object.values(t.addresses).some((a) => a.length > 0)).map(
        (t) => t.defillamaId,
      ),
    );
    const asked = coins.filter((c) => c.geckoId !== null);
    for (const c of asked)
      expect([c.q, detailCalls(c.geckoId!)]).toEqual([c.q, registry.has(c.id) ? 0 : 1]);
    const listed = asked.filter((c) => !UNKNOWN.has(c.geckoId!) && !registry.has(c.id));
    h.fake.clearRequests();
    const sample = listed.slice(0, 5);
    for (const c of sample) await get(poolsRoute.GET, "/api/stablecoin-pools", c.q);
    for (const c of sample) expect(detailCalls(c.geckoId!)).toBe(0);
  });

  it("exit cost answers every kind of coin: outside the registry, shared symbols, + and ()", async () => {
    const picks = [
      coins.find((c) => c.q === "usd+"),
      coins.find((c) => c.q === "uty"),
      ...coins.filter((_, i) => i % 12 === 0),
    ];
    let dexMeasured = 0;
    for (const c of picks) {
      if (!c) continue;
      const res = await get(exitCostRoute.GET, "/api/stablecoin-exit-cost", c.q);
      expect([c.q, res.status]).toEqual([c.q, 200]);
      const body = await json<Body>(res);
      expect([c.q, exitCostResponseSchema.safeParse(body).success]).toEqual([c.q, true]);
      for (const w of body.warnings as string[]) expect(w).toMatch(WARNING_PREFIX);
      // Not measured is null with a reason, never a zero cost.
      for (const v of body.venues as Body[])
        for (const p of v.points as Body[])
          if (p.cost_bps === null)
            expect(p.fillable === false || p.not_measured_reason).toBeTruthy();
      // A split that leaves nothing unfilled has a cost; no best venue is "not fillable" when
      // venues were measured, and "not measured" only when none was.
      for (const r of body.ladder as Body[]) {
        if (r.split_estimate?.unfilled_usd === 0)
          expect([c.q, r.size_usd, r.split_estimate.cost_bps]).toEqual([
            c.q,
            r.size_usd,
            expect.any(Number),
          ]);
        if (r.best === null) expect([c.q, r.size_usd, r.best_fillable]).not.toContain(true);
      }
      if ((body.venues as Body[]).some((v) => v.kind === "dex")) dexMeasured += 1;
    }
    expect(dexMeasured).toBeGreaterThan(0);
  });

  it("lists pools from market-provider contracts for a coin without contract overrides", async () => {
    const body = await json<Body>(await get(poolsRoute.GET, "/api/stablecoin-pools", "usd+"));
    expect(body.asset).toBe("USD+");
    expect(body.metadata.contracts_source).toBe("market-provider");
    expect(body.metadata.chains_queried.length).toBeGreaterThan(1);
    expect(body.pools.length).toBeGreaterThan(0);
    expect(body.pool_map.length).toBeGreaterThan(0);
    const finder = await json<Body>(
      await call(
        poolsRoute.GET,
        `/api/stablecoin-pools?q=${encodeURIComponent("usd+")}&size_usd=100000`,
      ),
    );
    expect(finder.finder.ranked.length).toBeGreaterThan(0);
  });

  it.each([
    ["malformed", "frxusd", "frax-usd"],
    ["500", "dola", "dola-usd"],
  ] as const)(
    "degrades a %s coin detail to 'no pools known' with a warning, and does not cache it",
    async (scenario, q, geckoId) => {
      await h.reset(); // the walk cached every coin's contracts
      const detail = `/coins/${geckoId}?`;
      h.fake.setScenario("coingecko", scenario, { match: detail });
      const res = await get(poolsRoute.GET, "/api/stablecoin-pools", q);
      expect(res.status).toBe(200);
      const body = await json<Body>(res);
      expect(body.pools).toEqual([]);
      expect(body.warning_codes).toContain("contracts_no_answer");
      expect(body.metadata.sources).toEqual([]);
      h.fake.resetScenarios();
      await endFailureCooldowns(); // a failed read is not retried within the cooldown
      h.fake.clearRequests();
      const again = await json<Body>(await get(poolsRoute.GET, "/api/stablecoin-pools", q));
      const calls = h.fake.requests().filter((r) => r.upstreamPath.startsWith(detail));
      expect(calls).toHaveLength(1);
      expect(again.warning_codes).not.toContain("contracts_no_answer");
      expect(again.metadata.contracts_source).toBe("market-provider");
    },
  );

  it("resolves a shared symbol to the largest and reaches the others by id", async () => {
    const usds = await json<Body>(await get(intelRoute.GET, "/api/stablecoin-intel", "USDS"));
    expect(usds.metadata.resolved.defillama_id).toBe("209");
    const others = usds.metadata.resolved.other_assets_with_symbol as Body[];
    expect(others).toHaveLength(4);
    for (const o of others) {
      const body = await json<Body>(
        await get(intelRoute.GET, "/api/stablecoin-intel", o.defillama_id),
      );
      expect(body.metadata.resolved.defillama_id).toBe(o.defillama_id);
    }
    const sperax = await json<Body>(
      await get(intelRoute.GET, "/api/stablecoin-intel", "sperax-usd"),
    );
    expect(sperax.metadata.resolved.defillama_id).toBe("32");
  });

  it.each(["USD+", "eUSD(v2)", "DAI+", "USDT+"])("resolves the odd symbol %s", async (q) => {
    const res = await get(intelRoute.GET, "/api/stablecoin-intel", q);
    expect(res.status).toBe(200);
    expect((await json<Body>(res)).asset).toBe(q);
  });
});
