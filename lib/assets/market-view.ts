/**
 * The market numbers every per-asset view shares, derived once from an AssetContext: price,
 * market cap, volume, CEX and modelled DEX ±2 % depth, and the independent prices.
 */
import {
  cexDepth,
  modelPools,
  splitByPairKind,
  type CexDepth,
  type DepthSplit,
  type PoolDepth,
} from "@/lib/domain/depth";
import type { AssetContext } from "./context";

export interface MarketView {
  priceUsd: number | null;
  marketCapUsd: number | null;
  volume24hUsd: number | null;
  cex: CexDepth | null;
  pools: {
    included: PoolDepth[];
    excluded: { pool: PoolDepth["pool"]; reason: "no-liquidity" | "price-outlier" }[];
  } | null;
  dexDepthUsd: number | null;
  dexSplit: DepthSplit | null;
  /** CEX + DEX; null only when both parts are unknown. */
  totalDepthUsd: number | null;
  prices: { market: number | null; aggregate: number | null; dex: number | null };
}

export const finite = (n: number | null | undefined): number | null =>
  n === null || n === undefined || !Number.isFinite(n) ? null : n;

/** TVL-weighted mean of the asset's price over counted pools; null without pools. */
export function dexImpliedPrice(pools: readonly PoolDepth[]): number | null {
  let weight = 0;
  let sum = 0;
  for (const p of pools) {
    const price = p.pool.assetPriceUsd;
    if (price === null || !Number.isFinite(price)) continue;
    weight += p.effectiveTvlUsd;
    sum += price * p.effectiveTvlUsd;
  }
  return weight > 0 ? sum / weight : null;
}

export function marketView(ctx: AssetContext): MarketView {
  const quote = ctx.quote?.value ?? null;
  const priceUsd = finite(quote?.priceUsd);
  const marketCapUsd = finite(quote?.marketCapUsd);
  const cex = ctx.tickers?.value ? cexDepth(ctx.tickers.value) : null;
  const capBase = marketCapUsd ?? finite(ctx.aggregateEntry?.circulatingUsd);
  const pools = ctx.pools?.value ? modelPools(ctx.pools.value, capBase) : null;
  const dexDepthUsd = pools ? pools.included.reduce((a, p) => a + p.depth2pctUsd, 0) : null;
  return {
    priceUsd,
    marketCapUsd,
    volume24hUsd: finite(quote?.volume24hUsd),
    cex,
    pools,
    dexDepthUsd,
    dexSplit: pools ? splitByPairKind(pools.included) : null,
    totalDepthUsd:
      cex === null && dexDepthUsd === null ? null : (cex?.depth2pctUsd ?? 0) + (dexDepthUsd ?? 0),
    prices: {
      market: priceUsd,
      aggregate: finite(ctx.aggregateEntry?.priceUsd),
      dex: pools ? dexImpliedPrice(pools.included) : null,
    },
  };
}
