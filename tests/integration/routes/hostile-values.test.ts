/**
 * Issue 25 §6 through the routes: with the fake upstream's `odd-values` world on every provider
 * (tests/fake-upstream/README.md) — zero, negative and null points in every price series,
 * chains named `__proto__`, `constructor` and `toString` in the aggregate and in the on-chain
 * supply rows — no route invents a −10,000 bps depeg, dropped points are counted, and the odd
 * names are ordinary unknown chains: nothing throws, no prototype changes.
 */
import * as depegsJsonFeed from "@/app/depegs.json/route";
import * as depegsRoute from "@/app/api/stablecoin-depegs/route";
import * as intelRoute from "@/app/api/stablecoin-intel/route";
import * as issuersRoute from "@/app/api/stablecoin-issuers/route";
import * as pegHistoryRoute from "@/app/api/stablecoin-peg-history/route";
import * as riskRoute from "@/app/api/stablecoin-risk/route";
import * as supplyRoute from "@/app/api/stablecoin-supply/route";
import { PROVIDERS } from "../../fake-upstream/server";
import { call, json, startHarness, type Harness } from "../helpers/harness";
import { validateAgainstOpenApi } from "../helpers/openapi";
import { expectNoPollution } from "../../helpers/prototypes";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The odd-values world replaces five points of each price series (README). */
const DROPPED = 5;
const FULL_DEPEG_BPS = -10_000;

describe("hostile and odd upstream values", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file");
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
    for (const p of PROVIDERS) h.fake.setScenario(p, "odd-values");
  });
  afterEach(() => expectNoPollution());

  const get = async (handler: (r: Request) => Promise<Response>, url: string) => {
    const res = await call(handler, url);
    expect(res.status).toBe(200);
    return json<Body>(res);
  };
  const droppedWarning = (body: Body) =>
    (body.warnings as string[]).filter((w) =>
      w.startsWith(`CoinGecko (market): ${DROPPED} price points `),
    );

  it("peg history: bad points are dropped and counted, never a −10,000 bps deviation", async () => {
    const body = await get(pegHistoryRoute.GET, "/api/stablecoin-peg-history?q=USDT&window=30d");
    expect(validateAgainstOpenApi("/api/stablecoin-peg-history", 200, body)).toEqual([]);
    for (const p of body.series as Body[]) {
      expect(p.price).toBeGreaterThan(0);
      expect(p.deviation_bps).toBeGreaterThan(FULL_DEPEG_BPS);
    }
    expect(body.stats.worst_deviation_bps).toBeGreaterThan(-100);
    expect(body.warning_codes).toContain("market_prices_dropped");
    expect(droppedWarning(body)).toHaveLength(1);
  });

  it("depeg events and feeds: no −10,000 bps event from zero prices", async () => {
    const one = await get(depegsRoute.GET, "/api/stablecoin-depegs?q=USDT&window=90d");
    expect(validateAgainstOpenApi("/api/stablecoin-depegs", 200, one)).toEqual([]);
    expect(one.events).toEqual([]);
    expect(one.warning_codes).toContain("market_prices_dropped");
    for (const p of one.series.points as Body[]) expect(p.price).toBeGreaterThan(0);

    const market = await get(depegsRoute.GET, "/api/stablecoin-depegs?window=365d");
    for (const e of market.events as Body[])
      expect(e.worst_deviation_bps).toBeGreaterThan(FULL_DEPEG_BPS / 2);
    const feed = await (await call(depegsJsonFeed.GET, "/depegs.json")).text();
    expect(feed).not.toMatch(/-10,?000/);
  });

  it("risk console: peg stability and the badge ignore the bad points", async () => {
    const body = await get(riskRoute.GET, "/api/stablecoin-risk?q=USDT");
    expect(validateAgainstOpenApi("/api/stablecoin-risk", 200, body)).toEqual([]);
    for (const w of ["24h", "7d", "30d"])
      expect(body.depeg[w].worst_deviation_bps).toBeGreaterThan(-100);
    const peg = (body.risk_score.components as Body[]).find((c) => c.name === "pegStability")!;
    expect(peg.value).toBeGreaterThan(50);
    expect(body.warning_codes).toContain("market_prices_dropped");
  });

  it("odd chain names from the on-chain rows are ordinary unknown chains in the distribution", async () => {
    const body = await get(intelRoute.GET, "/api/stablecoin-intel?q=USDT");
    expect(validateAgainstOpenApi("/api/stablecoin-intel", 200, body)).toEqual([]);
    expect(body.data.supply_distribution_source).toBe("on-chain-scheduled");
    const dist = body.data.supply_distribution as Record<string, number>;
    expect(Object.keys(dist)).toEqual(
      expect.arrayContaining(["__proto__", "constructor", "tostring"]),
    );
    for (const chain of ["__proto__", "constructor", "tostring"]) {
      expect(Object.hasOwn(dist, chain)).toBe(true);
      expect(typeof dist[chain]).toBe("number");
    }
    // Each share is printed to 1e-6, so the sum is 1 within half of that per chain.
    const shares = Object.values(dist);
    const sum = shares.reduce((a, b) => a + b, 0);
    expect(Math.abs(sum - 1)).toBeLessThanOrEqual(shares.length * 5e-7 + 1e-12);
  });

  it("odd chain names from the aggregate are ordinary unknown chains (issuers, supply, risk)", async () => {
    const issuers = await get(issuersRoute.GET, "/api/stablecoin-issuers");
    expect(validateAgainstOpenApi("/api/stablecoin-issuers", 200, issuers)).toEqual([]);
    const tether = (issuers.tree.children as Body[]).find((n) => n.name === "Tether")!;
    const leaves = (tether.children as Body[]).map((c) => c.name);
    expect(leaves).toEqual(expect.arrayContaining(["__proto__", "constructor", "tostring"]));

    const supply = await get(supplyRoute.GET, "/api/stablecoin-supply");
    expect(validateAgainstOpenApi("/api/stablecoin-supply", 200, supply)).toEqual([]);

    // Without the on-chain snapshot the distribution comes from the aggregate.
    h.fake.setScenario("dune", "500");
    const risk = await get(riskRoute.GET, "/api/stablecoin-risk?q=DAI");
    const dist = risk.issuer_concentration.supply_distribution as Record<string, number>;
    expect(risk.issuer_concentration.supply_distribution_source).toBe("aggregate");
    expect(Object.keys(dist)).toEqual(
      expect.arrayContaining(["__proto__", "constructor", "tostring"]),
    );
  });
});
