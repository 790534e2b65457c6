/**
 * Per-chain USD stablecoin supply (issue 28), pure: chain totals and their 1/7/30-day change, the
 * coins on a chain with their dominance, and one coin's native vs bridged-in split on a chain.
 * Inputs are the aggregate's USD-valued `chainCirculating` (canonical chain keys) and, for the
 * split, the latest per-chain balance row in peg units (only its ratios are used).
 */
import { USD_PEG_TYPE } from "./constants";
import { percentShares } from "./precision";
import { sumKnown, totalChange } from "./supply";
import type { AggregateAsset } from "./types";

/** Coins listed with each chain of the ranking (the rest are in the chain's own view). */
export const CHAIN_TOP_COINS = 3;
/** Allowed gap between a chain's total and the sum of its coins (fraction, issue 28 goal). */
export const CHAIN_SUM_TOLERANCE = 0.005;

export interface ChainCoin {
  id: string;
  symbol: string;
  name: string;
  circulatingUsd: number;
  prevDayUsd: number | null;
  prevWeekUsd: number | null;
  prevMonthUsd: number | null;
  /** Share of the chain's coin sum, in percent (to 1e-4; the chain's coins add up to 100). */
  dominancePct: number;
}

export interface ChainSummary {
  chain: string;
  /** The chain's USD stablecoin total: the aggregate's chain total when listed, else the coin sum. */
  totalUsd: number;
  /** Sum of the USD-pegged coins' current supply on the chain. */
  coinsSumUsd: number;
  change1dPct: number | null;
  change7dPct: number | null;
  change30dPct: number | null;
  change1dUsd: number | null;
  change7dUsd: number | null;
  change30dUsd: number | null;
  coins: ChainCoin[];
}

/** Every USD-pegged coin with a positive current supply on `chain`, largest first. */
export function coinsOnChain(assets: readonly AggregateAsset[], chain: string): ChainCoin[] {
  const rows = assets.flatMap((a) => {
    if (a.pegType !== USD_PEG_TYPE || !Object.hasOwn(a.chainCirculating, chain)) return [];
    const c = a.chainCirculating[chain];
    if (!c || !(c.currentUsd > 0)) return [];
    return [{ a, c }];
  });
  const dominance = percentShares(rows.map((r) => r.c.currentUsd));
  return rows
    .map(({ a, c }, i) => ({
      id: a.id,
      symbol: a.symbol,
      name: a.name,
      circulatingUsd: c.currentUsd,
      prevDayUsd: c.prevDayUsd,
      prevWeekUsd: c.prevWeekUsd,
      prevMonthUsd: c.prevMonthUsd,
      dominancePct: dominance[i] as number,
    }))
    .sort((x, y) => y.circulatingUsd - x.circulatingUsd || x.id.localeCompare(y.id));
}

/**
 * A chain's change over a window: current coin sum against the sum of the coins' earlier values.
 * A coin without an earlier record (new on the chain) counts as growth; null when no coin has one.
 */
function windowChange(coins: readonly ChainCoin[], pick: (c: ChainCoin) => number | null) {
  return totalChange(coins, (c) => c.circulatingUsd, pick);
}

export function summariseChain(
  chain: string,
  coins: ChainCoin[],
  listedTotalUsd: number | null,
): ChainSummary {
  const coinsSumUsd = coins.reduce((s, c) => s + c.circulatingUsd, 0);
  const d = windowChange(coins, (c) => c.prevDayUsd);
  const w = windowChange(coins, (c) => c.prevWeekUsd);
  const m = windowChange(coins, (c) => c.prevMonthUsd);
  return {
    chain,
    totalUsd: listedTotalUsd !== null && listedTotalUsd > 0 ? listedTotalUsd : coinsSumUsd,
    coinsSumUsd,
    change1dPct: d.changePct,
    change7dPct: w.changePct,
    change30dPct: m.changePct,
    change1dUsd: d.changeUsd,
    change7dUsd: w.changeUsd,
    change30dUsd: m.changeUsd,
    coins,
  };
}

/**
 * Every chain that holds USD stablecoins, ranked by total. `listed`: the aggregate's own chain
 * totals (canonical chain → USD), or null when that list is unavailable.
 */
export function rankChains(
  assets: readonly AggregateAsset[],
  listed: ReadonlyMap<string, number | null> | null,
): ChainSummary[] {
  const chains = new Set<string>(listed ? listed.keys() : []);
  for (const a of assets)
    if (a.pegType === USD_PEG_TYPE) for (const c of Object.keys(a.chainCirculating)) chains.add(c);
  return [...chains]
    .map((chain) => summariseChain(chain, coinsOnChain(assets, chain), listed?.get(chain) ?? null))
    .filter((s) => s.totalUsd > 0)
    .sort((a, b) => b.totalUsd - a.totalUsd || a.chain.localeCompare(b.chain));
}

/** Whether the coins add up to the chain's total within `CHAIN_SUM_TOLERANCE`. */
export function coinsMatchTotal(s: Pick<ChainSummary, "totalUsd" | "coinsSumUsd">): boolean {
  return s.totalUsd > 0 && Math.abs(s.coinsSumUsd - s.totalUsd) / s.totalUsd <= CHAIN_SUM_TOLERANCE;
}

export interface BalanceRow {
  circulating: number | null;
  bridgedTo: number | null;
}

export interface NativeBridgedSplit {
  nativeUsd: number;
  bridgedUsd: number;
  /** Bridged-in share of the chain's supply, 0–1. */
  bridgedShare: number;
}

/**
 * Native vs bridged-in supply on one chain: the bridged-in share of the latest balance row
 * (`bridgedTo / circulating`, peg units, clamped to 0–1) applied to the aggregate's USD figure,
 * so the two parts add up to the chain figure the rest of the service shows. Null when the row
 * has no circulating amount or no bridged record.
 */
export function nativeBridgedSplit(
  rows: readonly BalanceRow[],
  currentUsd: number,
): NativeBridgedSplit | null {
  const circulating = sumKnown(rows.map((r) => r.circulating));
  const bridged = sumKnown(rows.map((r) => r.bridgedTo));
  if (circulating === null || !(circulating > 0) || bridged === null) return null;
  const bridgedShare = Math.min(1, Math.max(0, bridged / circulating));
  return {
    nativeUsd: currentUsd * (1 - bridgedShare),
    bridgedUsd: currentUsd * bridgedShare,
    bridgedShare,
  };
}
