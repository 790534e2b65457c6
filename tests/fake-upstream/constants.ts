/**
 * Facts about the synthetic data that route, e2e and soak tests can assert on. Everything here is
 * deterministic; times are relative to the fake upstream's clock (`now`).
 */
import { addressFor, hash256For } from "./data/rng";

/** Query ids the demo configures; the fake upstream serves Dune results only for these. */
export const DEMO_DUNE_QUERY_IDS = {
  DUNE_QUERY_SUPPLY_BY_CHAIN: "4000001",
  DUNE_QUERY_CEX_FLOWS: "4000002",
  DUNE_QUERY_PROTOCOL_FLOWS: "4000003",
  DUNE_QUERY_CHAIN_MIGRATION: "4000004",
  DUNE_QUERY_ISSUER_EXPOSURE: "4000005",
} as const;

/**
 * A peg excursion in the CoinGecko market_chart series: the deviation ramps linearly from 0 bps
 * at `fromHoursAgo` to `extremeBps` at `plateauFromHoursAgo`, stays there until
 * `plateauToHoursAgo`, and ramps back to 0 at `toHoursAgo`. Inside the episode no noise is added,
 * so the extreme price is exact (1 + extremeBps / 10 000).
 */
export interface PegEpisode {
  coingeckoId: string;
  fromHoursAgo: number;
  plateauFromHoursAgo: number;
  plateauToHoursAgo: number;
  toHoursAgo: number;
  extremeBps: number;
}

export const PEG_EPISODES: readonly PegEpisode[] = [
  // USDC: −150 bps (0.9850) trough ~4 days ago; beyond −100 bps from 96.67 h to 91.33 h ago
  // (hourly points 96..92 h ago are < 0.9900). Visible in 7d and 30d, not in 24h.
  {
    coingeckoId: "usd-coin",
    fromHoursAgo: 100,
    plateauFromHoursAgo: 95,
    plateauToHoursAgo: 93,
    toHoursAgo: 88,
    extremeBps: -150,
  },
  // DAI: mild +60 bps (1.0060) spike 20 days ago (480 h); only the 30d window shows it.
  {
    coingeckoId: "dai",
    fromHoursAgo: 484,
    plateauFromHoursAgo: 480,
    plateauToHoursAgo: 480,
    toHoursAgo: 476,
    extremeBps: 60,
  },
];

/** Outside episodes, market_chart prices stay within ± this many bps of the coin's current price. */
export const PEG_NOISE_BPS = 3;

/** DexScreener pools with data quirks, for assertions in pool-map / deep-liquidity tests. */
export const DEX_QUIRKS = {
  /** USDC (native) on arbitrum: one "ramses" v3 USDC/USDT pool reporting ~2.16 B USD liquidity. */
  outlierPool: {
    chainId: "arbitrum",
    tokenAddress: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
    dexId: "ramses",
    pairAddress: addressFor("dex-outlier", "USDC", "arbitrum"),
    liquidityUsd: 2_156_237_649.52,
  },
  /** USDC (native) on base: one uniswap v4 pool without a `liquidity` object. */
  noLiquidityPool: {
    chainId: "base",
    tokenAddress: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    dexId: "uniswap",
    pairAddress: hash256For("dex-noliq", "USDC", "base"),
  },
  /**
   * DAI on arbitrum trades at 0.968 in every pool there (−320 bps) while its aggregate price is
   * within 20 bps: the recorded chain-local depeg (issue 28). No other chain or coin is off peg.
   */
  chainLocalDepeg: { symbol: "DAI", chainId: "arbitrum", priceUsd: 0.968 },
} as const;

/**
 * Unlabeled wallets that recur in the cex_flows rows (each appears in ≥ 5 rows, mixed
 * directions), so `?wallet=` filtering has something to find.
 */
export const DEMO_REPEATED_WALLETS: readonly string[] = [0, 1, 2, 3, 4, 5].map((i) =>
  addressFor("repeated-wallet", i),
);

/** Number of cex_flows rows (> 100, so `limit=100` pagination needs a second page). */
export const CEX_FLOW_ROW_COUNT = 150;

/**
 * `execution_ended_at` of every demo Dune result: the current hour (UTC) minus 3 hours, so the
 * snapshot is between 3 and 4 hours old and stays identical for a whole hour (stable pagination).
 */
export function duneExecutionEndedAt(nowMs: number): number {
  const hour = 3_600_000;
  return Math.floor(nowMs / hour) * hour - 3 * hour;
}
