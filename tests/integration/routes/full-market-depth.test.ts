/**
 * ±2 % DEX depth is measured wherever the service found pools it counts: over the whole recorded
 * market, every coin whose pools API lists counted pools has a positive `dex_usd` in intel, over
 * the same number of pools — including the two coins sharing the symbol USDU (and one CoinGecko
 * id), whose contracts come from the market provider.
 */
import * as intelRoute from "@/app/api/stablecoin-intel/route";
import * as poolsRoute from "@/app/api/stablecoin-pools/route";
import * as supplyRoute from "@/app/api/stablecoin-supply/route";
import { call, json, startHarness, type Harness } from "../helpers/harness";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const WALK_TIMEOUT_MS = 10 * 60_000;
/** Coins of the recorded market with counted pools (a count of the world, not a goal). */
const MIN_COINS_WITH_POOLS = 90;

let h: Harness;
beforeAll(async () => {
  h = await startHarness("file", {}, { market: "full" });
});
afterAll(async () => {
  await h?.close();
});

const get = async (handler: (r: Request) => Promise<Response>, path: string, q: string) =>
  json<Body>(await call(handler, `${path}?q=${encodeURIComponent(q)}`));

it(
  "every coin with counted pools has its DEX depth measured",
  async () => {
    const supply = await json<Body>(await call(supplyRoute.GET, "/api/stablecoin-supply"));
    const selectors = (supply.assets as Body[]).map((a) => a.selector as string);
    expect(selectors).toEqual(expect.arrayContaining(["usdu"]));
    const missing: string[] = [];
    let withPools = 0;
    for (const q of selectors) {
      const pools = await get(poolsRoute.GET, "/api/stablecoin-pools", q);
      const counted = (pools.pools as Body[] | undefined)?.length ?? 0;
      if (counted === 0) continue;
      withPools += 1;
      const intel = await get(intelRoute.GET, "/api/stablecoin-intel", q);
      const depth = intel.data.liquidity_depth_breakdown;
      if (!(depth.dex_usd > 0) || depth.dex_pools_counted !== counted)
        missing.push(`${q}: ${counted} pools, dex_usd ${depth.dex_usd}`);
    }
    expect(missing).toEqual([]);
    expect(withPools).toBeGreaterThanOrEqual(MIN_COINS_WITH_POOLS);
    // Both USDU entries (DefiLlama 283 and 304) read the contracts of their one CoinGecko id.
    for (const q of ["283", "304"]) {
      const intel = await get(intelRoute.GET, "/api/stablecoin-intel", q);
      expect([q, intel.data.liquidity_depth_breakdown.dex_usd > 0]).toEqual([q, true]);
    }
  },
  WALK_TIMEOUT_MS,
);
