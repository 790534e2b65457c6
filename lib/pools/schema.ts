/** Body of GET /api/stablecoin-pools: pool map (venue × chain) and the deep-liquidity finder. */
import { z } from "zod";
import { chainFlagSchema, coinChainPegSchema } from "@/lib/chains/schema";
import { warningCodesSchema } from "@/lib/assets/warning-fields";

export const poolRecordSchema = z.object({
  chain: z.string(),
  venue: z.string().describe("DEX id, e.g. uniswap, curve"),
  pair_address: z.string(),
  url: z.string().nullable(),
  labels: z.array(z.string()),
  pair: z.string().describe("ASSET/COUNTER"),
  counter_symbol: z.string(),
  pair_kind: z.enum(["stable-stable", "stable-volatile"]),
  model: z.enum(["constant-product", "concentrated-liquidity", "stableswap"]),
  amplification: z.number(),
  liquidity_usd: z.number(),
  effective_tvl_usd: z.number(),
  capped: z.boolean(),
  depth_2pct_usd: z.number(),
  volume_24h_usd: z.number().nullable(),
  asset_price_usd: z.number().nullable(),
  estimated_impact_bps: z.number().nullable().optional(),
});

export const poolsResponseSchema = z.object({
  asset: z.string(),
  pools: z.array(poolRecordSchema),
  excluded: z.array(
    z.object({
      chain: z.string(),
      venue: z.string(),
      pair_address: z.string(),
      reason: z.enum(["no-liquidity", "price-outlier"]),
    }),
  ),
  pool_map: z.array(
    z.object({
      venue: z.string(),
      chain: z.string(),
      pools: z.number().int(),
      liquidity_usd: z.number(),
      depth_2pct_usd: z.number(),
    }),
  ),
  finder: z
    .object({
      size_usd: z.number(),
      ranked: z.array(
        z.object({
          chain: z.string(),
          venue: z.string(),
          pair_address: z.string(),
          pair: z.string(),
          estimated_impact_bps: z.number().nullable(),
          fillable: z.boolean(),
        }),
      ),
      method: z.string(),
    })
    .nullable(),
  chain_local_peg: z
    .array(coinChainPegSchema)
    .describe("Per chain with pools: the coin's TVL-weighted DEX price (pools ≥ 50 000 USD TVL)"),
  flags: z
    .array(chainFlagSchema)
    .describe(
      "`chain_local_depeg`: a chain where the coin trades beyond 100 bps from 1.00 USD while its aggregate price is within 50 bps",
    ),
  metadata: z.object({
    sources: z.array(
      z.object({
        name: z.string(),
        type: z.string(),
        latency: z.literal("low").optional(),
        as_of: z.string().nullable(),
      }),
    ),
    chains_queried: z.array(z.string()).describe("Canonical chains whose contracts were looked up"),
    contracts_source: z
      .enum(["registry", "market-provider"])
      .nullable()
      .describe("Where the contract addresses came from; null when none are known"),
    method: z.string(),
  }),
  warnings: z.array(z.string()),
  warning_codes: warningCodesSchema,
  holderAnalyticsSupported: z.literal(false),
});

export type PoolsResponse = z.infer<typeof poolsResponseSchema>;
export type PoolRecord = z.infer<typeof poolRecordSchema>;
