/**
 * Raw DefiLlama coins payloads (tests/fake-upstream/fixtures/samples/README.md §8). Bodies are
 * keyed by the request string verbatim; unknown or unpriced coins are simply absent. An error
 * body (`{"message": …}`, sometimes wrapped twice) has no `coins` and fails these schemas.
 */
import { z } from "zod";
import { numberish } from "../parse";

const currentEntrySchema = z.object({
  price: numberish,
  symbol: z.string().nullish(),
  /** Unix seconds of the price record. */
  timestamp: numberish,
  confidence: numberish.optional(),
  decimals: z.number().nullish(),
});
export type RawCurrentEntry = z.output<typeof currentEntrySchema>;

export const pricesCurrentSchema = z.object({
  coins: z.record(z.string(), currentEntrySchema),
});

const chartSeriesSchema = z.object({
  symbol: z.string().nullish(),
  confidence: numberish.optional(),
  prices: z.array(z.object({ timestamp: numberish, price: numberish })),
});
export type RawChartSeries = z.output<typeof chartSeriesSchema>;

export const chartSchema = z.object({
  coins: z.record(z.string(), chartSeriesSchema),
});
