/**
 * Live provider data, each reader one `readFamily` call under its family's policy; keys carry
 * registry ids, addresses and fixed parameters only.
 */
import type {
  AggregateAsset,
  DexPool,
  MarketChart,
  MarketTicker,
  SupplyPoint,
} from "@/lib/domain/types";
import { fetchMarketChart, fetchTickers } from "@/lib/providers/coingecko/client";
import { fetchStablecoins, fetchSupplyHistory } from "@/lib/providers/defillama/client";
import { fetchTokenPairs } from "@/lib/providers/dexscreener/client";
import { aggregateEntry, chartEntry, poolsEntry, supplyEntry, tickersEntry } from "./entry-schemas";
import { AGGREGATE_GRACE_SECONDS, CHART_FRESH_SECONDS, LIVE_FRESH_SECONDS } from "./policy";
import type { CachedRead } from "./read-through";
import { isEmptyList, peekFamily, readFamily, type ReadOpts } from "./reader";

/** Live market and DEX data is fresh for about a minute (`./policy`). */
export const LIVE_CACHE_SECONDS = LIVE_FRESH_SECONDS;
/** Peg-history series: fresh for 5 minutes. */
export const CHART_CACHE_SECONDS = CHART_FRESH_SECONDS;
/** The aggregate list keeps a last good copy for 30 days as a stale fallback. */
export const AGGREGATE_RETAIN_SECONDS = AGGREGATE_GRACE_SECONDS;

export const AGGREGATE_KEY = "aggregate:v1:defillama:stablecoins";

/** The aggregate list (supply panel, rail, resolver): fresh 6 h, stale copy kept 30 days. */
export function readAggregate(opts?: ReadOpts): Promise<CachedRead<{ assets: AggregateAsset[] }>> {
  return readFamily({
    family: "aggregate",
    key: AGGREGATE_KEY,
    schema: aggregateEntry,
    fetch: () => fetchStablecoins(),
    isEmpty: (v) => v.assets.length === 0,
    opts,
  });
}

/** The list as this process or the store holds it, whatever its age (null: none); never a call. */
export async function knownAggregate(
  opts?: ReadOpts,
): Promise<{ assets: AggregateAsset[] } | null> {
  const peek = peekFamily({
    family: "aggregate",
    key: AGGREGATE_KEY,
    schema: aggregateEntry,
    opts,
  });
  return (await peek.catch(() => null))?.value ?? null;
}

export function readSupplyHistory(
  defillamaId: string,
  opts?: ReadOpts,
): Promise<CachedRead<SupplyPoint[]>> {
  return readFamily({
    family: "live:supply-history",
    key: `live:v1:defillama:supply-history:${defillamaId}`,
    schema: supplyEntry,
    fetch: () => fetchSupplyHistory(defillamaId),
    isEmpty: isEmptyList,
    opts,
  });
}

export function readMarketChart(
  coingeckoId: string,
  days: 1 | 7 | 30,
  opts?: ReadOpts,
): Promise<CachedRead<MarketChart>> {
  return readFamily({
    family: "live:charts",
    key: `live:v1:coingecko:market-chart:${coingeckoId}:${days}`,
    schema: chartEntry,
    fetch: () => fetchMarketChart(coingeckoId, days),
    isEmpty: (v) => v.prices.length === 0,
    opts,
  });
}

export function readTickers(
  coingeckoId: string,
  opts?: ReadOpts,
): Promise<CachedRead<MarketTicker[]>> {
  return readFamily({
    family: "live:tickers",
    key: `live:v1:coingecko:tickers:${coingeckoId}`,
    schema: tickersEntry,
    fetch: () => fetchTickers(coingeckoId),
    isEmpty: isEmptyList,
    opts,
  });
}

export function readDexPools(
  chainId: string,
  tokenAddress: string,
  opts?: ReadOpts,
): Promise<CachedRead<DexPool[]>> {
  return readFamily({
    family: "live:pools",
    key: `live:v1:dexscreener:token-pairs:${chainId}:${tokenAddress.toLowerCase()}`,
    schema: poolsEntry,
    fetch: () => fetchTokenPairs(chainId, tokenAddress),
    isEmpty: isEmptyList,
    opts,
  });
}
