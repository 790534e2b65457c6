/** Raw CoinGecko payloads (tests/fake-upstream/fixtures/samples/README.md §2). Only the fields the service reads. */
import { z } from "zod";
import { looseRecord, numberish } from "../parse";

const marketRowSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  current_price: numberish,
  market_cap: numberish,
  total_volume: numberish,
  price_change_percentage_24h: numberish,
  last_updated: z.string().nullish(),
});
export type RawMarketRow = z.output<typeof marketRowSchema>;
export const marketsSchema = z.array(marketRowSchema);

/** `[timestampMs, value]`; values can be null in the provider's series. */
const seriesSchema = z.array(z.array(z.union([z.number(), z.null()]))).nullish();
export type RawSeries = z.output<typeof seriesSchema>;

export const marketChartSchema = z.object({
  // The series the service reads must be present: a body without it is the wrong shape (a
  // schema failure in telemetry and health), not a successful call with no points.
  prices: z.array(z.array(z.union([z.number(), z.null()]))),
  market_caps: seriesSchema,
  total_volumes: seriesSchema,
});

const tickerSchema = z.object({
  base: z.string(),
  target: z.string(),
  market: z.object({
    name: z.string().nullish(),
    identifier: z.string(),
  }),
  last: numberish,
  converted_last: looseRecord.nullish(),
  converted_volume: looseRecord.nullish(),
  cost_to_move_up_usd: numberish,
  cost_to_move_down_usd: numberish,
  is_stale: z.boolean().nullish(),
  is_anomaly: z.boolean().nullish(),
  trust_score: z.string().nullish(),
});
export type RawTicker = z.output<typeof tickerSchema>;

export const tickersSchema = z.object({
  name: z.string().nullish(),
  tickers: z.array(tickerSchema),
});

/**
 * Coin detail `/coins/{id}?localization=false&tickers=false&…`: only the contract fields.
 * Native coins answer `platforms: {"": ""}` or `{}`; values may be null on delisted chains.
 */
export const coinDetailSchema = z.object({
  id: z.string(),
  platforms: z.record(z.string(), z.string().nullable()).nullish(),
  detail_platforms: z
    .record(
      z.string(),
      z
        .object({
          decimal_place: z.number().nullish(),
          contract_address: z.string().nullish(),
        })
        .nullable(),
    )
    .nullish(),
});
export type RawCoinDetail = z.output<typeof coinDetailSchema>;
