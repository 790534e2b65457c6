/**
 * GET /api/stablecoin-pools: the asset's DEX pools by venue × chain (DEX aggregator data), each
 * with its modelled ±2 % depth, and — for a swap size — pools ranked by estimated price impact
 * under each pool's model (the deep-liquidity finder).
 */
import { loadAssetContext } from "@/lib/assets/context";
import { usdStablesOf } from "@/lib/assets/usd-stables";
import { warningFields } from "@/lib/assets/warning-fields";
import { coinChainPegFields } from "@/lib/chains/coin-peg";
import { estimatedImpactBps, modelPools, type PoolDepth } from "@/lib/domain/depth";
import { safePoolUrl } from "@/lib/providers/dexscreener/map";
import type { PoolRecord, PoolsResponse } from "./schema";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export const POOLS_METHOD =
  "Pools from the DEX aggregator; ±2% depth modelled per pool type on TVL with outlier caps. See /methodology#depth.";
export const FINDER_METHOD =
  "Estimated execution slippage S / (V + S) on the pool's virtual reserves V = k × TVL / 2; a swap larger than the pool's real reserve on one side is not fillable there. See /methodology#finder.";
export const MAX_FINDER_RESULTS = 10;

const positiveOrNull = (n: number | null | undefined): number | null =>
  n !== null && n !== undefined && Number.isFinite(n) && n > 0 ? n : null;

const pairName = (p: PoolDepth, symbol: string) => `${symbol}/${p.pool.counterSymbol}`;

function toRecord(p: PoolDepth, symbol: string, sizeUsd: number | null): PoolRecord {
  return {
    chain: p.pool.chain,
    venue: p.pool.dexId,
    pair_address: p.pool.pairAddress,
    // Checked again on the way out: a value cached before the mapper checked links is dropped too.
    url: safePoolUrl(p.pool.url),
    labels: p.pool.labels,
    pair: pairName(p, symbol),
    counter_symbol: p.pool.counterSymbol,
    pair_kind: p.pairKind,
    model: p.model,
    amplification: p.amplification,
    liquidity_usd: p.pool.liquidityUsd ?? 0,
    effective_tvl_usd: p.effectiveTvlUsd,
    capped: p.capped,
    depth_2pct_usd: p.depth2pctUsd,
    volume_24h_usd: p.pool.volume24hUsd,
    asset_price_usd: p.pool.assetPriceUsd,
    ...(sizeUsd !== null ? { estimated_impact_bps: estimatedImpactBps(p, sizeUsd) } : {}),
  };
}

function poolMap(pools: readonly PoolDepth[]): PoolsResponse["pool_map"] {
  const cells = new Map<string, PoolsResponse["pool_map"][number]>();
  for (const p of pools) {
    const key = `${p.pool.dexId}|${p.pool.chain}`;
    const c = cells.get(key) ?? {
      venue: p.pool.dexId,
      chain: p.pool.chain,
      pools: 0,
      liquidity_usd: 0,
      depth_2pct_usd: 0,
    };
    c.pools += 1;
    c.liquidity_usd += p.effectiveTvlUsd;
    c.depth_2pct_usd += p.depth2pctUsd;
    cells.set(key, c);
  }
  return [...cells.values()].sort((a, b) => b.depth_2pct_usd - a.depth_2pct_usd);
}

/** Pools ranked by estimated impact for `sizeUsd`; unfillable pools last. */
export function rankForSwap(pools: readonly PoolDepth[], symbol: string, sizeUsd: number) {
  return pools
    .map((p) => {
      const impact = estimatedImpactBps(p, sizeUsd);
      return {
        chain: p.pool.chain,
        venue: p.pool.dexId,
        pair_address: p.pool.pairAddress,
        pair: pairName(p, symbol),
        estimated_impact_bps: impact,
        fillable: impact !== null,
      };
    })
    .sort((a, b) => (a.estimated_impact_bps ?? Infinity) - (b.estimated_impact_bps ?? Infinity))
    .slice(0, MAX_FINDER_RESULTS);
}

export type PoolsResult =
  | {
      ok: true;
      body: Omit<PoolsResponse, "holderAnalyticsSupported">;
      degraded: boolean;
      upstream: boolean;
    }
  | { ok: false; suggestions: string[] };

export async function getPools(
  q: string,
  sizeUsd: number | null,
  readOpts?: ReadOpts,
): Promise<PoolsResult> {
  const r = await loadAssetContext(q, { pools: true, quote: true }, readOpts);
  if (!r.ok) return r;
  const { ctx } = r;
  const marketCap =
    positiveOrNull(ctx.quote?.value?.marketCapUsd) ?? ctx.aggregateEntry?.circulatingUsd ?? null;
  const modelled = ctx.pools?.value
    ? modelPools(ctx.pools.value, marketCap, usdStablesOf(ctx.aggregate.value))
    : { included: [], excluded: [] };
  const included = [...modelled.included].sort((a, b) => b.depth2pctUsd - a.depth2pctUsd);
  // The aggregate's state and the pool lookups' own warnings (contracts, DEX answers).
  const warnings = [
    ...ctx.warnings.filter((w) => w.source === "DefiLlama"),
    ...(ctx.pools?.warnings ?? []),
  ];
  return {
    ok: true,
    degraded: warnings.length > 0,
    upstream: ctx.upstream,
    body: {
      asset: ctx.asset.symbol,
      pools: included.map((p) => toRecord(p, ctx.asset.symbol, sizeUsd)),
      excluded: modelled.excluded.map((e) => ({
        chain: e.pool.chain,
        venue: e.pool.dexId,
        pair_address: e.pool.pairAddress,
        reason: e.reason,
      })),
      pool_map: poolMap(included),
      finder:
        sizeUsd !== null
          ? {
              size_usd: sizeUsd,
              ranked: rankForSwap(included, ctx.asset.symbol, sizeUsd),
              method: FINDER_METHOD,
            }
          : null,
      // Chain-local peg over every pool read (not only the modelled ones: an off-peg chain is the point).
      ...coinChainPegFields(ctx.pools?.value ?? null, {
        aggregate: positiveOrNull(ctx.aggregateEntry?.priceUsd),
        market: positiveOrNull(ctx.quote?.value?.priceUsd),
      }),
      metadata: {
        // Only listed when the DEX aggregator was actually asked.
        sources: ctx.asked.dex
          ? [
              {
                name: "DexScreener",
                type: "liquidity",
                latency: "low",
                as_of: ctx.pools?.asOf ? new Date(ctx.pools.asOf).toISOString() : null,
              },
            ]
          : [],
        chains_queried: ctx.pools?.chains ?? [],
        contracts_source: ctx.pools?.contracts ?? null,
        method: POOLS_METHOD,
      },
      ...warningFields(warnings),
    },
  };
}
