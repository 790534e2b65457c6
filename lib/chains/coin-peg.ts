/**
 * A coin's chain-local peg on every chain where the service reads its pools, and its
 * `chain_local_depeg` flags, against its aggregate price (the market price when the aggregate
 * has none). Pure: the pools API and the coin page pass what they already read. The intel and risk
 * answers also carry each flag as a warning, where users look first.
 */
import { warning, type Warning } from "@/lib/assets/warnings";
import {
  CHAIN_AGGREGATE_CALM_BPS,
  CHAIN_LOCAL_DEPEG_FLAG,
  chainLocalDepegFlags,
  chainLocalPegs,
} from "@/lib/domain/chain-peg";
import type { DexPool } from "@/lib/domain/types";
import type { ChainFlagRecord, CoinChainPegRecord } from "./schema";
import { fallbackLabel } from "./table";

/** Decimals of the deviation in the warning sentence (a flag at 100.4 bps must not read "100"). */
const SENTENCE_BPS_DECIMALS = 1;

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

/** One warning per flag, naming the chain and its deviation (code `chain_local_depeg`). */
export function chainLocalDepegWarnings(flags: readonly ChainFlagRecord[]): Warning[] {
  return flags.map((f) =>
    warning(
      "DexScreener",
      "liquidity",
      CHAIN_LOCAL_DEPEG_FLAG,
      `in its ${fallbackLabel(f.chain)} pools the coin trades ${Math.abs(f.deviation_bps).toFixed(SENTENCE_BPS_DECIMALS)} bps ${f.deviation_bps < 0 ? "below" : "above"} 1.00 USD (TVL-weighted) while its price is within ${CHAIN_AGGREGATE_CALM_BPS} bps: a chain-local depeg.`,
    ),
  );
}
