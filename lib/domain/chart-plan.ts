/**
 * Planning the DefiLlama coins `/chart` calls that keep every coin's 90-day hourly series (pure;
 * `nowMs` injected). The provider answers at most `CHART_MAX_POINTS_PER_CALL` points per call,
 * counted as coins × span, so:
 *
 * - first fill (no series): 2,160 hourly points per coin, several one-coin calls of ≤ 500 hours;
 * - extension: only the hours after what was last asked (`coveredToMs`), coins asking from the
 *   same hour batched together, `⌊500 / span⌋` coins per call (also bounded by `maxCoins`).
 *
 * Grid: hour marks (UTC). A call `{start, span}` asks the hours start, start + 1 h, …,
 * start + (span − 1) h; the provider answers each with its nearest record (seconds to minutes
 * off the mark) or skips it, so series are merged by hour and `coveredToMs` (what was asked, not
 * the last point) decides the next start: an hour without a record is not asked again forever.
 */
import { chunkCoinKeys, COINS_PATH_MAX_CHARS, COINS_PER_CALL_MAX } from "./coin-keys";
import { MS_PER_SECOND } from "./constants";

export const MS_PER_HOUR = 60 * 60 * MS_PER_SECOND;
/** The provider's limit on points per `/chart` call (coins × span). */
export const CHART_MAX_POINTS_PER_CALL = 500;
/** The hourly series spans 90 days. */
export const HOURLY_HISTORY_DAYS = 90;
export const HOURLY_HISTORY_POINTS = HOURLY_HISTORY_DAYS * 24;

export interface SeriesState {
  /** The coin key (`coingecko:<id>` or `<chain>:<address>`). */
  key: string;
  /** The last hour mark already asked for (ms); null when the coin has no series yet. */
  coveredToMs: number | null;
}

export interface ChartCall {
  coins: string[];
  /** First hour mark asked (ms). */
  startMs: number;
  /** Hour marks asked per coin. */
  span: number;
}

export interface ChartLimits {
  maxPoints: number;
  /** At most this many coins per call, and their joined keys at most `maxChars` (URL length). */
  maxCoins: number;
  maxChars: number;
}

export const DEFAULT_CHART_LIMITS: ChartLimits = {
  maxPoints: CHART_MAX_POINTS_PER_CALL,
  maxCoins: COINS_PER_CALL_MAX,
  maxChars: COINS_PATH_MAX_CHARS,
};

export const hourFloor = (ms: number): number => Math.floor(ms / MS_PER_HOUR) * MS_PER_HOUR;
/** The hour mark a record belongs to: records sit minutes before or after their mark. */
export const nearestHour = (ms: number): number => Math.round(ms / MS_PER_HOUR) * MS_PER_HOUR;

/** The first hour mark the 90-day window keeps at `nowMs`. */
export function windowStartMs(nowMs: number): number {
  return hourFloor(nowMs) - (HOURLY_HISTORY_POINTS - 1) * MS_PER_HOUR;
}

/** The first hour a coin still needs, or null when it is up to date. */
function neededFrom(state: SeriesState, nowMs: number): number | null {
  const start = windowStartMs(nowMs);
  const from =
    state.coveredToMs === null
      ? start
      : Math.max(start, hourFloor(state.coveredToMs) + MS_PER_HOUR);
  return from > hourFloor(nowMs) ? null : from;
}

/** The calls bringing every coin's series up to the current hour, oldest hours first. */
export function planChartCalls(
  states: readonly SeriesState[],
  nowMs: number,
  limits: ChartLimits = DEFAULT_CHART_LIMITS,
): ChartCall[] {
  const nowHour = hourFloor(nowMs);
  const byStart = new Map<number, string[]>();
  for (const s of states) {
    const from = neededFrom(s, nowMs);
    if (from === null) continue;
    const keys = byStart.get(from) ?? [];
    if (!keys.includes(s.key)) keys.push(s.key);
    byStart.set(from, keys);
  }
  const calls: ChartCall[] = [];
  for (const [from, unsorted] of [...byStart].sort((a, b) => a[0] - b[0])) {
    const keys = [...unsorted].sort();
    const span = (nowHour - from) / MS_PER_HOUR + 1;
    if (span <= limits.maxPoints) {
      const perCall = Math.max(1, Math.min(limits.maxCoins, Math.floor(limits.maxPoints / span)));
      for (const coins of chunkCoinKeys(keys, limits.maxChars, perCall))
        calls.push({ coins, startMs: from, span });
      continue;
    }
    // A long gap (first fill): one coin per call, ≤ maxPoints hours each.
    for (const key of keys) {
      for (let start = from; start <= nowHour; start += limits.maxPoints * MS_PER_HOUR) {
        const left = (nowHour - start) / MS_PER_HOUR + 1;
        calls.push({ coins: [key], startMs: start, span: Math.min(limits.maxPoints, left) });
      }
    }
  }
  return calls;
}

export interface HourlyPoint {
  timestampMs: number;
  priceUsd: number;
}

/**
 * `previous` and `fresh` points merged by hour mark (a fresh record replaces the old one of its
 * hour), sorted, and cut to the 90-day window at `nowMs`.
 */
export function mergeHourly(
  previous: readonly HourlyPoint[],
  fresh: readonly HourlyPoint[],
  nowMs: number,
): HourlyPoint[] {
  const byHour = new Map<number, HourlyPoint>();
  for (const p of [...previous, ...fresh]) byHour.set(nearestHour(p.timestampMs), p);
  const start = windowStartMs(nowMs);
  return [...byHour.entries()]
    .filter(([hour]) => hour >= start)
    .sort((a, b) => a[0] - b[0])
    .map(([, p]) => p);
}
