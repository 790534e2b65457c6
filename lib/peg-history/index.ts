/** GET /api/stablecoin-peg-history: sparkline series for one window and its depeg statistics. */
import { loadAssetContext } from "@/lib/assets/context";
import { marketView } from "@/lib/assets/market-view";
import { W } from "@/lib/assets/warnings";
import { warningFields } from "@/lib/assets/warning-fields";
import { depegStats, type DepegWindow } from "@/lib/domain/depeg";
import type { PegHistoryResponse } from "./schema";
import { depegStatsJson, loadWindowSeries, seriesJson } from "./series";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export const PEG_HISTORY_METHOD =
  "Market-provider price history (5-minute points for 24h, hourly for 7d and 30d); deviation = (price − 1) × 10 000 bps; time-weighted depeg statistics with gaps excluded. See /methodology#depeg.";

export type PegHistoryResult =
  | {
      ok: true;
      body: Omit<PegHistoryResponse, "holderAnalyticsSupported">;
      degraded: boolean;
      upstream: boolean;
    }
  | { ok: false; suggestions: string[] };

export async function getPegHistory(
  q: string,
  window: DepegWindow,
  readOpts?: ReadOpts,
  now: () => number = Date.now,
): Promise<PegHistoryResult> {
  const r = await loadAssetContext(q, { pools: true }, readOpts);
  if (!r.ok) return r;
  const { ctx } = r;
  const series = await loadWindowSeries(ctx.asset.coingeckoId, window, readOpts);
  // The pool lookups' own warnings explain `dex_current_price`.
  const warnings = [...(ctx.pools?.warnings ?? [])];
  if (ctx.asset.coingeckoId === null) warnings.push(W.historyNotListed);
  else if (series.points === null)
    warnings.push(series.overBudget ? W.historyBudget : W.historyUnavailable);
  if (series.staleWarning) warnings.push(series.staleWarning);
  if (series.droppedWarning) warnings.push(series.droppedWarning);
  // As of the series' fetch time: stable body (and ETag) while the series is cached.
  const statsAt = series.asOf ?? now();
  const mv = marketView(ctx);
  return {
    ok: true,
    degraded: warnings.length > 0,
    upstream: ctx.upstream || series.upstream,
    body: {
      asset: ctx.asset.symbol,
      window,
      series: series.points ? seriesJson(series.points) : [],
      stats: depegStatsJson(depegStats(series.points ?? [], window, statsAt)),
      dex_current_price: mv.prices.dex,
      metadata: {
        // Only the providers actually asked for this coin are listed.
        sources: [
          ...(ctx.asset.coingeckoId !== null
            ? [
                {
                  name: "CoinGecko",
                  type: "market",
                  latency: "low" as const,
                  as_of: series.asOf ? new Date(series.asOf).toISOString() : null,
                },
              ]
            : []),
          ...(ctx.asked.dex
            ? [
                {
                  name: "DexScreener",
                  type: "liquidity",
                  latency: "low" as const,
                  as_of: ctx.pools?.asOf ? new Date(ctx.pools.asOf).toISOString() : null,
                },
              ]
            : []),
        ],
        method: PEG_HISTORY_METHOD,
        stats_as_of: new Date(statsAt).toISOString(),
      },
      ...warningFields(warnings),
    },
  };
}
