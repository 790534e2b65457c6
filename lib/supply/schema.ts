/** Body of GET /api/stablecoin-supply (spec "Supply and flows panel", "Homepage market context rail"). */
import { z } from "zod";
import { warningCodesSchema } from "@/lib/assets/warning-fields";

const backing = z.enum(["fiat-backed", "crypto-backed", "algorithmic"]).nullable();

export const supplyEntrySchema = z.object({
  rank: z.number().int().min(1),
  id: z.string().describe("DefiLlama id"),
  symbol: z.string(),
  name: z.string(),
  selector: z
    .string()
    .describe(
      "Shortest readable q that resolves to this asset (symbol, else CoinGecko id, else DefiLlama id); the asset page is /stablecoins/{selector}",
    ),
  coingecko_id: z.string().nullable(),
  circulating_usd: z.number(),
  circulatingPrevWeek: z
    .number()
    .nullable()
    .describe("USD circulating 7 days ago; null when the aggregate has no record"),
  circulating_prev_month_usd: z.number().nullable(),
  change_7d_usd: z.number().nullable(),
  change_7d_pct: z.number().nullable(),
  change_30d_usd: z.number().nullable(),
  change_30d_pct: z.number().nullable(),
  price_usd: z
    .number()
    .nullable()
    .describe(
      "The coin's headline price, the one its page and /api/stablecoin-intel show: the market provider's where its cached quote has one, else the aggregate's (see price_source)",
    ),
  price_source: z.enum(["market", "aggregate"]).nullable(),
  peg_deviation_bps: z.number().nullable(),
  backing,
  issuer: z.string().nullable(),
  chains: z.array(z.string()),
  yield_bearing: z.boolean(),
  peg_note: z.string().nullable(),
  dead: z
    .boolean()
    .describe(
      "DefiLlama marks the coin dead (deadFrom, delisted or deprecated); listed only with include_dead=true",
    ),
  dead_reason: z.enum(["dead_from", "delisted", "deprecated"]).nullable(),
  dead_from: z.string().nullable().describe("DefiLlama's deadFrom as sent; null when not set"),
});

export const railChipsSchema = z.object({
  dominance: z
    .object({
      id: z.string(),
      symbol: z.string(),
      name: z.string(),
      circulating_usd: z.number(),
      share_pct: z.number(),
    })
    .nullable(),
  largest_7d_change: z
    .object({
      id: z.string(),
      symbol: z.string(),
      name: z.string(),
      circulating_usd: z.number(),
      circulatingPrevWeek: z
        .number()
        .describe("Above min_circulating_usd too: the floor applies to both ends of the change"),
      change_7d_usd: z.number(),
      change_7d_pct: z.number(),
      min_circulating_usd: z.number(),
    })
    .nullable(),
});

export const supplyResponseSchema = z.object({
  assets: z.array(supplyEntrySchema),
  total_circulating_usd: z.number().describe("Live coins only (dead coins never count)"),
  total_change_7d_usd: z
    .number()
    .nullable()
    .describe(
      "total_circulating_usd minus the sum of the live coins' circulatingPrevWeek (a coin without a record a week ago counts as growth); null when no coin has one",
    ),
  total_change_7d_pct: z
    .number()
    .nullable()
    .describe("total_change_7d_usd over that earlier sum, in %"),
  total_change_30d_usd: z
    .number()
    .nullable()
    .describe("As total_change_7d_usd, against circulating_prev_month_usd"),
  total_change_30d_pct: z.number().nullable(),
  dead_count: z
    .number()
    .int()
    .describe("Dead USD coins with a supply, left out unless include_dead=true"),
  include_dead: z.boolean(),
  rail: railChipsSchema,
  metadata: z.object({
    source: z.object({
      name: z.literal("DefiLlama"),
      type: z.literal("aggregate"),
      latency: z.literal("low"),
    }),
    as_of: z.string().describe("When the aggregate was fetched"),
    prices_as_of: z
      .string()
      .nullable()
      .describe(
        'When the market provider\'s quotes behind price_source "market" were fetched; null when none was cached',
      ),
    stale: z.boolean(),
    cache_ttl_seconds: z.number(),
    method: z.string(),
  }),
  warnings: z.array(z.string()),
  warning_codes: warningCodesSchema,
  holderAnalyticsSupported: z.literal(false),
});

export type SupplyEntry = z.infer<typeof supplyEntrySchema>;
export type RailChips = z.infer<typeof railChipsSchema>;
export type SupplyResponse = z.infer<typeof supplyResponseSchema>;
