/**
 * Peg-history series for one asset and window, from the market provider's price history
 * (5-minute points for 24h, hourly for 7d and 30d) — never from scheduled on-chain queries —
 * plus depeg statistics in the response's snake_case shape.
 */
import { isoOrNull } from "@/lib/domain/time";
import type { DepegStats, DepegWindow } from "@/lib/domain/depeg";
import { pegDeviationBps } from "@/lib/domain/peg";
import type { PricePoint } from "@/lib/domain/types";
import { once } from "@/lib/render-once";
import { pricesDropped, staleReason, staleWarning, type Warning } from "@/lib/assets/warnings";
import { readMarketChart } from "@/lib/snapshot/live";
import type { ReadOpts } from "@/lib/snapshot/read-opts";
import { calledUpstream } from "@/lib/snapshot/read-through";
import { isRateBudgetError } from "@/lib/budget/calls";

/** The market provider's history request for each window. */
export const WINDOW_DAYS: Readonly<Record<DepegWindow, 1 | 7 | 30>> = {
  "24h": 1,
  "7d": 7,
  "30d": 30,
};

export function depegStatsJson(s: DepegStats) {
  return {
    window: s.window,
    points: s.points,
    from: isoOrNull(s.firstMs),
    to: isoOrNull(s.lastMs),
    worst_deviation_bps: s.worstDeviationBps,
    worst_at: isoOrNull(s.worstAtMs),
    share_outside_10_bps: s.shareOutside10Bps,
    share_outside_50_bps: s.shareOutside50Bps,
    share_outside_100_bps: s.shareOutside100Bps,
    excursions_beyond_100_bps: s.excursionsBeyond100Bps,
    coverage: s.coverage,
    gap_ms: s.gapMs,
    current_deviation_bps: s.currentDeviationBps,
    status: s.status,
  };
}
export type DepegStatsJson = ReturnType<typeof depegStatsJson>;

/** The chart points; a point without a price has no deviation and is left out (never 0 bps). */
export function seriesJson(points: readonly PricePoint[]) {
  return points.flatMap((p) => {
    const deviation = pegDeviationBps(p.priceUsd);
    return deviation === null
      ? []
      : [{ t: p.timestampMs, price: p.priceUsd, deviation_bps: deviation }];
  });
}

export interface WindowSeries {
  points: PricePoint[] | null;
  /** No points because the market provider's call budget is spent (`market_rate_budget`). */
  overBudget: boolean;
  asOf: number | null;
  /** A copy past its fresh time: the warning that says so (null when fresh). */
  staleWarning: Warning | null;
  /** The read needed a provider call. */
  upstream: boolean;
  /** Points the provider sent that were not prices: the warning with their count, or null. */
  droppedWarning: Warning | null;
}

/** Price history for a window; null points when the market provider is unavailable. */
export async function loadWindowSeries(
  coingeckoId: string | null,
  window: DepegWindow,
  readOpts?: ReadOpts,
): Promise<WindowSeries> {
  if (!coingeckoId)
    return {
      points: null,
      overBudget: false,
      asOf: null,
      staleWarning: null,
      droppedWarning: null,
      upstream: false,
    };
  return once(`chart:${coingeckoId}:${WINDOW_DAYS[window]}`, () =>
    readWindowSeries(coingeckoId, window, readOpts),
  );
}

async function readWindowSeries(
  coingeckoId: string,
  window: DepegWindow,
  readOpts?: ReadOpts,
): Promise<WindowSeries> {
  try {
    const r = await readMarketChart(coingeckoId, WINDOW_DAYS[window], readOpts);
    const reason = staleReason({ stale: r.source === "stale", error: r.error });
    const warning = reason && staleWarning("history", reason, r.storedAt);
    // An empty series (a valid, negatively cached answer) measures nothing: unavailable.
    const points = r.value.prices.length > 0 ? r.value.prices : null;
    const dropped = r.value.droppedPrices;
    return {
      points,
      overBudget: false,
      asOf: points ? r.storedAt : null,
      staleWarning: points ? warning : null,
      droppedWarning:
        dropped > 0 ? pricesDropped(dropped, `the ${WINDOW_DAYS[window]}-day price history`) : null,
      upstream: calledUpstream(r),
    };
  } catch (error) {
    return {
      points: null,
      overBudget: isRateBudgetError(error),
      asOf: null,
      staleWarning: null,
      droppedWarning: null,
      upstream: false,
    };
  }
}
