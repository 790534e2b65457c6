import type { PoolsBody } from "@/components/asset/types";
import type { PoolRecord } from "@/lib/pools/schema";

const pool = (
  over: Partial<PoolRecord> & Pick<PoolRecord, "chain" | "venue" | "pair_address">,
): PoolRecord => ({
  url: null,
  labels: [],
  pair: "USDC/USDT",
  counter_symbol: "USDT",
  pair_kind: "stable-stable",
  model: "stableswap",
  amplification: 50,
  liquidity_usd: 10_000_000,
  effective_tvl_usd: 10_000_000,
  capped: false,
  depth_2pct_usd: 5_000_000,
  volume_24h_usd: null,
  asset_price_usd: 1,
  ...over,
});

export const POOLS: PoolRecord[] = [
  pool({
    chain: "arbitrum",
    venue: "ramses",
    pair_address: "0xa1",
    labels: ["v3"],
    model: "concentrated-liquidity",
    amplification: 100,
    liquidity_usd: 2_156_237_649,
    effective_tvl_usd: 1_500_000_000,
    capped: true,
    depth_2pct_usd: 1_500_000_000,
  }),
  pool({ chain: "ethereum", venue: "curve", pair_address: "0xe1" }),
  pool({
    chain: "ethereum",
    venue: "uniswap",
    pair_address: "0xe2",
    pair: "USDC/WETH",
    counter_symbol: "WETH",
    pair_kind: "stable-volatile",
    model: "concentrated-liquidity",
    amplification: 4,
    depth_2pct_usd: 400_000,
  }),
  pool({
    chain: "base",
    venue: "uniswap",
    pair_address: "0xb1",
    model: "constant-product",
    amplification: 1,
    depth_2pct_usd: 100_000,
  }),
];

export const POOLS_BODY: PoolsBody = {
  asset: "USDC",
  pools: POOLS,
  excluded: [{ chain: "base", venue: "uniswap", pair_address: "0xb9", reason: "no-liquidity" }],
  pool_map: [],
  finder: null,
  chain_local_peg: [],
  flags: [],
  metadata: {
    sources: [
      { name: "DexScreener", type: "liquidity", latency: "low", as_of: "2026-01-15T12:00:00.000Z" },
    ],
    chains_queried: ["ethereum", "base", "arbitrum", "optimism"],
    contracts_source: "registry",
    method: "test",
  },
  warnings: [],
  warning_codes: [],
};
