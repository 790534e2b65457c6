/**
 * Long-range history key families (peg charts, market supply history): one `readFamily` call
 * each; keys carry registry ids and fixed parameters only.
 */
import { z } from "zod";
import { USD_PEG_TYPE } from "@/lib/domain/constants";
import type { PricePoint, SupplyPoint } from "@/lib/domain/types";
import { fetchMarketChart } from "@/lib/providers/coingecko/client";
import { fetchTotalSupplyHistory } from "@/lib/providers/defillama/client";
import type { KeyFamily } from "./policy";
import type { CachedRead } from "./read-through";
import { isEmptyList, type Peeked, peekFamily, readFamily, type ReadOpts } from "./reader";

export type LongRangeDays = 90 | 365;

/** Each range's key family (freshness and grace in `./policy`: hourly points 1 h, daily 6 h). */
const HISTORY_FAMILY: Readonly<Record<LongRangeDays, KeyFamily>> = {
  90: "history:hourly",
  365: "history:daily",
};

export interface PriceHistory {
  prices: PricePoint[];
  /** Points the provider sent that were not prices (dropped by the provider mapping). */
  droppedPrices: number;
}

const priceHistoryShape = z.object({
  prices: z.array(z.object({ timestampMs: z.number(), priceUsd: z.number() })),
  droppedPrices: z.number().int().nonnegative(),
});
const supplyShape = z.array(z.object({ timestampMs: z.number(), circulatingUsd: z.number() }));

export const longPriceHistoryKey = (coingeckoId: string, days: LongRangeDays) =>
  `history:v1:coingecko:market-chart:${coingeckoId}:${days}`;

/** The stored 90/365-day series, if any (fresh or stale); never a provider call. */
export function peekLongPriceHistory(
  coingeckoId: string,
  days: LongRangeDays,
  opts?: ReadOpts,
): Promise<Peeked<PriceHistory> | null> {
  return peekFamily({
    family: HISTORY_FAMILY[days],
    key: longPriceHistoryKey(coingeckoId, days),
    schema: priceHistoryShape,
    opts,
  });
}

/** `/coins/{id}/market_chart?vs_currency=usd&days={90|365}`, prices only. */
export function readLongPriceHistory(
  coingeckoId: string,
  days: LongRangeDays,
  opts?: ReadOpts,
): Promise<CachedRead<PriceHistory>> {
  return readFamily({
    family: HISTORY_FAMILY[days],
    key: longPriceHistoryKey(coingeckoId, days),
    schema: priceHistoryShape,
    fetch: async () => {
      const chart = await fetchMarketChart(coingeckoId, days);
      return { prices: chart.prices, droppedPrices: chart.droppedPrices };
    },
    isEmpty: (v) => v.prices.length === 0,
    opts,
  });
}

/** `/stablecoincharts/all`: the USD-pegged market total, daily. */
export function readTotalSupplyHistory(opts?: ReadOpts): Promise<CachedRead<SupplyPoint[]>> {
  return readFamily({
    family: "history:supply-total",
    key: `history:v1:defillama:supply-total:${USD_PEG_TYPE}`,
    schema: supplyShape,
    fetch: () => fetchTotalSupplyHistory(),
    isEmpty: isEmptyList,
    opts,
  });
}
