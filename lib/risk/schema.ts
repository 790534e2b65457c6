import { z } from "zod";
import { warningCodesSchema } from "@/lib/assets/warning-fields";
import { distributionUniverseSchema, otherAssetSchema } from "@/lib/intel/schema";
import { depegStatsSchema, liveSourceSchema } from "@/lib/peg-history/schema";

/** Every key of a body is snake_case, like the spec's own fields. */
const SNAKE_CASE_KEY = /^[a-z0-9]+(_[a-z0-9]+)*$/;

const n = z.number().nullable();

export const riskResponseSchema = z.object({
  asset: z.string(),
  name: z.string(),
  backing: z.enum(["fiat-backed", "crypto-backed", "algorithmic"]).nullable(),
  issuer: z.string().nullable(),
  resolved: z.object({
    defillama_id: z.string().nullable(),
    coingecko_id: z.string().nullable(),
    other_assets_with_symbol: z.array(otherAssetSchema),
  }),
  peg: z.object({
    price_usd: n,
    price_source: z
      .enum(["market", "aggregate", "dex"])
      .nullable()
      .describe("Which source answered price_usd; null when none has a price"),
    deviation_bps: n,
    status: z.enum(["on-peg", "minor", "moderate", "severe", "unknown"]),
    badge: z.object({
      on: z.boolean(),
      reason: z.string(),
      tolerance_usd: z.tuple([z.number(), z.number()]),
      checked_prices: z.array(
        z.object({ source: z.enum(["market", "aggregate", "dex"]), price_usd: z.number() }),
      ),
      max_spread_bps: n,
    }),
  }),
  depeg: z.object({ "24h": depegStatsSchema, "7d": depegStatsSchema, "30d": depegStatsSchema }),
  depth: z.object({
    total_2pct_usd: n.describe("null when no venue reported depth"),
    not_measured_reason: z.string().nullable().describe("Why total_2pct_usd is null"),
    cex_2pct_usd: n,
    dex_2pct_usd: n,
    dex_stable_stable_usd: n,
    dex_stable_volatile_usd: n,
    depth_to_market_cap: n,
  }),
  exit_cost: z
    .object({
      holds_peg_up_to_usd: n.describe(
        "Largest size of the default exit-cost ladder at which the best exit is within peg_threshold_bps of $1.00; null: not measured (peg_measured false) or not even at the smallest size",
      ),
      peg_measured: z.boolean(),
      cost_at_1m_bps: n.describe(
        "Best measured exit cost of $1M, bps from $1.00; null when not measured or not fillable",
      ),
      peg_threshold_bps: z.number(),
    })
    .describe("Summary of GET /api/stablecoin-exit-cost over the default ladder"),
  issuer_concentration: z.object({
    issuer: z.string().nullable(),
    issuer_share_of_usd_market_pct: n,
    chain_hhi: n.describe(
      "0–10 000 over supply_distribution: the chains of supply_distribution_universe only",
    ),
    supply_distribution: z.record(z.string(), z.number()),
    supply_distribution_source: z.enum(["on-chain-scheduled", "aggregate"]).nullable(),
    supply_distribution_universe: distributionUniverseSchema,
    exposure: z
      .object({
        token_symbol: z.string(),
        issuer: z.string(),
        held_by_issuer_entities_tokens: z.number(),
        total_supply_tokens: z.number(),
        share_of_supply: n,
        chains: z.array(z.string()),
        entities: z.array(
          z.object({ label: z.string(), chain: z.string(), label_source: z.string() }),
        ),
      })
      .nullable(),
  }),
  velocity: z.object({
    value: n,
    label: z.enum(["parked", "moderate", "active", "unknown"]),
    volume_24h_usd: n,
    market_cap_usd: n,
    market_cap_source: z.enum(["market", "aggregate"]).nullable(),
  }),
  momentum: z.object({
    current_usd: n,
    change_24h_usd: n,
    change_24h_pct: n,
    change_7d_usd: n,
    change_7d_pct: n,
  }),
  risk_score: z.object({
    score: n.describe(
      "0–100, higher = lower observed risk: Σ weight × scored_value over every component (unknown ones scored 0, never renormalised); null when nothing was measured",
    ),
    coverage: z
      .number()
      .min(0)
      .max(1)
      .describe("Share of the score's weight that was measured (1 = every component known)"),
    scale: z.string(),
    components: z.array(
      z.object({
        name: z.enum(["transparency", "liquidity", "pegStability"]),
        value: n.describe("The measured component; null when its input is unknown"),
        scored_value: z
          .number()
          .describe("What the score counts: `value`, or 0 (the weakest known value) when unknown"),
        weight: z.number(),
        effective_weight: z
          .number()
          .describe("The component's weight in the score; equals `weight` (no renormalisation)"),
        inputs: z.record(
          z.string().regex(SNAKE_CASE_KEY, "input names are snake_case"),
          z.union([z.number(), z.string(), z.null()]),
        ),
        method: z.string(),
      }),
    ),
    missing: z
      .array(z.enum(["transparency", "liquidity", "pegStability"]))
      .describe("Components whose input is unknown (scored 0), for every coin alike"),
    disclaimer: z.string(),
    transparency_source: z.string().nullable(),
  }),
  metadata: z.object({
    sources: z.array(liveSourceSchema),
    stats_as_of: z
      .object({ "24h": z.string(), "30d": z.string() })
      .describe(
        "Depeg statistics are computed as of the fetch time of the 24h and 30d price series",
      ),
  }),
  warnings: z.array(z.string()),
  warning_codes: warningCodesSchema,
  holderAnalyticsSupported: z.literal(false),
});

export type RiskResponse = z.infer<typeof riskResponseSchema>;
