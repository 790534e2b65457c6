/**
 * A coin's chain-local peg on every chain where the service reads its pools, and its
 * `chain_local_depeg` flags, against its aggregate price (the market price when the aggregate
 * has none). Pure: the pools API and the coin page pass what they already read.
 */
import { chainLocalDepegFlags, chainLocalPegs } from "@/lib/domain/chain-peg";
import type { DexPool } from "@/lib/domain/types";
import type { ChainFlagRecord, CoinChainPegRecord } from "./schema";

export function coinChainPegFields(
  pools: readonly DexPool[] | null,
  prices: { aggregate: number | null; market: number | null },
): { chain_local_peg: CoinChainPegRecord[]; flags: ChainFlagRecord[] } {
  const pegs = chainLocalPegs(pools ?? []);
  const headline = prices.aggregate ?? prices.market;
  return {
    chain_local_peg: pegs.map((p) => ({
      chain: p.chain,
      price_usd: p.priceUsd,
      deviation_bps: p.deviationBps,
      pools: p.pools,
      tvl_usd: p.tvlUsd,
      pools_excluded: p.poolsExcluded,
    })),
    flags: chainLocalDepegFlags(pegs, headline).map((f) => ({
      code: f.code,
      chain: f.chain,
      deviation_bps: f.deviationBps,
      aggregate_deviation_bps: f.aggregateDeviationBps,
    })),
  };
}
