/**
 * Supply momentum: 24h and 7d change in circulating supply (USD).
 *
 *   change_usd = current − previous;  change_pct = change_usd ÷ previous × 100
 *
 * (`supplyChange` in supply.ts; null when the previous value is missing or not positive).
 * Net supply change only — not mint/redeem transaction flow.
 *
 * From the aggregate API's snapshot fields: previous = `circulatingPrevDay` / `circulatingPrevWeek`.
 * From a history (`SupplyPoint[]`) and an injected `nowMs`: the current value is the latest point at
 * or before `nowMs` (or a given current value, dated `nowMs`); the previous value for a window W is
 * the point nearest to `asOf − W`, if one lies within ±MOMENTUM_MATCH_TOLERANCE_MS (12 h, half a
 * day, for daily-sampled histories) and strictly before `asOf`; ties go to the earlier point.
 */
import type { SupplyPoint } from "./types";
import { supplyChange } from "./supply";

export type MomentumWindow = "24h" | "7d";

const HOUR_MS = 3_600_000;
export const MOMENTUM_WINDOW_MS: Readonly<Record<MomentumWindow, number>> = {
  "24h": 24 * HOUR_MS,
  "7d": 7 * 24 * HOUR_MS,
};
export const MOMENTUM_MATCH_TOLERANCE_MS = 12 * HOUR_MS;

export interface MomentumChange {
  previousUsd: number | null;
  /** Timestamp of the previous value when it came from a history. */
  previousAtMs: number | null;
  changeUsd: number | null;
  changePct: number | null;
}

export interface SupplyMomentum {
  currentUsd: number | null;
  /** When the current value was observed (history only). */
  asOfMs: number | null;
  change24h: MomentumChange;
  change7d: MomentumChange;
}

function change(
  currentUsd: number | null,
  previousUsd: number | null,
  previousAtMs: number | null,
): MomentumChange {
  if (currentUsd === null || !Number.isFinite(currentUsd)) {
    return { previousUsd, previousAtMs, changeUsd: null, changePct: null };
  }
  return { previousUsd, previousAtMs, ...supplyChange(currentUsd, previousUsd) };
}

/** Momentum from current / previous-day / previous-week circulating values. */
export function supplyMomentum(input: {
  currentUsd: number | null;
  prevDayUsd: number | null;
  prevWeekUsd: number | null;
}): SupplyMomentum {
  return {
    currentUsd: input.currentUsd,
    asOfMs: null,
    change24h: change(input.currentUsd, input.prevDayUsd, null),
    change7d: change(input.currentUsd, input.prevWeekUsd, null),
  };
}

export function nearestBefore(
  points: readonly SupplyPoint[],
  targetMs: number,
  asOfMs: number,
): SupplyPoint | null {
  let best: SupplyPoint | null = null;
  for (const p of points) {
    if (p.timestampMs >= asOfMs) continue;
    const d = Math.abs(p.timestampMs - targetMs);
    if (d > MOMENTUM_MATCH_TOLERANCE_MS) continue;
    if (best === null || d < Math.abs(best.timestampMs - targetMs)) best = p;
  }
  return best;
}

/** Momentum from a supply history (see module doc for point matching). */
export function supplyMomentumFromHistory(
  history: readonly SupplyPoint[],
  nowMs: number,
  currentUsd?: number | null,
): SupplyMomentum {
  const points = history
    .filter(
      (p) =>
        Number.isFinite(p.timestampMs) &&
        Number.isFinite(p.circulatingUsd) &&
        p.timestampMs <= nowMs,
    )
    .sort((a, b) => a.timestampMs - b.timestampMs);
  const latest = points[points.length - 1];
  const hasCurrent = currentUsd !== null && currentUsd !== undefined && Number.isFinite(currentUsd);
  const current = hasCurrent ? currentUsd : (latest?.circulatingUsd ?? null);
  const asOfMs = hasCurrent ? nowMs : (latest?.timestampMs ?? null);
  const forWindow = (w: MomentumWindow): MomentumChange => {
    if (asOfMs === null) return change(null, null, null);
    const prev = nearestBefore(points, asOfMs - MOMENTUM_WINDOW_MS[w], asOfMs);
    return change(current, prev?.circulatingUsd ?? null, prev?.timestampMs ?? null);
  };
  return { currentUsd: current, asOfMs, change24h: forWindow("24h"), change7d: forWindow("7d") };
}
