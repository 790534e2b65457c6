/**
 * GET /api/stablecoin-risk: the risk console for one stablecoin — peg status and badge, depeg
 * statistics per window, depth with its breakdown, issuer concentration (market share, chain HHI,
 * exposure), velocity, supply momentum, and the risk score with its components and weights.
 * Point-in-time observations, not predictions.
 */
import { isoOrNull } from "@/lib/domain/time";
import { loadAssetContext } from "@/lib/assets/context";
import { DEFAULT_EXIT_SIZES_USD } from "@/lib/domain/exit-cost-constants";
import { exitCostFor, riskExitSummary } from "@/lib/exit-cost";
import { supplyDistribution, universeFields } from "@/lib/assets/distribution";
import { chainLocalDepegWarnings, coinChainPegFields } from "@/lib/chains/coin-peg";
import { coinRiskScore, depthNotMeasuredReason, marketView } from "@/lib/assets/market-view";
import { W } from "@/lib/assets/warnings";
import { addWarning, warningFields } from "@/lib/assets/warning-fields";
import { snapshotWarnings } from "@/lib/assets/snapshot-warnings";
import { pegBadge } from "@/lib/domain/badge";
import { chainHhi, issuerShare } from "@/lib/domain/concentration";
import { depegStats, type DepegWindow } from "@/lib/domain/depeg";
import { supplyMomentum } from "@/lib/domain/momentum";
import { pegDeviationBps } from "@/lib/domain/peg";
import { roundShareMap } from "@/lib/domain/precision";
import { velocity } from "@/lib/domain/velocity";
import { otherAssets } from "@/lib/intel";
import { issuerExposure } from "@/lib/issuers/exposure";
import { depegStatsJson, loadWindowSeries } from "@/lib/peg-history/series";
import { calledUpstream } from "@/lib/snapshot/read-through";
import { readSnapshot } from "@/lib/snapshot/snapshots";
import { issuerOf, listedAssets } from "@/lib/supply/panel";
import type { RiskResponse } from "./schema";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export type RiskResult =
  | {
      ok: true;
      body: Omit<RiskResponse, "holderAnalyticsSupported">;
      degraded: boolean;
      upstream: boolean;
    }
  | { ok: false; suggestions: string[] };

