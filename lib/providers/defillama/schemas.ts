/**
 * Raw DefiLlama stablecoin payloads (tests/fake-upstream/fixtures/samples/README.md §1). Tolerates both the current
 * (Dec 2025+, USD-valued, `{}` for missing history) and the 2024 shape (peg units, `0` for
 * missing history), `gecko_id`/`price`/`priceSource` null or missing, and optional flags.
 */
import { z } from "zod";
import { flag, looseRecord, numberish, ownRecord } from "../parse";

/** `{ peggedUSD: 123 }`, `{}` (no record, current server), `0` (no record, 2024 server) or null. */
export const pegValuesSchema = z.union([looseRecord, z.number(), z.null()]).optional();
export type RawPegValues = z.output<typeof pegValuesSchema>;

const chainCirculatingSchema = z.object({
  current: pegValuesSchema,
  circulatingPrevDay: pegValuesSchema,
  circulatingPrevWeek: pegValuesSchema,
  circulatingPrevMonth: pegValuesSchema,
});
export type RawChainCirculating = z.output<typeof chainCirculatingSchema>;

const assetSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  name: z.string(),
  symbol: z.string(),
  gecko_id: z.string().nullish(),
  pegType: z.string().min(1),
  priceSource: z.string().nullish(),
  pegMechanism: z.string().nullish(),
  circulating: pegValuesSchema,
  circulatingPrevDay: pegValuesSchema,
  circulatingPrevWeek: pegValuesSchema,
  circulatingPrevMonth: pegValuesSchema,
  chainCirculating: ownRecord(chainCirculatingSchema).nullish(),
  chains: z.array(z.string()).nullish(),
  price: numberish,
  deprecated: flag,
  delisted: flag,
  yieldBearing: flag,
  /** When DefiLlama marks the coin dead (a date string or unix seconds; only present when set). */
  deadFrom: z.union([z.string(), z.number()]).nullish(),
});
export type RawAsset = z.output<typeof assetSchema>;

/** Top-level `chains[]`: only `name` is guaranteed across server versions. */
const chainSummarySchema = z.object({
  name: z.string(),
  gecko_id: z.string().nullish(),
  tokenSymbol: z.string().nullish(),
  totalCirculatingUSD: looseRecord.nullish(),
  tvl: z.unknown().optional(),
});

export const stablecoinsSchema = z.object({
  peggedAssets: z.array(assetSchema),
  chains: z.array(chainSummarySchema).nullish(),
});

/** `/stablecoincharts/all?stablecoin={id}`: `date` is unix seconds as a string. */
export const supplyChartSchema = z.array(
  z.object({
    date: z.union([z.string(), z.number()]),
    totalCirculatingUSD: looseRecord.nullish(),
  }),
);
export type RawSupplyChart = z.output<typeof supplyChartSchema>;
