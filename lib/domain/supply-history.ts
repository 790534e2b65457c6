/**
 * Supply history maths (pure; USD amounts, unix ms). The panels' 7 d / 30 d changes are read off
 * the same series the chart draws, so the numbers and the chart always agree:
 *
 *   current  = the latest point;
 *   previous = the point nearest to current − window, within ±MOMENTUM_MATCH_TOLERANCE_MS (12 h)
 *              and before the current point (`nearestBefore` in momentum.ts);
 *   change   = current − previous, and ÷ previous × 100 (`supplyChange`); null without a match.
 *
 * Stacked market chart: the top coins' series aligned on the total's dates; "other" = total − the
 * sum of the top coins, null on a date where any top coin has no point (unknown is not zero).
 */
import { nearestBefore } from "./momentum";
import { supplyChange } from "./supply";
import type { SupplyPoint } from "./types";

const DAY_MS = 86_400_000;
export const SUPPLY_CHANGE_WINDOWS_MS = { "7d": 7 * DAY_MS, "30d": 30 * DAY_MS } as const;
export type SupplyChangeWindow = keyof typeof SUPPLY_CHANGE_WINDOWS_MS;
/** Beyond this age a chart keeps one point a week (daily points only for the last year). */
export const DAILY_DETAIL_MS = 365 * DAY_MS;
export const THINNED_STEP_MS = 7 * DAY_MS;

export interface SupplyHistoryChange {
  previousUsd: number | null;
  previousAtMs: number | null;
  changeUsd: number | null;
  changePct: number | null;
}

export interface SupplyHistorySummary {
  currentUsd: number | null;
  asOfMs: number | null;
  changes: Record<SupplyChangeWindow, SupplyHistoryChange>;
}

function clean(points: readonly SupplyPoint[]): SupplyPoint[] {
  return points
    .filter((p) => Number.isFinite(p.timestampMs) && Number.isFinite(p.circulatingUsd))
    .sort((a, b) => a.timestampMs - b.timestampMs);
}

/** Latest value and its 7 d / 30 d changes, from the series alone. */
export function summarizeSupplyHistory(points: readonly SupplyPoint[]): SupplyHistorySummary {
  const s = clean(points);
  const latest = s[s.length - 1];
  const change = (w: SupplyChangeWindow): SupplyHistoryChange => {
    if (!latest) return { previousUsd: null, previousAtMs: null, changeUsd: null, changePct: null };
    const prev = nearestBefore(
      s,
      latest.timestampMs - SUPPLY_CHANGE_WINDOWS_MS[w],
      latest.timestampMs,
    );
    return {
      previousUsd: prev?.circulatingUsd ?? null,
      previousAtMs: prev?.timestampMs ?? null,
      ...supplyChange(latest.circulatingUsd, prev?.circulatingUsd ?? null),
    };
  };
  return {
    currentUsd: latest?.circulatingUsd ?? null,
    asOfMs: latest?.timestampMs ?? null,
    changes: { "7d": change("7d"), "30d": change("30d") },
  };
}

/** Daily points for the last year, one a week before that (the latest of each week kept). */
export function thinSupplyHistory(points: readonly SupplyPoint[]): SupplyPoint[] {
  const s = clean(points);
  const last = s[s.length - 1];
  if (!last) return [];
  const detailFrom = last.timestampMs - DAILY_DETAIL_MS;
  return s.filter((p, i) => {
    if (p.timestampMs >= detailFrom) return true;
    const next = s[i + 1];
    const week = Math.floor((last.timestampMs - p.timestampMs) / THINNED_STEP_MS);
    return !next || Math.floor((last.timestampMs - next.timestampMs) / THINNED_STEP_MS) !== week;
  });
}

export interface StackedRow {
  t: number;
  totalUsd: number;
  /** Per coin key, USD; null where the coin has no point that day. */
  coins: Record<string, number | null>;
  otherUsd: number | null;
}

/** The total's dates from `fromMs` on, each with the top coins' values and the rest. */
export function stackTopCoins(
  total: readonly SupplyPoint[],
  coins: Readonly<Record<string, readonly SupplyPoint[]>>,
  fromMs: number,
): StackedRow[] {
  const byDate = Object.fromEntries(
    Object.entries(coins).map(([k, pts]) => [
      k,
      new Map(pts.map((p) => [p.timestampMs, p.circulatingUsd])),
    ]),
  );
  return clean(total)
    .filter((p) => p.timestampMs >= fromMs)
    .map((p) => {
      const values: Record<string, number | null> = {};
      let sum: number | null = 0;
      for (const [k, m] of Object.entries(byDate)) {
        const v = m.get(p.timestampMs);
        values[k] = v ?? null;
        sum = v === undefined || sum === null ? null : sum + v;
      }
      return {
        t: p.timestampMs,
        totalUsd: p.circulatingUsd,
        coins: values,
        otherUsd: sum === null ? null : Math.max(0, p.circulatingUsd - sum),
      };
    });
}
