/** The normalized stablecoin response, defined once: validated in tests, published as OpenAPI. */
import { z } from "zod";
import { chainFlagSchema, coinChainPegSchema } from "@/lib/chains/schema";
import { warningCodesSchema } from "@/lib/assets/warning-fields";

const usd = z.number().nullable();

export const sourceEntrySchema = z.object({
  name: z.string(),
  type: z.enum(["market", "liquidity", "on-chain-scheduled", "aggregate"]),
  latency: z.literal("low").optional(),
  last_updated: z
    .string()
    .optional()
    .describe("Scheduled source: execution_ended_at of the last successful run."),
  as_of: z.string().nullable().optional().describe("When this service fetched the data."),
  role: z.string().optional(),
});

/** Another asset sharing the resolved symbol (the largest holder wins a bare symbol). */
export const otherAssetSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  defillama_id: z.string(),
  circulating_usd: z.number().nullable().describe("Null when the aggregate has no record"),
  selector: z
    .string()
    .describe("A q that resolves to this asset; its page is /stablecoins/{selector}"),
});

/** What `supply_distribution` (and the chain HHI over it) counts: provider, chains, as of when. */
export const distributionUniverseSchema = z
  .object({
    provider: z.enum(["Dune", "DefiLlama"]),
    chains: z
      .array(z.string())
      .describe(
        "Every chain the source measures (lowercase canonical), not only those holding this coin; supply on other chains is not counted",
      ),
    as_of: z
      .string()
      .nullable()
      .describe("The scheduled snapshot's last run, or when the aggregate was fetched"),
    description: z.string(),
  })
  .nullable()
  .describe(
    "The universe of supply_distribution (supply_distribution_source names its source type); null when there is no distribution",
  );

export const intelResponseSchema = z.object({
  asset: z.string(),
  data: z.object({
    price: usd.describe("USD; from the source named by price_source"),
    price_source: z
      .enum(["market", "aggregate", "dex"])
      .nullable()
      .describe(
        "Which source answered the price: market provider, else the aggregate, else DEX-implied; null when none has one",
      ),
    peg_deviation_bps: usd.describe("(price − 1) × 10 000"),
    market_cap_usd: usd,
    market_cap_source: z
      .enum(["market", "aggregate"])
      .nullable()
      .describe("Market provider's market cap, else the aggregate's circulating USD"),
    liquidity_depth_2pct_usd: usd.describe(
      "CEX ±2 % order-book depth + modelled DEX ±2 % depth over the measured parts; null when no venue reported depth",
    ),
    volume_24h_usd: usd,
    supply_distribution: z
      .record(z.string(), z.number().min(0).max(1))
      .describe("Lowercase canonical chain → fraction of supply; sums to 1"),
    supply_distribution_source: z.enum(["on-chain-scheduled", "aggregate"]).nullable(),
    supply_distribution_universe: distributionUniverseSchema,
    liquidity_depth_breakdown: z.object({
      cex_usd: usd,
      cex_up_usd: usd,
      cex_down_usd: usd,
      cex_venues: z.array(z.string()),
      dex_usd: usd,
      dex_stable_stable_usd: usd,
      dex_stable_volatile_usd: usd,
      dex_pools_counted: z.number().int(),
      dex_pools_excluded: z.number().int(),
      dex_pools_capped: z.number().int(),
      not_measured_reason: z
        .string()
        .nullable()
        .describe("Why liquidity_depth_2pct_usd is null; null when it is measured"),
      method: z.string(),
    }),
    price_sources: z.object({ market: usd, aggregate: usd, dex: usd }),
    chain_local_peg: z
      .array(coinChainPegSchema)
      .describe("Per chain with pools: the coin's TVL-weighted DEX price (pools ≥ 50 000 USD TVL)"),
    prices: z
      .array(
        z.object({
          source: z
            .enum(["market", "defillama-coins", "aggregate", "dex"])
            .describe(
              "market = CoinGecko, defillama-coins = DefiLlama coins API (the second independent price; by CoinGecko id, or for a coin without one by the aggregate's contract address once its detail is cached), aggregate = DefiLlama stablecoins, dex = DEX-implied",
            ),
          price_usd: usd.describe("null when the source has no price for this coin"),
          as_of: z
            .string()
            .nullable()
            .describe("When this service fetched it; null without a price"),
        }),
      )
      .describe(
        "Every independent price with its source; more than 50 bps between two provider prices adds the warning price_sources_disagree",
      ),
  }),
  flags: z
    .array(chainFlagSchema)
    .describe(
      "`chain_local_depeg`: a chain where the coin trades beyond 100 bps from 1.00 USD while its aggregate price is within 50 bps",
    ),
  metadata: z.object({
    sources: z.array(sourceEntrySchema),
    confidence_score: z.number().min(0).max(1),
    confidence_breakdown: z.object({
      availability: z.number(),
      agreement: z.number(),
      method: z.string(),
    }),
    resolved: z.object({
      symbol: z.string(),
      name: z.string(),
      defillama_id: z.string().nullable(),
      coingecko_id: z.string().nullable(),
      backing: z.enum(["fiat-backed", "crypto-backed", "algorithmic"]).nullable(),
      issuer: z.string().nullable(),
      matched_by: z.enum(["symbol", "coingecko-id", "defillama-id"]),
      other_assets_with_symbol: z.array(otherAssetSchema),
    }),
  }),
  warnings: z.array(z.string()),
  warning_codes: warningCodesSchema,
  holderAnalyticsSupported: z.literal(false),
});

export type IntelResponse = z.infer<typeof intelResponseSchema>;
