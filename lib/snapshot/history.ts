/**
 * Long-range history key families (depeg event log, 90 d / 1 y peg chart, market supply history),
 * each one `cachedRead` call so the read-layer policy can take them over unchanged. Keys carry
 * only registry ids and fixed parameters; failures and empty answers are never written.
 *
 *   history:v1:coingecko:market-chart:{coingeckoId}:{90|365}  price series only (hourly ≤ 90 d,
 *                                                             daily beyond), HISTORY_*_SECONDS
 *   history:v1:defillama:supply-total:peggedUSD               market total, the 6 h class
 *
 * One coin's supply history (`/stablecoincharts/all?stablecoin={id}`, 6 h class) is the existing
 * `readSupplyHistory` in ./live.
 */
import { z } from "zod";
import { getConfig } from "@/lib/config";
import type { PricePoint, SupplyPoint } from "@/lib/domain/types";
import { getKv } from "@/lib/kv";
import type { KvStore } from "@/lib/kv/types";
import { fetchMarketChart } from "@/lib/providers/coingecko/client";
import { fetchTotalSupplyHistory, USD_PEG_TYPE } from "@/lib/providers/defillama/client";
import { cachedRead, type CachedRead } from "./cached-read";

export type LongRangeDays = 90 | 365;
export const LONG_RANGE_DAYS: readonly LongRangeDays[] = [90, 365];

/** Hourly points: a new one each hour, so an hour's reuse loses nothing. */
export const HISTORY_HOURLY_CACHE_SECONDS = 60 * 60;
/** Daily points: the 6 h class would do; the same hour keeps both ranges in step. */
export const HISTORY_DAILY_CACHE_SECONDS = 6 * 60 * 60;

export const HISTORY_CACHE_SECONDS: Readonly<Record<LongRangeDays, number>> = {
  90: HISTORY_HOURLY_CACHE_SECONDS,
  365: HISTORY_DAILY_CACHE_SECONDS,
};

interface ReadOpts {
  kv?: KvStore;
  signal?: AbortSignal;
  now?: () => number;
}

export interface PriceHistory {
  prices: PricePoint[];
}

const priceHistoryShape = z.object({
  prices: z.array(z.object({ timestampMs: z.number(), priceUsd: z.number() })),
});
const supplyShape = z.array(z.object({ timestampMs: z.number(), circulatingUsd: z.number() }));

/** `/coins/{id}/market_chart?vs_currency=usd&days={90|365}`, prices only. */
export function readLongPriceHistory(
  coingeckoId: string,
  days: LongRangeDays,
  opts: ReadOpts = {},
): Promise<CachedRead<PriceHistory>> {
  return cachedRead({
    kv: opts.kv ?? getKv(),
    scope: "history:coingecko",
    key: `history:v1:coingecko:market-chart:${coingeckoId}:${days}`,
    freshSeconds: HISTORY_CACHE_SECONDS[days],
    schema: priceHistoryShape,
    fetch: async () => ({ prices: (await fetchMarketChart(coingeckoId, days)).prices }),
    isEmpty: (v) => v.prices.length === 0,
    signal: opts.signal,
    now: opts.now,
  });
}

/** `/stablecoincharts/all`: the USD-pegged market total, daily. */
export function readTotalSupplyHistory(opts: ReadOpts = {}): Promise<CachedRead<SupplyPoint[]>> {
  return cachedRead({
    kv: opts.kv ?? getKv(),
    scope: "history:defillama",
    key: `history:v1:defillama:supply-total:${USD_PEG_TYPE}`,
    freshSeconds: getConfig().ttlSeconds.supplyPanel,
    schema: supplyShape,
    fetch: () => fetchTotalSupplyHistory(),
    isEmpty: (v) => v.length === 0,
    signal: opts.signal,
    now: opts.now,
  });
}
