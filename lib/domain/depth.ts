/**
 * Liquidity depth within ±2 % of the price, in USD.
 *
 * CEX depth: the market provider's order-book depth per ticker (`cost_to_move_up_usd` +
 * `cost_to_move_down_usd`, i.e. the USD needed to move the price +2 % and −2 %), summed over
 * the asset's non-stale, non-anomalous tickers.
 *
 * DEX depth: the DEX aggregator gives only pool TVL, so each pool is modelled as a
 * constant-product pool on *virtual* reserves `V = k × TVL / 2` per side, where `k` is the
 * pool type's amplification (named constants below):
 *   - constant product (Uniswap v2 style): k = 1 (the exact x·y = k curve);
 *   - concentrated liquidity (Uniswap v3/v4 style): k = 100 for stable↔stable pairs (liquidity
 *     sits in a narrow band around 1.00), k = 4 for stable↔volatile pairs;
 *   - stableswap (Curve style): k = 50 (an amplified curve flat around the peg).
 * Moving the price by a factor r on x·y = V² needs V(√r − 1) USD, so the ±2 % depth is
 * `V × (√1.02 − √0.98) ≈ 0.02 V = k × TVL × 1 %`, capped at the pool's real TVL.
 * Outlier caps: a pool's TVL counts at most `MAX_POOL_SHARE_OF_MARKET_CAP` of the asset's market
 * cap and `MAX_POOL_TVL_USD` in absolute terms; pools whose implied asset price is more than
 * `MAX_POOL_PRICE_DEVIATION` from 1.00 are excluded as broken or manipulated.
 */
import type { DexPool, MarketTicker } from "./types";
import { isUsdStable, type UsdStables } from "./stables";

export const DEPTH_BAND = 0.02;
export const AMPLIFICATION = {
  constantProduct: 1,
  concentratedStable: 100,
  concentratedVolatile: 4,
  stableswap: 50,
} as const;
export const MAX_POOL_SHARE_OF_MARKET_CAP = 0.2;
export const MAX_POOL_TVL_USD = 1_500_000_000;
export const MAX_POOL_PRICE_DEVIATION = 0.1;

export type PoolModel = "constant-product" | "concentrated-liquidity" | "stableswap";
export type PairKind = "stable-stable" | "stable-volatile";

const STABLESWAP_DEXES = /^(curve|ellipsis|saddle|platypus|wombat)/i;
const CONCENTRATED_LABELS = /^(v3|v4|cl|clmm|dlmm|slipstream)$/i;

export function classifyPool(pool: Pick<DexPool, "dexId" | "labels">): PoolModel {
  if (STABLESWAP_DEXES.test(pool.dexId)) return "stableswap";
  if (pool.labels.some((l) => CONCENTRATED_LABELS.test(l))) return "concentrated-liquidity";
  // Unlabelled pools are modelled with the most conservative curve.
  return "constant-product";
}

export function pairKind(
  pool: Pick<DexPool, "assetSide" | "baseToken" | "quoteToken" | "counterSymbol">,
  stables: UsdStables,
): PairKind {
  const counter = pool.assetSide === "base" ? pool.quoteToken : pool.baseToken;
  const token = { symbol: pool.counterSymbol, address: counter.address };
  return isUsdStable(token, stables) ? "stable-stable" : "stable-volatile";
}

export function amplification(model: PoolModel, kind: PairKind): number {
  if (model === "stableswap") return AMPLIFICATION.stableswap;
  if (model === "concentrated-liquidity") {
    return kind === "stable-stable"
      ? AMPLIFICATION.concentratedStable
      : AMPLIFICATION.concentratedVolatile;
  }
  return AMPLIFICATION.constantProduct;
}

export interface PoolDepth {
  pool: DexPool;
  model: PoolModel;
  pairKind: PairKind;
  amplification: number;
  /** TVL after outlier caps. */
  effectiveTvlUsd: number;
  capped: boolean;
  depth2pctUsd: number;
}

export interface PoolExclusion {
  pool: DexPool;
  reason: "no-liquidity" | "price-outlier";
}

/** ±2 % depth of one pool from its (capped) TVL under its model. */
export function poolDepth2pctUsd(effectiveTvlUsd: number, k: number): number {
  const virtualPerSide = (k * effectiveTvlUsd) / 2;
  const moved = virtualPerSide * (Math.sqrt(1 + DEPTH_BAND) - Math.sqrt(1 - DEPTH_BAND));
  return Math.min(moved, effectiveTvlUsd);
}

