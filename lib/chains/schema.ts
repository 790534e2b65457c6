/** Bodies of GET /api/stablecoin-chains (every chain) and `?chain=` (one chain's coins). */
import { z } from "zod";
import { warningCodesSchema } from "@/lib/assets/warning-fields";

const pct = (what: string) =>
  z.number().nullable().describe(`${what} in percent; null when no earlier record exists`);
const usd = (what: string) => z.number().nullable().describe(`${what} in USD; null when unknown`);

export const chainTopCoinSchema = z.object({
  id: z.string().describe("DefiLlama id"),
  symbol: z.string(),
  name: z.string(),
  selector: z
    .string()
    .describe("The coin's canonical selector (its page is /stablecoins/{selector})"),
  circulating_usd: z.number(),
  dominance_pct: z.number().describe("Share of the chain's coins, percent"),
});

export const chainSummarySchema = z.object({
  chain: z.string().describe("Canonical lowercase chain name (`bnb`, `optimism`, `tron`)"),
  name: z.string().describe("Display name (the aggregate's label)"),
  rank: z.number().int(),
  total_circulating_usd: z.number().describe("USD stablecoin supply on the chain"),
  coins_sum_usd: z.number().describe("Sum of the listed coins' supply on the chain"),
  share_of_market_pct: z.number().describe("Share of the USD stablecoin supply of all chains"),
  change_1d_pct: pct("1-day change"),
  change_7d_pct: pct("7-day change"),
  change_30d_pct: pct("30-day change"),
  change_1d_usd: usd("1-day change"),
  change_7d_usd: usd("7-day change"),
  change_30d_usd: usd("30-day change"),
  coins: z.number().int().describe("USD stablecoins with supply on the chain"),
  top_coins: z.array(chainTopCoinSchema),
});

const sourcesSchema = z.array(
  z.object({ name: z.string(), type: z.string(), as_of: z.string().nullable() }),
);

export const chainsListResponseSchema = z.object({
  chains: z.array(chainSummarySchema),
  total_circulating_usd: z.number(),
  metadata: z.object({ sources: sourcesSchema, method: z.string() }),
  warnings: z.array(z.string()),
  warning_codes: warningCodesSchema,
  holderAnalyticsSupported: z.literal(false),
});

export const chainLocalPegSchema = z
  .object({
    price_usd: z.number().describe("TVL-weighted mean DEX price of the coin on the chain"),
    deviation_bps: z.number().describe("From 1.00 USD, basis points"),
    pools: z.number().int().describe("Pools counted (TVL ≥ the floor)"),
    tvl_usd: z.number().describe("TVL of the counted pools"),
    pools_excluded: z.number().int().describe("Pools below the TVL floor or without a price"),
  })
  .nullable()
  .describe("Null where the service reads no pools of the coin on the chain");

export const chainFlagSchema = z.object({
  code: z.literal("chain_local_depeg"),
  chain: z.string(),
  asset: z.string().optional(),
  deviation_bps: z.number(),
  aggregate_deviation_bps: z.number(),
});

export const chainCoinSchema = chainTopCoinSchema.extend({
  change_7d_pct: pct("7-day change"),
  native_usd: usd("Natively minted supply on the chain"),
  bridged_usd: usd("Bridged-in supply on the chain"),
  bridged_share: z.number().nullable().describe("Bridged-in share, 0–1; null when not measured"),
  bridges: z.array(z.object({ name: z.string(), source_chain: z.string().nullable() })),
  chain_local_peg: chainLocalPegSchema,
});

export const chainDetailResponseSchema = z.object({
  chain: chainSummarySchema,
  coins: z.array(chainCoinSchema),
  history: z
    .array(z.object({ date: z.string(), circulating_usd: z.number() }))
    .describe("Daily USD stablecoin supply on the chain, oldest first"),
  flags: z.array(chainFlagSchema),
  metadata: z.object({
    sources: sourcesSchema,
    method: z.string(),
    split_measured_coins: z.number().int().describe("Coins whose native/bridged split was read"),
    peg_measured_coins: z.number().int().describe("Coins whose pools were read"),
  }),
  warnings: z.array(z.string()),
  warning_codes: warningCodesSchema,
  holderAnalyticsSupported: z.literal(false),
});

export type ChainSummaryRecord = z.infer<typeof chainSummarySchema>;
export type ChainsListResponse = z.infer<typeof chainsListResponseSchema>;
export type ChainDetailResponse = z.infer<typeof chainDetailResponseSchema>;
export type ChainCoinRecord = z.infer<typeof chainCoinSchema>;
export type ChainFlagRecord = z.infer<typeof chainFlagSchema>;
export type ChainLocalPegRecord = z.infer<typeof chainLocalPegSchema>;

/** One chain of a coin's chain-local peg (the coin's pools API and page). */
export const coinChainPegSchema = z.object({
  chain: z.string(),
  price_usd: z.number().describe("TVL-weighted mean DEX price of the coin on the chain"),
  deviation_bps: z.number().describe("From 1.00 USD, basis points"),
  pools: z.number().int().describe("Pools counted (TVL ≥ 50 000 USD)"),
  tvl_usd: z.number().describe("TVL of the counted pools"),
  pools_excluded: z.number().int().describe("Pools below the TVL floor or without a price"),
});
export type CoinChainPegRecord = z.infer<typeof coinChainPegSchema>;