export async function getRiskConsole(
  q: string,
  readOpts?: ReadOpts,
  now: () => number = Date.now,
): Promise<RiskResult> {
  const r = await loadAssetContext(
    q,
    { quote: true, tickers: true, pools: true, supplySnapshot: true },
    readOpts,
  );
  if (!r.ok) return r;
  const { ctx } = r;
  // 5-minute history for 24h; hourly history covers both 7d and 30d.
  const [day, month, exposure, exit] = await Promise.all([
    loadWindowSeries(ctx.asset.coingeckoId, "24h", readOpts),
    loadWindowSeries(ctx.asset.coingeckoId, "30d", readOpts),
    readSnapshot("issuerExposure", readOpts),
    exitCostFor(ctx, DEFAULT_EXIT_SIZES_USD, readOpts),
  ]);
  // Statistics are computed as of each series' fetch time, so a body stays byte-identical
  // (same ETag) while its data is cached, and "as of" is honest.
  const dayAt = day.asOf ?? now();
  const monthAt = month.asOf ?? now();
  const mv = marketView(ctx);
  const warnings = [...ctx.warnings, ...mv.warnings, ...exit.warnings];
  const exitSummary = riskExitSummary(exit.body);
  // A coin the market provider does not list has no history to ask for: one warning says so.
  if (ctx.asset.coingeckoId === null) addWarning(warnings, W.historyNotListed);
  else if (day.points === null || month.points === null)
    warnings.push(day.overBudget || month.overBudget ? W.historyBudget : W.historyUnavailable);
  for (const w of snapshotWarnings(exposure)) addWarning(warnings, w);
  for (const s of [day, month]) if (s.droppedWarning) addWarning(warnings, s.droppedWarning);

  const stats: Record<DepegWindow, ReturnType<typeof depegStats>> = {
    "24h": depegStats(day.points ?? [], "24h", dayAt),
    "7d": depegStats(month.points ?? [], "7d", monthAt),
    "30d": depegStats(month.points ?? [], "30d", monthAt),
  };
  const badge = pegBadge({
    market: mv.prices.market,
    aggregate: mv.prices.aggregate,
    dex: mv.prices.dex,
  });
  const dist = supplyDistribution(ctx, warnings);
  const chainPeg = coinChainPegFields(ctx.pools?.value ?? null, {
    aggregate: mv.prices.aggregate,
    market: mv.prices.market,
  });
  warnings.push(...chainLocalDepegWarnings(chainPeg.flags));
  const entry = ctx.aggregateEntry;
  const listed = ctx.aggregate.value ? listedAssets(ctx.aggregate.value) : [];
  const issuer = ctx.asset.issuer;
  const share =
    issuer && listed.length > 0
      ? issuerShare(
          issuer,
          listed.map((a) => ({ issuer: issuerOf(a) ?? a.name, circulatingUsd: a.circulatingUsd })),
        )
      : null;
  const assetExposure = exposure.ok
    ? (issuerExposure(exposure.rows).find(
        (e) => e.token_symbol.toLowerCase() === ctx.asset.symbol.toLowerCase(),
      ) ?? null)
    : null;
  const vel = velocity(mv.volume24hUsd, mv.marketCapUsd);
  const momentum = supplyMomentum({
    currentUsd: entry?.circulatingUsd ?? null,
    prevDayUsd: entry?.circulatingPrevDayUsd ?? null,
    prevWeekUsd: entry?.circulatingPrevWeekUsd ?? null,
  });
  const transparency = ctx.asset.overlay?.transparency ?? null;
  const score = coinRiskScore(
    ctx,
    mv,
    exitSummary.measuredAt1m,
    month.points ? stats["30d"] : null,
  );

  // Only the providers actually asked for this coin are listed.
  const sources: RiskResponse["metadata"]["sources"] = [
    ...(ctx.asked.market
      ? [
          {
            name: "CoinGecko",
            type: "market",
            latency: "low" as const,
            as_of: isoOrNull(ctx.quote?.asOf ?? day.asOf ?? null),
          },
        ]
      : []),
    ...(ctx.asked.dex
      ? [
          {
            name: "DexScreener",
            type: "liquidity",
            latency: "low" as const,
            as_of: isoOrNull(ctx.pools?.asOf ?? null),
          },
        ]
      : []),
    { name: "DefiLlama", type: "aggregate", latency: "low", as_of: isoOrNull(ctx.aggregate.asOf) },
    ...(ctx.supplySnapshot?.ok && dist.usedSnapshot
      ? [
          {
            name: "Dune",
            type: "on-chain-scheduled",
            last_updated: ctx.supplySnapshot.executionEndedAt,
            role: "supply distribution",
          },
        ]
      : []),
    ...(exposure.ok
      ? [
          {
            name: "Dune",
            type: "on-chain-scheduled",
            last_updated: exposure.executionEndedAt,
            role: "issuer exposure",
          },
        ]
      : []),
  ];

  return {
    ok: true,
    degraded: warnings.length > 0,
    upstream:
      ctx.upstream || day.upstream || month.upstream || (exposure.ok && calledUpstream(exposure)),
    body: {
      asset: ctx.asset.symbol,
      name: ctx.asset.name,
      backing: ctx.asset.backing,
      issuer,
      resolved: {
        defillama_id: ctx.asset.defillamaId,
        coingecko_id: ctx.asset.coingeckoId,
        other_assets_with_symbol: otherAssets(ctx),
      },
      peg: {
        price_usd: mv.priceUsd,
        price_source: mv.priceSource,
        deviation_bps: pegDeviationBps(mv.priceUsd),
        status: stats["24h"].status,
        badge: {
          on: badge.on,
          reason: badge.reason,
          tolerance_usd: badge.toleranceUsd,
          checked_prices: badge.checkedPrices.map((p) => ({
            source: p.source,
            price_usd: p.priceUsd,
          })),
          max_spread_bps: badge.maxSpreadBps,
        },
      },
      depeg: {
        "24h": depegStatsJson(stats["24h"]),
        "7d": depegStatsJson(stats["7d"]),
        "30d": depegStatsJson(stats["30d"]),
      },
      depth: {
        total_2pct_usd: mv.totalDepthUsd,
        not_measured_reason: depthNotMeasuredReason(mv, warnings),
        cex_2pct_usd: mv.cexDepthUsd,
        dex_2pct_usd: mv.dexDepthUsd,
        dex_stable_stable_usd: mv.dexSplit?.stableStableUsd ?? null,
        dex_stable_volatile_usd: mv.dexSplit?.stableVolatileUsd ?? null,
        depth_to_market_cap:
          mv.totalDepthUsd !== null && mv.marketCapUsd ? mv.totalDepthUsd / mv.marketCapUsd : null,
      },
      exit_cost: exitSummary.body,
      issuer_concentration: {
        issuer,
        issuer_share_of_usd_market_pct:
          share?.share !== null && share?.share !== undefined ? share.share * 100 : null,
        chain_hhi: chainHhi(dist.shares),
        supply_distribution: roundShareMap(dist.shares),
        supply_distribution_source: dist.source,
        supply_distribution_universe: universeFields(dist.universe),
        exposure: assetExposure,
      },
      velocity: {
        value: vel.value,
        label: vel.label,
        volume_24h_usd: mv.volume24hUsd,
        market_cap_usd: mv.marketCapUsd,
        market_cap_source: mv.marketCapSource,
      },
      momentum: {
        current_usd: momentum.currentUsd,
        change_24h_usd: momentum.change24h.changeUsd,
        change_24h_pct: momentum.change24h.changePct,
        change_7d_usd: momentum.change7d.changeUsd,
        change_7d_pct: momentum.change7d.changePct,
      },
      risk_score: {
        score: score.score,
        coverage: score.coverage,
        scale: "0–100, higher = lower observed risk",
        components: score.components.map((c) => ({
          name: c.name,
          value: c.value,
          scored_value: c.scoredValue,
          weight: c.weight,
          effective_weight: c.effectiveWeight,
          inputs: c.inputs,
          method: c.method,
        })),
        missing: score.missing,
        disclaimer: score.disclaimer,
        transparency_source: transparency?.sourceUrl ?? null,
      },
      metadata: {
        sources,
        stats_as_of: {
          "24h": new Date(dayAt).toISOString(),
          "30d": new Date(monthAt).toISOString(),
        },
      },
      ...warningFields(warnings),
    },
  };
}
