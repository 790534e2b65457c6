/**
 * Chain-local peg (issue 28): the liquidity-weighted DEX-implied price of a coin on each chain,
 * from the pools the service already reads, and the `chain_local_depeg` flag — a chain where the
 * coin trades beyond `CHAIN_LOCAL_DEPEG_BPS` from 1.00 USD while its headline price is within
 * `CHAIN_AGGREGATE_CALM_BPS` (a local dislocation the aggregate price hides).
 */
import { MAX_POOL_TVL_USD } from "./depth";
import { BPS_PER_UNIT, PEG_TARGET_USD } from "./peg";
import { DECIMALS, roundTo } from "./precision";
import type { DexPool } from "./types";

/** Pools below this TVL are left out of the chain-local price (too thin to price the coin). */
export const CHAIN_PEG_MIN_POOL_TVL_USD = 50_000;
/** A chain-local deviation beyond this many bps is a local depeg … */
export const CHAIN_LOCAL_DEPEG_BPS = 100;
/** … when the coin's headline price is within this many bps of 1.00 USD. */
export const CHAIN_AGGREGATE_CALM_BPS = 50;
export const CHAIN_LOCAL_DEPEG_FLAG = "chain_local_depeg";

export interface ChainLocalPeg {
  chain: string;
  /** TVL-weighted mean of the coin's price over the counted pools. */
  priceUsd: number;
  deviationBps: number;
  /** Pools counted and their TVL (USD, each pool capped at the depth model's `MAX_POOL_TVL_USD`). */
  pools: number;
  tvlUsd: number;
  /** Pools left out for TVL below the floor or without a price. */
  poolsExcluded: number;
}

export interface ChainLocalDepegFlag {
  code: typeof CHAIN_LOCAL_DEPEG_FLAG;
  chain: string;
  deviationBps: number;
  aggregateDeviationBps: number;
}

/** Per chain, from every pool of the coin (one entry per pool address), largest TVL first. */
export function chainLocalPegs(pools: readonly DexPool[]): ChainLocalPeg[] {
  const byChain = new Map<string, { w: number; sum: number; n: number; out: number }>();
  const seen = new Set<string>();
  for (const p of pools) {
    const id = `${p.chain}:${p.pairAddress.toLowerCase()}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const acc = byChain.get(p.chain) ?? { w: 0, sum: 0, n: 0, out: 0 };
    byChain.set(p.chain, acc);
    const tvl = p.liquidityUsd;
    const price = p.assetPriceUsd;
    if (
      tvl === null ||
      !(tvl >= CHAIN_PEG_MIN_POOL_TVL_USD) ||
      price === null ||
      !Number.isFinite(price) ||
      price <= 0
    ) {
      acc.out += 1;
      continue;
    }
    // The depth model's per-pool TVL cap: one pool claiming billions must not set the price alone.
    const weight = Math.min(tvl, MAX_POOL_TVL_USD);
    acc.w += weight;
    acc.sum += price * weight;
    acc.n += 1;
  }
  const out: ChainLocalPeg[] = [];
  for (const [chain, a] of byChain) {
    if (a.w <= 0) continue;
    const priceUsd = a.sum / a.w;
    out.push({
      chain,
      priceUsd,
      deviationBps: (priceUsd - PEG_TARGET_USD) * BPS_PER_UNIT,
      pools: a.n,
      tvlUsd: a.w,
      poolsExcluded: a.out,
    });
  }
  return out.sort((x, y) => y.tvlUsd - x.tvlUsd || x.chain.localeCompare(y.chain));
}

/**
 * A deviation's size as answers report it (to 0.01 bps): 0.99 USD is 100 bps, not the
 * 100.00000000000009 its float subtraction gives, so it is within the threshold, not beyond.
 */
const reportedBps = (bps: number) => Math.abs(roundTo(bps, DECIMALS.bps));

/** The flags; none without a headline price (nothing to contrast the chain with). */
export function chainLocalDepegFlags(
  pegs: readonly ChainLocalPeg[],
  headlinePriceUsd: number | null,
): ChainLocalDepegFlag[] {
  if (headlinePriceUsd === null || !Number.isFinite(headlinePriceUsd) || headlinePriceUsd <= 0)
    return [];
  const aggregateDeviationBps = (headlinePriceUsd - PEG_TARGET_USD) * BPS_PER_UNIT;
  if (reportedBps(aggregateDeviationBps) > CHAIN_AGGREGATE_CALM_BPS) return [];
  return pegs
    .filter((p) => reportedBps(p.deviationBps) > CHAIN_LOCAL_DEPEG_BPS)
    .map((p) => ({
      code: CHAIN_LOCAL_DEPEG_FLAG,
      chain: p.chain,
      deviationBps: p.deviationBps,
      aggregateDeviationBps,
    }));
}
