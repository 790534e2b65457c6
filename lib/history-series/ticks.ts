/** Time-axis ticks of the history charts: UTC-aligned steps per window. Pure. */

import { DAY_MS, type HistoryWindow } from "@/lib/history/windows";

export type HistoryWindowId = HistoryWindow;
/** The windows of every time chart: the history windows and the peg chart's `1y`. */
export type ChartWindowId = HistoryWindowId | "1y";

const HOUR_MS = DAY_MS / 24;
/** Tick spacing per window: every 4 h, day, 5 days, 15 days, 60 days. */
const STEP_MS: Readonly<Record<ChartWindowId, number>> = {
  "24h": 4 * HOUR_MS,
  "7d": DAY_MS,
  "30d": 5 * DAY_MS,
  "90d": 15 * DAY_MS,
  "365d": 60 * DAY_MS,
  "1y": 60 * DAY_MS,
};

/** Tick times (unix ms) between the first and last row, on multiples of the window's step. */
export function timeTicks(rows: ReadonlyArray<{ t: number }>, window: ChartWindowId): number[] {
  if (rows.length === 0) return [];
  const step = STEP_MS[window];
  const first = rows[0]!.t;
  const last = rows[rows.length - 1]!.t;
  const out: number[] = [];
  for (let t = Math.ceil(first / step) * step; t <= last; t += step) out.push(t);
  return out;
}

/** What a tick shows: the hour on a day's chart, the month on a year's, else month-day. */
export type TickFormat = "hour" | "day" | "month";
export function tickFormatOf(window: ChartWindowId): TickFormat {
  if (window === "24h") return "hour";
  return window === "365d" || window === "1y" ? "month" : "day";
}
