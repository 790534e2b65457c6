/**
 * Live provider data behind the same cached-read primitive as snapshots: cached briefly
 * (`LIVE_CACHE_SECONDS`) and coalesced, to respect provider rate limits. Keys carry only
 * registry ids, addresses and fixed parameters — never the user's selector.
 */
import { z } from "zod";
import { getConfig } from "@/lib/config";
import type {
  AggregateAsset,
  DexPool,
  MarketChart,
  MarketQuote,
  MarketTicker,
  SupplyPoint,
} from "@/lib/domain/types";
import { getKv } from "@/lib/kv";
import type { KvStore } from "@/lib/kv/types";
import { fetchMarketChart, fetchMarkets, fetchTickers } from "@/lib/providers/coingecko/client";
import { fetchStablecoins, fetchSupplyHistory } from "@/lib/providers/defillama/client";
import { fetchTokenPairs } from "@/lib/providers/dexscreener/client";
import { cachedRead, type CachedRead } from "./cached-read";

/** Live market and DEX data is reused for about a minute. */
export const LIVE_CACHE_SECONDS = 60;
/** Peg-history series change slowly at hourly granularity; 5 minutes keeps sparklines fresh. */
export const CHART_CACHE_SECONDS = 5 * 60;
/** The aggregate list keeps a last good copy for 30 days as a stale fallback. */
export const AGGREGATE_RETAIN_SECONDS = 30 * 24 * 60 * 60;

interface ReadOpts {
  kv?: KvStore;
  signal?: AbortSignal;
  now?: () => number;
}

// Cache-side shape checks: enough to reject garbage, not a second copy of the provider schemas.
const aggregateAssetShape = z.looseObject({
  id: z.string(),
  symbol: z.string(),
  circulatingUsd: z.number(),
  chainCirculating: z.record(z.string(), z.looseObject({ currentUsd: z.number() })),
});
const aggregateShape = z.looseObject({
  assets: z.array(aggregateAssetShape),
}) as unknown as z.ZodType<{
  assets: AggregateAsset[];
}>;
const quotesShape = z.array(z.looseObject({ coingeckoId: z.string() })) as unknown as z.ZodType<
  MarketQuote[]
>;
const chartShape = z.looseObject({
  prices: z.array(z.looseObject({ timestampMs: z.number(), priceUsd: z.number() })),
}) as unknown as z.ZodType<MarketChart>;
const tickersShape = z.array(z.looseObject({ exchangeId: z.string() })) as unknown as z.ZodType<
  MarketTicker[]
>;
const poolsShape = z.array(
  z.looseObject({ pairAddress: z.string(), chain: z.string() }),
) as unknown as z.ZodType<DexPool[]>;
const supplyShape = z.array(
  z.looseObject({ timestampMs: z.number(), circulatingUsd: z.number() }),
) as unknown as z.ZodType<SupplyPoint[]>;

/** The aggregate list (supply panel, rail, resolver): 6 h durable, stale copy kept as fallback. */
export function readAggregate(
  opts: ReadOpts = {},
): Promise<CachedRead<{ assets: AggregateAsset[] }>> {
  return cachedRead({
    kv: opts.kv ?? getKv(),
    scope: "aggregate",
    key: "aggregate:v1:defillama:stablecoins",
    freshSeconds: getConfig().ttlSeconds.supplyPanel,
    retainSeconds: AGGREGATE_RETAIN_SECONDS,
    schema: aggregateShape,
    fetch: () => fetchStablecoins(),
    isEmpty: (v) => v.assets.length === 0,
    signal: opts.signal,
    now: opts.now,
  });
}

export function readSupplyHistory(
  defillamaId: string,
  opts: ReadOpts = {},
): Promise<CachedRead<SupplyPoint[]>> {
  return cachedRead({
    kv: opts.kv ?? getKv(),
    scope: "live:defillama",
    key: `live:v1:defillama:supply-history:${defillamaId}`,
    freshSeconds: getConfig().ttlSeconds.supplyPanel,
    schema: supplyShape,
    fetch: () => fetchSupplyHistory(defillamaId),
    isEmpty: (v) => v.length === 0,
    signal: opts.signal,
    now: opts.now,
  });
}

/** Quotes for a fixed, sorted id list (callers pass every tracked id so one entry serves all). */
export function readMarketQuotes(
  ids: readonly string[],
  opts: ReadOpts = {},
): Promise<CachedRead<MarketQuote[]>> {
  const sorted = [...new Set(ids)].sort();
  return cachedRead({
    kv: opts.kv ?? getKv(),
    scope: "live:coingecko",
    key: `live:v1:coingecko:markets:${sorted.join(",")}`,
    freshSeconds: LIVE_CACHE_SECONDS,
    schema: quotesShape,
    fetch: () => fetchMarkets(sorted),
    isEmpty: (v) => v.length === 0,
    signal: opts.signal,
    now: opts.now,
  });
}

export function readMarketChart(
  coingeckoId: string,
  days: 1 | 7 | 30,
  opts: ReadOpts = {},
): Promise<CachedRead<MarketChart>> {
  return cachedRead({
    kv: opts.kv ?? getKv(),
    scope: "live:coingecko",
    key: `live:v1:coingecko:market-chart:${coingeckoId}:${days}`,
    freshSeconds: CHART_CACHE_SECONDS,
    schema: chartShape,
    fetch: () => fetchMarketChart(coingeckoId, days),
    isEmpty: (v) => v.prices.length === 0,
    signal: opts.signal,
    now: opts.now,
  });
}

export function readTickers(
  coingeckoId: string,
  opts: ReadOpts = {},
): Promise<CachedRead<MarketTicker[]>> {
  return cachedRead({
    kv: opts.kv ?? getKv(),
    scope: "live:coingecko",
    key: `live:v1:coingecko:tickers:${coingeckoId}`,
    freshSeconds: LIVE_CACHE_SECONDS,
    schema: tickersShape,
    fetch: () => fetchTickers(coingeckoId),
    isEmpty: (v) => v.length === 0,
    signal: opts.signal,
    now: opts.now,
  });
}

export function readDexPools(
  chainId: string,
  tokenAddress: string,
  opts: ReadOpts = {},
): Promise<CachedRead<DexPool[]>> {
  return cachedRead({
    kv: opts.kv ?? getKv(),
    scope: "live:dexscreener",
    key: `live:v1:dexscreener:token-pairs:${chainId}:${tokenAddress.toLowerCase()}`,
    freshSeconds: LIVE_CACHE_SECONDS,
    schema: poolsShape,
    fetch: () => fetchTokenPairs(chainId, tokenAddress),
    isEmpty: (v) => v.length === 0,
    signal: opts.signal,
    now: opts.now,
  });
}
