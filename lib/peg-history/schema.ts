import { z } from "zod";
import { warningCodesSchema } from "@/lib/assets/warning-fields";

const n = z.number().nullable();

export const depegStatsSchema = z.object({
  window: z.enum(["24h", "7d", "30d"]),
  points: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  worst_deviation_bps: n,
  worst_at: z.string().nullable(),
  share_outside_10_bps: n.describe("Fraction 0–1 of covered time"),
  share_outside_50_bps: n,
  share_outside_100_bps: n,
  excursions_beyond_100_bps: z.number().int(),
  coverage: n,
  gap_ms: z.number(),
  current_deviation_bps: n,
  status: z.enum(["on-peg", "minor", "moderate", "severe", "unknown"]),
});

export const liveSourceSchema = z.object({
  name: z.string(),
  type: z.string(),
  latency: z.literal("low").optional(),
  as_of: z.string().nullable().optional(),
  last_updated: z.string().optional(),
  role: z.string().optional(),
});

export const pegHistoryResponseSchema = z.object({
  asset: z.string(),
  window: z.enum(["24h", "7d", "30d"]),
  series: z.array(
    z.object({ t: z.number().describe("Unix ms"), price: z.number(), deviation_bps: z.number() }),
  ),
  stats: depegStatsSchema,
  dex_current_price: n,
  metadata: z.object({
    sources: z.array(liveSourceSchema),
    method: z.string(),
    stats_as_of: z.string().describe("Statistics are computed as of the series' fetch time"),
  }),
  warnings: z.array(z.string()),
  warning_codes: warningCodesSchema,
  holderAnalyticsSupported: z.literal(false),
});

export type PegHistoryResponse = z.infer<typeof pegHistoryResponseSchema>;
