/** Response shape of GET /api/stablecoin-depegs (documented in OpenAPI, validated in tests). */
import { z } from "zod";
import { warningCodesSchema } from "@/lib/assets/warning-fields";

const iso = z.string().describe("ISO-8601 UTC");

export const depegEventSchema = z.object({
  id: z
    .string()
    .describe(
      "Stable id `<coin>:<granularity>:<start>`: the coin is its CoinGecko id, else `llama-<DefiLlama id>`",
    ),
  asset: z.string(),
  coingecko_id: z.string().nullable().describe("Null for a coin without a CoinGecko id"),
  defillama_id: z.string().nullable().describe("The aggregate's id of the coin"),
  selector: z
    .string()
    .describe("The coin's canonical selector: its page is /stablecoins/{selector}"),
  start: iso.describe("First point beyond ±100 bps"),
  end: iso
    .nullable()
    .describe("First point of the ≥ 2 h recovery within ±50 bps; null while ongoing"),
  ongoing: z.boolean(),
  started_before_series: z
    .boolean()
    .describe("The series begins inside the event: the true start is at or before `start`"),
  direction: z.enum(["below", "above"]),
  worst_deviation_bps: z.number(),
  worst_price_usd: z.number(),
  worst_at: iso,
  duration_hours: z.number().describe("end − start; for an ongoing event up to the last point"),
  points: z.number().int(),
  gaps: z.number().int().describe("Sampling gaps inside the event"),
  granularity: z
    .enum(["hourly", "daily"])
    .describe("Same as resolution (kept for existing clients)"),
  resolution: z
    .enum(["hourly", "daily"])
    .describe("Resolution of the series that opened the event; daily points miss intraday troughs"),
  confirmation: z.object({
    status: z
      .enum(["confirmed", "unconfirmed", "not_required"])
      .describe(
        "confirmed: a second independent source family is beyond ±50 bps on the same side within the event; unconfirmed: not so, on a coin of ≥ 1 B USD (or unknown size) — still listed; not_required: a coin under 1 B USD, one source suffices",
      ),
    reason: z
      .enum(["no_second_source", "no_points_within_event", "second_source_holds"])
      .nullable()
      .describe("Why no second source confirms; null when confirmed"),
    confirmed_by: z.array(z.string()).describe("Names of the confirming sources"),
  }),
  sources: z
    .array(
      z.object({
        name: z.string(),
        type: z.string().describe("Source family: aggregate, market or dex"),
        series: z.string(),
        resolution: z.enum(["hourly", "daily"]),
        role: z
          .enum(["opened", "confirmed", "checked"])
          .describe("opened the event, confirmed it, or was checked and did not show it"),
        as_of: iso,
      }),
    )
    .describe("The opening series first"),
});

export const depegsResponseSchema = z.object({
  window: z.enum(["30d", "90d", "365d"]),
  asset: z.string().nullable().describe("The coin asked for with q; null across the market"),
  coins: z.array(z.string()).describe("Coins whose history was examined"),
  coin_set: z.string().nullable(),
  history_unavailable: z
    .array(z.string())
    .describe("Coins whose price history could not be read: their events are unknown, not absent"),
  events: z.array(depegEventSchema).describe("Newest first"),
  series: z
    .object({
      granularity: z.enum(["hourly", "daily"]),
      points: z.array(
        z.object({
          t: z.number().describe("Unix ms"),
          price: z.number(),
          deviation_bps: z.number(),
        }),
      ),
    })
    .nullable()
    .describe(
      "With q only: the price series of the window (hourly to 90 days, daily for 365 days)",
    ),
  metadata: z.object({
    sources: z.array(
      z.object({ name: z.string(), type: z.string(), role: z.string(), as_of: iso }),
    ),
    method: z.string(),
    rule: z.object({
      enter_beyond_bps: z.number(),
      enter_min_hours: z.number(),
      exit_within_bps: z.number(),
      exit_min_hours: z.number(),
      gap_factor: z.number(),
      hourly_max_interval_minutes: z.number(),
      market_min_circulating_usd: z.number(),
      confirm_min_circulating_usd: z.number(),
      confirm_beyond_bps: z.number(),
      thin_pool_max_tvl_usd: z.number(),
    }),
    as_of: iso,
  }),
  warnings: z.array(z.string()),
  warning_codes: warningCodesSchema,
  holderAnalyticsSupported: z.literal(false),
});
export type DepegsResponse = z.infer<typeof depegsResponseSchema>;
