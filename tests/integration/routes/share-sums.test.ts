/**
 * Shares add up to their whole in real route bodies of the whole recorded market: every
 * `supply_distribution` (intel, risk) sums to 1, and every complete percent split (issuers, the
 * chain ranking, a chain's coins) to 100, within 1e-9 of the whole — after the serialiser's
 * rounding to 1e-6 (shares) and 1e-4 (percent), read from the JSON text as a client reads it.
 */
import * as chainsRoute from "@/app/api/stablecoin-chains/route";
import * as intelRoute from "@/app/api/stablecoin-intel/route";
import * as issuersRoute from "@/app/api/stablecoin-issuers/route";
import * as riskRoute from "@/app/api/stablecoin-risk/route";
import * as supplyRoute from "@/app/api/stablecoin-supply/route";
import { call, json, startHarness, type Harness } from "../helpers/harness";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SUM_TOLERANCE = 1e-9;
const PERCENT = 100;
/** Coins above this supply get intel (and the first ones risk): the home page's universe. */
const MIN_CIRCULATING_USD = 5_000_000;
/** Risk answers are heavier (history, exit cost): the largest coins, USDC and FRAX among them. */
const RISK_COINS = 25;
/** Chains whose own view (coins with their dominance) is read. */
const CHAIN_VIEWS = 8;
const WALK_TIMEOUT_MS = 10 * 60_000;

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const off = (xs: readonly number[], whole: number) => Math.abs(sum(xs) - whole) / whole;

let h: Harness;
let selectors: string[] = [];
beforeAll(async () => {
  h = await startHarness("file", {}, { market: "full" });
  const supply = await json<Body>(await call(supplyRoute.GET, "/api/stablecoin-supply"));
  selectors = (supply.assets as Body[])
    .filter((a) => (a.circulating_usd ?? 0) > MIN_CIRCULATING_USD)
    .map((a) => a.selector as string);
});
afterAll(async () => {
  await h?.close();
});

const get = async (handler: (r: Request) => Promise<Response>, url: string) => {
  const res = await call(handler, url);
  expect([url, res.status]).toEqual([url, 200]);
  return json<Body>(res);
};

describe("shares add up to 1 (full market)", () => {
  it(
    "every coin's supply_distribution sums to 1 within 1e-9 (intel and risk)",
    async () => {
      expect(selectors.length).toBeGreaterThan(50);
      const misses: string[] = [];
      let checked = 0;
      for (const [i, q] of selectors.entries()) {
        const routes: Array<[string, Record<string, number>]> = [];
        const intel = await get(intelRoute.GET, `/api/stablecoin-intel?q=${encodeURIComponent(q)}`);
        routes.push(["intel", intel.data.supply_distribution]);
        if (i < RISK_COINS) {
          const risk = await get(riskRoute.GET, `/api/stablecoin-risk?q=${encodeURIComponent(q)}`);
          routes.push(["risk", risk.issuer_concentration.supply_distribution]);
        }
        for (const [route, dist] of routes) {
          const shares = Object.values(dist);
          if (shares.length === 0) continue;
          checked += 1;
          if (off(shares, 1) >= SUM_TOLERANCE) misses.push(`${route} ${q}: ${sum(shares)}`);
        }
      }
      expect(checked).toBeGreaterThan(selectors.length);
      expect(misses).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );

  it("issuer shares of the market sum to 100 %", async () => {
    const body = await get(issuersRoute.GET, "/api/stablecoin-issuers");
    const issuers = body.concentration.issuers as Body[];
    expect(issuers.length).toBeGreaterThan(10);
    expect(
      off(
        issuers.map((i) => i.share_pct),
        PERCENT,
      ),
    ).toBeLessThan(SUM_TOLERANCE);
    expect(body.concentration.top_issuer.share_pct).toBe(issuers[0]?.share_pct);
  });

  it("chains' shares of the market, and each chain's coins, sum to 100 %", async () => {
    const list = await get(chainsRoute.GET, "/api/stablecoin-chains");
    const chains = list.chains as Body[];
    expect(chains.length).toBeGreaterThan(10);
    expect(
      off(
        chains.map((c) => c.share_of_market_pct),
        PERCENT,
      ),
    ).toBeLessThan(SUM_TOLERANCE);
    for (const c of chains.slice(0, CHAIN_VIEWS)) {
      const view = await get(chainsRoute.GET, `/api/stablecoin-chains?chain=${c.chain}`);
      const dominance = (view.coins as Body[]).map((x) => x.dominance_pct as number);
      expect([c.chain, off(dominance, PERCENT) < SUM_TOLERANCE]).toEqual([c.chain, true]);
    }
  });
});
