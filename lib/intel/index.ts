/**
 * GET /api/stablecoin-intel: peg, liquidity and supply context for one stablecoin (docs/api.md): live price and depth from the market provider and DEX aggregator, supply
 * distribution from the cached on-chain snapshot (aggregate fallback), and provenance.
 */
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { isoOrNull } from "@/lib/domain/time";
import { loadAssetContext, type AssetContext } from "@/lib/assets/context";
import { chainLocalDepegWarnings, coinChainPegFields } from "@/lib/chains/coin-peg";
import { supplyDistribution, universeFields } from "@/lib/assets/distribution";
import { depthNotMeasuredReason, marketView } from "@/lib/assets/market-view";
import { warningFields } from "@/lib/assets/warning-fields";
import { confidenceScore } from "@/lib/domain/confidence";
import { pegDeviationBps } from "@/lib/domain/peg";
import { roundShareMap } from "@/lib/domain/precision";
import type { IntelResponse } from "./schema";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export const DEPTH_METHOD =
  "CEX: sum of ±2% order-book depth over the asset's tickers. DEX: per-pool model on TVL (constant product, concentrated liquidity, stableswap) with outlier caps. See /methodology#depth.";
export const CONFIDENCE_METHOD =
  "Source availability (snapshot freshness against its TTL) plus pairwise agreement of independent prices. See /methodology#confidence.";

/** The other assets sharing the resolved symbol, with the selector that reaches each. */
export function otherAssets(ctx: AssetContext) {
  return ctx.alternatives.map((a) => ({
    symbol: a.symbol,
    name: a.name,
    defillama_id: a.defillamaId,
    circulating_usd: a.circulatingUsd,
    selector: a.selector ?? a.defillamaId,
  }));
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

export function buildIntel(
  ctx: AssetContext,
  now: number,
): Omit<IntelResponse, "holderAnalyticsSupported"> {
  const mv = marketView(ctx);
  const warnings = [...ctx.warnings, ...mv.warnings];
  const price = mv.priceUsd;
  const cex = mv.cex;
  const modelled = mv.pools;

  const dist = supplyDistribution(ctx, warnings);
  const snap = ctx.supplySnapshot?.ok ? ctx.supplySnapshot : null;

  const sources: IntelResponse["metadata"]["sources"] = [];
  if (ctx.quote?.value || mv.cexDepthUsd !== null) {
    sources.push({
      name: "CoinGecko",
      type: "market",
      latency: "low",
      as_of: isoOrNull(ctx.quote?.asOf ?? ctx.tickers?.asOf ?? null),
    });
  }
  if (modelled && modelled.included.length > 0) {
    sources.push({
      name: "DexScreener",
      type: "liquidity",
      latency: "low",
      as_of: isoOrNull(ctx.pools?.asOf ?? null),
    });
  }
  if (ctx.aggregateEntry) {
    sources.push({
      name: "DefiLlama",
      type: "aggregate",
      latency: "low",
      as_of: isoOrNull(ctx.aggregate.asOf),
      role: [
        "asset resolution",
        mv.priceSource === "aggregate" ? "price" : "price cross-check",
        ...(mv.marketCapSource === "aggregate" ? ["market cap"] : []),
        ...(dist.source === "aggregate" ? ["supply distribution"] : []),
      ].join(", "),
    });
  }
  if (snap && dist.usedSnapshot) {
    sources.push({
      name: "Dune",
      type: "on-chain-scheduled",
      last_updated: snap.executionEndedAt,
      role: "supply distribution",
    });
  }

  const confidence = confidenceScore({
    market: mv.prices.market !== null,
    cexDepth: mv.cexDepthUsd !== null,
    dex: modelled !== null && modelled.included.length > 0,
    aggregate: ctx.aggregateEntry !== null,
    onChain:
      snap && dist.usedSnapshot
        ? { ageMs: now - Date.parse(snap.executionEndedAt), ttlMs: snap.ttlSeconds * MS_PER_SECOND }
        : null,
    prices: mv.prices,
  });

  const chainPeg = coinChainPegFields(ctx.pools?.value ?? null, {
    aggregate: mv.prices.aggregate,
    market: mv.prices.market,
  });
  warnings.push(...chainLocalDepegWarnings(chainPeg.flags));
  return {
    asset: ctx.asset.symbol,
    flags: chainPeg.flags,
    data: {
      price,
      price_source: mv.priceSource,
      peg_deviation_bps: pegDeviationBps(price),
      market_cap_usd: mv.marketCapUsd,
      market_cap_source: mv.marketCapSource,
      liquidity_depth_2pct_usd: mv.totalDepthUsd,
      volume_24h_usd: mv.volume24hUsd,
      supply_distribution: roundShareMap(dist.shares),
      supply_distribution_source: dist.source,
      supply_distribution_universe: universeFields(dist.universe),
      liquidity_depth_breakdown: {
        cex_usd: mv.cexDepthUsd,
        cex_up_usd: mv.cexDepthUsd !== null && cex ? cex.upUsd : null,
        cex_down_usd: mv.cexDepthUsd !== null && cex ? cex.downUsd : null,
        cex_venues: cex?.venues ?? [],
        dex_usd: mv.dexDepthUsd,
        dex_stable_stable_usd: mv.dexSplit?.stableStableUsd ?? null,
        dex_stable_volatile_usd: mv.dexSplit?.stableVolatileUsd ?? null,
        dex_pools_counted: modelled?.included.length ?? 0,
        dex_pools_excluded: modelled?.excluded.length ?? 0,
        dex_pools_capped: modelled?.included.filter((p) => p.capped).length ?? 0,
        not_measured_reason: depthNotMeasuredReason(mv, warnings),
        method: DEPTH_METHOD,
      },
      price_sources: mv.prices,
      chain_local_peg: chainPeg.chain_local_peg,
      prices: mv.sourcedPrices.map((p) => ({
        source: p.source,
        price_usd: p.priceUsd,
        as_of: isoOrNull(p.asOf),
      })),
    },
    metadata: {
      sources,
      confidence_score: confidence.score,
      confidence_breakdown: {
        availability: round3(confidence.availability),
        agreement: round3(confidence.agreement),
        method: CONFIDENCE_METHOD,
      },
      resolved: {
        symbol: ctx.asset.symbol,
        name: ctx.asset.name,
        defillama_id: ctx.asset.defillamaId,
        coingecko_id: ctx.asset.coingeckoId,
        backing: ctx.asset.backing,
        issuer: ctx.asset.issuer,
        matched_by: ctx.matchedBy,
        other_assets_with_symbol: otherAssets(ctx),
      },
    },
    ...warningFields(warnings),
  };
}

export type IntelResult =
  | {
      ok: true;
      body: Omit<IntelResponse, "holderAnalyticsSupported">;
      degraded: boolean;
      upstream: boolean;
    }
  | { ok: false; suggestions: string[] };

export async function getStablecoinIntel(
  q: string,
  readOpts?: ReadOpts,
  now: () => number = Date.now,
): Promise<IntelResult> {
  const r = await loadAssetContext(
    q,
    { quote: true, tickers: true, pools: true, supplySnapshot: true },
    readOpts,
  );
  if (!r.ok) return r;
  const body = buildIntel(r.ctx, now());
  return { ok: true, body, degraded: body.warnings.length > 0, upstream: r.ctx.upstream };
}
