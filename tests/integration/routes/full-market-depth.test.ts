/**
 * ±2 % DEX depth is measured wherever the service found pools it counts: over the whole recorded
 * market, every coin whose pools API lists counted pools has a positive `dex_usd` in intel, over
 * the same number of pools, and the same DEX depth in the risk console (the coin page's depth
 * panel renders that body) — including the two coins sharing the symbol USDU (and one CoinGecko
 * id), whose contracts come from the market provider.
 */
import * as intelRoute from "@/app/api/stablecoin-intel/route";
import * as poolsRoute from "@/app/api/stablecoin-pools/route";
import * as riskRoute from "@/app/api/stablecoin-risk/route";
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
    const measured = new Map<string, number>();
    for (const q of selectors) {
      const pools = await get(poolsRoute.GET, "/api/stablecoin-pools", q);
      const counted = (pools.pools as Body[] | undefined)?.length ?? 0;
      if (counted === 0) continue;
      const intel = await get(intelRoute.GET, "/api/stablecoin-intel", q);
      const depth = intel.data.liquidity_depth_breakdown;
      measured.set(q, depth.dex_usd);
      if (!(depth.dex_usd > 0) || depth.dex_pools_counted !== counted)
        missing.push(`${q}: ${counted} pools, dex_usd ${depth.dex_usd}`);
    }
    expect(missing).toEqual([]);
    expect(measured.size).toBeGreaterThanOrEqual(MIN_COINS_WITH_POOLS);
    // After the walk, so the risk console's own calls never spend the budget the pools walk needs.
    for (const [q, dexUsd] of measured) {
      const risk = await get(riskRoute.GET, "/api/stablecoin-risk", q);
      if (risk.depth?.dex_2pct_usd !== dexUsd || !(risk.depth.total_2pct_usd >= dexUsd))
        missing.push(`${q}: intel dex_usd ${dexUsd}, risk ${JSON.stringify(risk.depth ?? risk)}`);
    }
    expect(missing).toEqual([]);
    // USDU: two entries (DefiLlama 283, the larger, and 304) share the symbol and one CoinGecko
    // id, so `usdu` (symbol or CoinGecko id) picks 283 and only `304` reaches the other; every
    // selector reads the contracts of that one id, so all show the same DEX depth in both routes.
    const usdu = [
      ["usdu", "283"],
      ["283", "283"],
      ["304", "304"],
    ].map(([q, id]) => [q, id, measured.get("usdu")]);
    const seen: unknown[][] = [];
    for (const [q] of usdu) {
      const intel = await get(intelRoute.GET, "/api/stablecoin-intel", q as string);
      const risk = await get(riskRoute.GET, "/api/stablecoin-risk", q as string);
      seen.push([
        q,
        intel.metadata.resolved.defillama_id,
        intel.data.liquidity_depth_breakdown.dex_usd,
      ]);
      expect([q, risk.depth.dex_2pct_usd]).toEqual([
        q,
        intel.data.liquidity_depth_breakdown.dex_usd,
      ]);
    }
    expect(seen).toEqual(usdu);
    expect(measured.get("usdu")).toBeGreaterThan(0);
  },
  WALK_TIMEOUT_MS,
);
