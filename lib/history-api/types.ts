/**
 * Response shapes of GET /api/stablecoin-history and GET /api/stablecoin-events (documented in
 * OpenAPI, validated in tests; docs/api.md). Schemas only: pages import the inferred types.
 * Every measured number is `number | null`: null is "not measured", never 0, never carried
 * forward; a slot without a sample has no point (a gap stays a gap).
 */
import { z } from "zod";
import { warningCodesSchema } from "@/lib/assets/warning-fields";
import { GROUPS, type Group } from "@/lib/history/columns";
import {
  DEFAULT_EVENTS_LOG_WINDOW,
  DEFAULT_HISTORY_WINDOW,
  HISTORY_WINDOWS,
  LOG_EVENT_TYPES,
  type HistoryResolution,
  type HistoryWindow,
  type LogEventType,
} from "@/lib/history/windows";

const iso = z.string().describe("ISO-8601 UTC");
const measured = z.number().nullable();

/** `window` of both routes; history beyond 90 days is daily (retention, docs/history.md). */
export {
  DEFAULT_EVENTS_LOG_WINDOW,
  DEFAULT_HISTORY_WINDOW,
  HISTORY_WINDOWS,
  LOG_EVENT_TYPES,
  type HistoryWindow,
  type LogEventType,
};

export const HISTORY_RESOLUTIONS = [
  "sample",
  "daily",
] as const satisfies readonly HistoryResolution[];
export type { HistoryResolution };

export const historyAssetSchema = z.object({
  symbol: z.string(),
  selector: z
    .string()
    .describe("The coin's canonical selector: its page is /stablecoins/{selector}"),
  name: z.string(),
});
export type HistoryAsset = z.infer<typeof historyAssetSchema>;

/** One point of the series: one sample (or, daily, the day's median of each measurement). */
export const historyPointSchema = z.object({
  t: iso.describe("The sample's time (daily: the UTC day's start)"),
  price_usd: measured,
  peg_deviation_bps: measured.describe("(price_usd − 1) × 10 000"),
  depth_2pct_usd: measured.describe("±2 % depth, CEX books and DEX pools"),
  depth_2pct_cex_usd: measured,
  depth_2pct_dex_usd: measured,
  exit_cost_bps_100k: measured.describe("Best-route exit cost of a 100 000 USD sale"),
  exit_cost_bps_1m: measured,
  exit_cost_bps_10m: measured,
  sale_1m_price_usd: measured.describe("Executable price of a 1 000 000 USD sale (best route)"),
  risk_score: measured,
  risk_transparency: measured,
  risk_liquidity: measured,
  risk_peg_stability: measured,
  risk_coverage: measured.describe("Share of the score's weight that was measured, 0–1"),
  circulating_usd: measured,
  chain_peg_bps: z
    .record(z.string(), measured)
    .describe("Each chain's chain-local peg deviation, bps; null: not measured at this point"),
});
export type HistoryPoint = z.infer<typeof historyPointSchema>;

/** The measurements of a point, each with its own sources (the stored sample's groups). */
export { GROUPS as HISTORY_MEASUREMENTS, type Group as HistoryMeasurement };

export const measurementSourcesSchema = z.object({
  names: z.array(z.string()).describe("Every source of the measurement within the window"),
  as_of: iso.nullable().describe("The newest as-of of the measurement within the window"),
});

export const historyResponseSchema = z.object({
  asset: historyAssetSchema,
  window: z.enum(HISTORY_WINDOWS),
  resolution: z
    .enum(HISTORY_RESOLUTIONS)
    .describe("sample: every sample; daily (365d): one point a UTC day, each value its median"),
  interval_seconds: z
    .number()
    .int()
    .describe("Seconds between points: the sample interval, or a day"),
  history_start: iso
    .nullable()
    .describe("The first sample the service took of the coin (own history cannot be backfilled)"),
  points: z
    .array(historyPointSchema)
    .describe("Oldest first; a slot without a sample has no point"),
  sources: z
    .object({
      price: measurementSourcesSchema,
      depth_2pct_usd: measurementSourcesSchema,
      exit_cost_bps: measurementSourcesSchema,
      sale_1m: measurementSourcesSchema,
      chain_peg_bps: measurementSourcesSchema,
      risk_score: measurementSourcesSchema,
      circulating_usd: measurementSourcesSchema,
    })
    .describe("Each measurement's sources"),
  as_of: iso.nullable().describe("The newest point's time; null without points"),
  warnings: z.array(z.string()),
  warning_codes: warningCodesSchema,
  holderAnalyticsSupported: z.literal(false),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

export const componentDeltaSchema = z.object({
  component: z.string().describe("transparency, liquidity or pegStability"),
  delta_points: z.number().describe("The component's own change, points"),
  score_delta_points: z.number().describe("What it moved the score by (weighted), points"),
});

export const logEventSchema = z.object({
  id: z.string().describe("Stable id `<type>:<selector>:<chain or ->:<start>`"),
  type: z.enum(LOG_EVENT_TYPES),
  symbol: z.string(),
  selector: z.string(),
  chain: z.string().nullable().describe("The chain of a chain-local event"),
  start: iso,
  end: iso.nullable().describe("Null while ongoing"),
  ongoing: z.boolean(),
  worst: z.object({
    metric: z
      .string()
      .describe(
        "depth_ratio_of_median, sale_1m_deviation_bps, chain_peg_bps, risk_score_delta_points or deviation_bps",
      ),
    value: z.number(),
    at: iso,
  }),
  confirmed: z
    .boolean()
    .describe("false: a drain seen on one venue only, or an unconfirmed price depeg; not in feeds"),
  sources: z.array(z.string()),
  component_deltas: z.array(componentDeltaSchema).optional(),
});
export type LogEvent = z.infer<typeof logEventSchema>;

export const eventsResponseSchema = z.object({
  window: z.enum(HISTORY_WINDOWS),
  asset: historyAssetSchema
    .nullable()
    .describe("The coin asked for with q; null across the market"),
  type: z.enum(LOG_EVENT_TYPES).nullable(),
  confirmed: z.boolean().nullable().describe("The confirmed filter; null: both"),
  events: z.array(logEventSchema).describe("Newest first"),
  history_start: iso
    .nullable()
    .describe("The earliest first sample among the coins (own history cannot be backfilled)"),
  as_of: iso.nullable(),
  warnings: z.array(z.string()),
  warning_codes: warningCodesSchema,
  holderAnalyticsSupported: z.literal(false),
});
export type EventsResponse = z.infer<typeof eventsResponseSchema>;