/** `stables`: the USD stablecoins a counter-token is checked against (lib/assets/usd-stables.ts). */
export function modelPools(
  pools: readonly DexPool[],
  marketCapUsd: number | null,
  stables: UsdStables,
): { included: PoolDepth[]; excluded: PoolExclusion[] } {
  const included: PoolDepth[] = [];
  const excluded: PoolExclusion[] = [];
  const seen = new Set<string>();
  const capByMcap =
    marketCapUsd && marketCapUsd > 0 ? marketCapUsd * MAX_POOL_SHARE_OF_MARKET_CAP : Infinity;
  for (const pool of pools) {
    const id = `${pool.chain}:${pool.pairAddress.toLowerCase()}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const tvl = pool.liquidityUsd;
    if (tvl === null || !Number.isFinite(tvl) || tvl <= 0) {
      excluded.push({ pool, reason: "no-liquidity" });
      continue;
    }
    if (
      pool.assetPriceUsd !== null &&
      Math.abs(pool.assetPriceUsd - 1) > MAX_POOL_PRICE_DEVIATION
    ) {
      excluded.push({ pool, reason: "price-outlier" });
      continue;
    }
    const cap = Math.min(capByMcap, MAX_POOL_TVL_USD);
    const effectiveTvlUsd = Math.min(tvl, cap);
    const model = classifyPool(pool);
    const kind = pairKind(pool, stables);
    const k = amplification(model, kind);
    included.push({
      pool,
      model,
      pairKind: kind,
      amplification: k,
      effectiveTvlUsd,
      capped: effectiveTvlUsd < tvl,
      depth2pctUsd: poolDepth2pctUsd(effectiveTvlUsd, k),
    });
  }
  return { included, excluded };
}

export interface CexDepth {
  depth2pctUsd: number;
  upUsd: number;
  downUsd: number;
  tickersWithDepth: number;
  venues: string[];
}

const positiveUsd = (x: number | null): number =>
  x !== null && Number.isFinite(x) && x > 0 ? x : 0;

/** A ticker's ±2 % depth (up, down), or null when it does not count (stale, anomalous, none). */
function tickerDepth(t: MarketTicker): { upUsd: number; downUsd: number } | null {
  if (t.isStale || t.isAnomaly) return null;
  if (t.costToMoveUpUsd === null && t.costToMoveDownUsd === null) return null;
  return { upUsd: positiveUsd(t.costToMoveUpUsd), downUsd: positiveUsd(t.costToMoveDownUsd) };
}

/** Sum of ±2 % order-book depth over usable tickers (stale/anomalous/no-depth skipped). */
export function cexDepth(tickers: readonly MarketTicker[]): CexDepth {
  let up = 0;
  let down = 0;
  let n = 0;
  const venues = new Set<string>();
  for (const t of tickers) {
    const d = tickerDepth(t);
    if (d === null) continue;
    up += d.upUsd;
    down += d.downUsd;
    n += 1;
    venues.add(t.exchange);
  }
  return {
    depth2pctUsd: up + down,
    upUsd: up,
    downUsd: down,
    tickersWithDepth: n,
    venues: [...venues].sort(),
  };
}

/**
 * Each exchange's part of `cexDepth` (by the venue's identifier): the history keeps it, so a drop
 * can be told from one venue's glitch. Only exchanges with a counted ticker appear.
 */
export function cexDepthByVenue(tickers: readonly MarketTicker[]): Record<string, number> {
  const byVenue: Record<string, number> = {};
  for (const t of tickers) {
    const d = tickerDepth(t);
    if (d !== null) byVenue[t.exchangeId] = (byVenue[t.exchangeId] ?? 0) + d.upUsd + d.downUsd;
  }
  return byVenue;
}

export interface DepthSplit {
  stableStableUsd: number;
  stableVolatileUsd: number;
}

export function splitByPairKind(pools: readonly PoolDepth[]): DepthSplit {
  let stableStableUsd = 0;
  let stableVolatileUsd = 0;
  for (const p of pools) {
    if (p.pairKind === "stable-stable") stableStableUsd += p.depth2pctUsd;
    else stableVolatileUsd += p.depth2pctUsd;
  }
  return { stableStableUsd, stableVolatileUsd };
}

/**
 * Estimated execution slippage of swapping `sizeUsd` through one pool under its model, in bps
 * (CPMM on virtual reserves: `S / (V + S)`). Null when the swap exceeds the pool's real
 * reserve on the output side (it cannot be filled there).
 */
export function estimatedImpactBps(p: PoolDepth, sizeUsd: number): number | null {
  if (!(sizeUsd > 0)) return 0;
  const realPerSide = p.effectiveTvlUsd / 2;
  if (sizeUsd >= realPerSide) return null;
  const virtualPerSide = (p.amplification * p.effectiveTvlUsd) / 2;
  return (sizeUsd / (virtualPerSide + sizeUsd)) * 10_000;
}
