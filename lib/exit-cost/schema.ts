/** Body of GET /api/stablecoin-exit-cost: cost of selling each size, per venue, best and split. */
import { z } from "zod";
import { warningCodesSchema } from "@/lib/assets/warning-fields";

export const notMeasuredReasonSchema = z
  .enum([
    "empty-book",
    "crossed-book",
    "no-quote-price",
    "no-price",
    "no-decimals",
    "no-quote",
    "source-unavailable",
    "rate-budget",
  ])
  .describe("Why a figure is null (not measured)");

const pointSchema = z.object({
  size_usd: z.number(),
  cost_bps: z
    .number()
    .nullable()
    .describe(
      "Cost in bps from $1.00 of selling the whole size; null when not measured or not fillable",
    ),
  fillable: z.boolean().nullable().describe("null when not measured"),
  unfilled_usd: z.number().nullable().describe("The part of the size the venue could not take"),
  gas_usd: z
    .number()
    .nullable()
    .describe("DEX only: the aggregator's gas estimate, beside the cost"),
  not_measured_reason: notMeasuredReasonSchema.nullable(),
});

export const exitVenueSchema = z.object({
  id: z.string().describe("`<venue>:<pair>` for a CEX book, `kyberswap:<chain>` for DEX quotes"),
  venue: z.string(),
  kind: z.enum(["cex", "dex"]),
  chain: z.string().nullable(),
  pair: z.string(),
  source: z.string(),
  as_of: z.string().nullable(),
  stale: z.boolean(),
  points: z.array(pointSchema),
});

export const exitCostResponseSchema = z.object({
  asset: z.string(),
  sizes_usd: z.array(z.number()),
  venues: z.array(exitVenueSchema),
  ladder: z.array(
    z.object({
      size_usd: z.number(),
      best: z
        .object({ venue_id: z.string(), cost_bps: z.number() })
        .nullable()
        .describe("The cheapest single venue that takes the whole size; null when none does"),
      best_fillable: z
        .boolean()
        .nullable()
        .describe(
          "Whether one venue takes the whole size: false when venues were measured and each leaves part unfilled (not fillable); null when no venue measured the size",
        ),
      best_unfilled_usd: z
        .number()
        .nullable()
        .describe(
          "The smallest part of the size a single venue leaves unfilled: 0 when one fills it, null when not measured",
        ),
      split_estimate: z
        .object({
          estimate: z.literal(true),
          cost_bps: z.number().nullable(),
          unfilled_usd: z.number(),
          allocations: z.array(z.object({ venue_id: z.string(), share: z.number() })),
        })
        .nullable()
        .describe("Greedy split across venues on marginal cost: an estimate (see method)"),
      holds_peg: z
        .boolean()
        .nullable()
        .describe("Best exit within peg_threshold_bps; null when not measured"),
    }),
  ),
  holds_peg_up_to_usd: z
    .number()
    .nullable()
    .describe(
      "Largest ladder size up to which the coin holds its peg; null: not measured, or not even at the smallest size (see peg_measured)",
    ),
  peg_measured: z.boolean(),
  peg_threshold_bps: z.number(),
  metadata: z.object({
    sources: z.array(
      z.object({ name: z.string(), type: z.string(), as_of: z.string().nullable() }),
    ),
    method: z.string(),
    split_method: z.string(),
  }),
  warnings: z.array(z.string()),
  warning_codes: warningCodesSchema,
  holderAnalyticsSupported: z.literal(false),
});

export type ExitCostResponse = z.infer<typeof exitCostResponseSchema>;
export type ExitVenue = z.infer<typeof exitVenueSchema>;
