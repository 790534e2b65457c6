import * as pegRoute from "@/app/api/stablecoin-peg-history/route";
import * as poolsRoute from "@/app/api/stablecoin-pools/route";
import * as riskRoute from "@/app/api/stablecoin-risk/route";
import { DEX_QUIRKS } from "../../fake-upstream/server";
import { validateAgainstOpenApi } from "../helpers/openapi";
import { KV_KINDS, call, json, startHarness, type Harness } from "../helpers/harness";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(KV_KINDS)("per-asset analytics routes (%s KV)", (kvKind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kvKind);
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
  });

  describe("GET /api/stablecoin-peg-history", () => {
    const get = (qs: string) => call(pegRoute.GET, `/api/stablecoin-peg-history${qs}`);

    it("shows the USDC depeg episode in 7d and 30d but not 24h", async () => {
      const bodies: Record<string, Body> = {};
      for (const w of ["24h", "7d", "30d"]) {
        const res = await get(`?q=usdc&window=${w}`);
        expect(res.status).toBe(200);
        bodies[w] = await json<Body>(res);
        expect(validateAgainstOpenApi("/api/stablecoin-peg-history", 200, bodies[w])).toEqual([]);
      }
      expect(bodies["24h"]!.stats.excursions_beyond_100_bps).toBe(0);
      expect(Math.abs(bodies["24h"]!.stats.worst_deviation_bps)).toBeLessThan(10);
      for (const w of ["7d", "30d"]) {
        expect(bodies[w]!.stats.worst_deviation_bps).toBeCloseTo(-150, 6);
        expect(bodies[w]!.stats.excursions_beyond_100_bps).toBe(1);
        expect(bodies[w]!.stats.share_outside_100_bps).toBeGreaterThan(0);
      }
      expect(bodies["24h"]!.series.length).toBeGreaterThan(200);
      expect(bodies["7d"]!.series.length).toBeGreaterThan(100);
    });

    it("never reads on-chain queries for sparklines", async () => {
      await get("?q=dai&window=30d");
      expect(h.fake.requests().filter((r) => r.provider === "dune")).toHaveLength(0);
    });

    it.each(["", "&window=1h", "&window=7D", "&window=30d&window=7d"])(
      "answers 400 for window %s",
      async (w) => {
        const res = await get(`?q=usdc${w}`);
        expect(res.status).toBe(400);
        expect((await json<Body>(res)).holderAnalyticsSupported).toBe(false);
      },
    );

    it("degrades with an empty series and a warning when the market provider is down", async () => {
      h.fake.setScenario("coingecko", "503");
      const res = await get("?q=usdc&window=7d");
      expect(res.status).toBe(200);
      const body = await json<Body>(res);
      expect(body.series).toEqual([]);
      expect(body.stats.status).toBe("unknown");
      expect(body.warnings[0]).toMatch(/^CoinGecko \(market\):/);
    });
  });

  describe("GET /api/stablecoin-risk", () => {
    it("returns the risk console with components, weights and the disclaimer", async () => {
      const res = await call(riskRoute.GET, "/api/stablecoin-risk?q=usdc");
      expect(res.status).toBe(200);
      const body = await json<Body>(res);
      expect(validateAgainstOpenApi("/api/stablecoin-risk", 200, body)).toEqual([]);
      expect(body.peg.badge.on).toBe(true);
      expect(body.depeg["7d"].worst_deviation_bps).toBeCloseTo(-150, 6);
      expect(body.depeg["24h"].excursions_beyond_100_bps).toBe(0);
      const weights = (body.risk_score.components as Body[]).reduce(
        (s, c) => s + c.effective_weight,
        0,
      );
      expect(weights).toBeCloseTo(1, 9);
      expect(body.risk_score.score).toBeGreaterThan(0);
      expect(body.risk_score.score).toBeLessThanOrEqual(100);
      expect(body.risk_score.disclaimer).toMatch(/not a prediction/);
      expect(body.issuer_concentration.issuer).toBe("Circle");
      expect(body.issuer_concentration.issuer_share_of_usd_market_pct).toBeGreaterThan(10);
      expect(body.issuer_concentration.chain_hhi).toBeGreaterThan(0);
      // The HHI's distribution says what it counts.
      expect(body.issuer_concentration.supply_distribution_universe.provider).toBe("Dune");
      expect(body.issuer_concentration.exposure.share_of_supply).toBeGreaterThan(0);
      expect(["parked", "moderate", "active"]).toContain(body.velocity.label);
      expect(typeof body.momentum.change_7d_usd).toBe("number");
    });

    it("answers 404 for an unknown asset and 405 for writes", async () => {
      expect((await call(riskRoute.GET, "/api/stablecoin-risk?q=nope-coin")).status).toBe(404);
      const res = await riskRoute.DELETE();
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    });

    it("drops the peg component and says so when history is unavailable", async () => {
      h.fake.setScenario("coingecko", "500");
      const body = await json<Body>(await call(riskRoute.GET, "/api/stablecoin-risk?q=usdc"));
      expect(body.risk_score.missing).toContain("pegStability");
      expect(body.peg.badge.on).toBe(false);
      expect(body.warnings.length).toBeGreaterThan(0);
    });
  });

  describe("GET /api/stablecoin-pools", () => {
    it("maps pools by venue × chain and ranks them for a 10 M USD swap", async () => {
      const res = await call(poolsRoute.GET, "/api/stablecoin-pools?q=usdc&size_usd=10000000");
      expect(res.status).toBe(200);
      const body = await json<Body>(res);
      expect(validateAgainstOpenApi("/api/stablecoin-pools", 200, body)).toEqual([]);
      const chains = new Set((body.pools as Body[]).map((p) => p.chain));
      expect([...chains].sort()).toEqual(["arbitrum", "base", "ethereum", "optimism"]);
      expect(body.pool_map.length).toBeGreaterThan(3);
      const outlier = (body.pools as Body[]).find(
        (p) => p.pair_address === DEX_QUIRKS.outlierPool.pairAddress,
      );
      expect(outlier?.capped).toBe(true);
      expect(body.excluded.some((e: Body) => e.reason === "no-liquidity")).toBe(true);
      const ranked = body.finder.ranked as Body[];
      expect(ranked.length).toBeGreaterThan(0);
      const impacts = ranked.filter((r) => r.fillable).map((r) => r.estimated_impact_bps as number);
      expect([...impacts].sort((a, b) => a - b)).toEqual(impacts);
    });

    it.each(["-5", "0", "1e", "+5", " 5", "abc", "99999999999999", "1e11"])(
      "rejects size_usd=%s with 400",
      async (size) => {
        const res = await call(poolsRoute.GET, `/api/stablecoin-pools?q=usdc&size_usd=${size}`);
        expect(res.status).toBe(400);
      },
    );
  });
});
