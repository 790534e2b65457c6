/**
 * De-peg statistics of a price series over a trailing window (24h, 7d, 30d). Pure functions;
 * prices in USD, deviations in basis points (`deviation_bps = (price − 1) × 10 000`), times in
 * unix milliseconds. `nowMs` is always injected.
 *
 * Window: only points with `nowMs − WINDOW_MS[window] ≤ timestampMs ≤ nowMs` are used.
 *
 * Time weighting: each point stands for the interval until the next point (the last point: until
 * `nowMs`). Sampling gaps are detected against the series' own cadence:
 *   median interval   = median of the positive intervals between consecutive in-window points;
 *   gap threshold     = GAP_FACTOR × median interval (3 × — one or two missed samples are not a gap);
 *   interval ≤ threshold → the whole interval counts as covered time in the point's state;
 *   interval > threshold → a gap: the point counts for one median interval only (its own sampling
 *                          slot) and the rest of the interval is `gapMs`, counted neither in nor out
 *                          of peg.
 * Shares outside ±10/±50/±100 bps are fractions (0–1) of the covered time. `coverage = coveredMs /
 * windowMs` (time before the first point of the window is uncovered too).
 * With fewer than two distinct timestamps there is no cadence: each point then counts equally
 * (`weighting = "count"`), so a single point is 100 % of the covered time and `coveredMs = 0`.
 *
 * Excursions: a contiguous run of points beyond ±100 bps; a gap ends a run (so a hole in the data
 * splits one depeg into two excursions). Worst deviation: the largest |deviation| in the window,
 * sign kept (the earliest one on ties). Status: from the latest in-window point.
 * Threshold comparisons allow DEVIATION_EPSILON_BPS so that, e.g., 1.001 USD is exactly 10 bps.
 */
import type { PricePoint } from "./types";
import { median, pegDeviationBps } from "./peg";

export type DepegWindow = "24h" | "7d" | "30d";
export const DEPEG_WINDOWS: readonly DepegWindow[] = ["24h", "7d", "30d"];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const WINDOW_MS: Readonly<Record<DepegWindow, number>> = {
  "24h": DAY_MS,
  "7d": 7 * DAY_MS,
  "30d": 30 * DAY_MS,
};

/** Bands (|deviation| in bps) whose time-outside share is reported. */
export const ON_PEG_MAX_BPS = 10;
export const MINOR_DEPEG_MAX_BPS = 50;
export const MODERATE_DEPEG_MAX_BPS = 100;
/** A point beyond this |deviation| is part of an excursion (and "severe"). */
export const EXCURSION_THRESHOLD_BPS = MODERATE_DEPEG_MAX_BPS;
/** An interval longer than GAP_FACTOR × the median sampling interval is a gap. */
export const GAP_FACTOR = 3;
/** Floating-point slack for band comparisons (1e-12 USD). */
export const DEVIATION_EPSILON_BPS = 1e-8;

export type PegStatus = "on-peg" | "minor" | "moderate" | "severe" | "unknown";
export type Weighting = "time" | "count" | "none";

export interface DepegStats {
  window: DepegWindow;
  windowMs: number;
  nowMs: number;
  /** In-window points used. */
  points: number;
  firstMs: number | null;
  lastMs: number | null;
  /** Signed deviation with the largest magnitude, and when it was observed. */
  worstDeviationBps: number | null;
  worstAtMs: number | null;
  /** Fractions (0–1) of covered time with |deviation| > 10, > 50, > 100 bps. */
  shareOutside10Bps: number | null;
  shareOutside50Bps: number | null;
  shareOutside100Bps: number | null;
  /** Runs of consecutive points beyond ±100 bps (a gap ends a run). */
  excursionsBeyond100Bps: number;
  coveredMs: number;
  gapMs: number;
  /** coveredMs / windowMs, in [0, 1]; null with no data. */
  coverage: number | null;
  medianIntervalMs: number | null;
  gapThresholdMs: number | null;
  weighting: Weighting;
  currentDeviationBps: number | null;
  status: PegStatus;
}

function beyond(deviationBps: number, thresholdBps: number): boolean {
  return Math.abs(deviationBps) > thresholdBps + DEVIATION_EPSILON_BPS;
}

/** on-peg ≤ 10 bps < minor ≤ 50 bps < moderate ≤ 100 bps < severe; unknown without a price. */
export function pegStatus(deviationBps: number | null): PegStatus {
  if (deviationBps === null || !Number.isFinite(deviationBps)) return "unknown";
  if (!beyond(deviationBps, ON_PEG_MAX_BPS)) return "on-peg";
  if (!beyond(deviationBps, MINOR_DEPEG_MAX_BPS)) return "minor";
  if (!beyond(deviationBps, MODERATE_DEPEG_MAX_BPS)) return "moderate";
  return "severe";
}

interface Sample {
  t: number;
  bps: number;
}

function windowSamples(series: readonly PricePoint[], fromMs: number, nowMs: number): Sample[] {
  const out: Sample[] = [];
  for (const p of series) {
    const bps = pegDeviationBps(p.priceUsd);
    if (bps === null || !Number.isFinite(p.timestampMs)) continue;
    if (p.timestampMs < fromMs || p.timestampMs > nowMs) continue;
    out.push({ t: p.timestampMs, bps });
  }
  return out.sort((a, b) => a.t - b.t);
}

function emptyStats(window: DepegWindow, nowMs: number): DepegStats {
  return {
    window,
    windowMs: WINDOW_MS[window],
    nowMs,
    points: 0,
    firstMs: null,
    lastMs: null,
    worstDeviationBps: null,
    worstAtMs: null,
    shareOutside10Bps: null,
    shareOutside50Bps: null,
    shareOutside100Bps: null,
    excursionsBeyond100Bps: 0,
    coveredMs: 0,
    gapMs: 0,
    coverage: null,
    medianIntervalMs: null,
    gapThresholdMs: null,
    weighting: "none",
    currentDeviationBps: null,
    status: "unknown",
  };
}

/** De-peg statistics of `series` over the trailing `window` ending at `nowMs` (see module doc). */
export function depegStats(
  series: readonly PricePoint[],
  window: DepegWindow,
  nowMs: number,
): DepegStats {
  const windowMs = WINDOW_MS[window];
  const s = windowSamples(series, nowMs - windowMs, nowMs);
  const first = s[0];
  const last = s[s.length - 1];
  if (first === undefined || last === undefined) return emptyStats(window, nowMs);

  const intervals: number[] = [];
  for (let i = 1; i < s.length; i += 1) {
    const d = (s[i]?.t ?? 0) - (s[i - 1]?.t ?? 0);
    if (d > 0) intervals.push(d);
  }
  const medianIntervalMs = median(intervals);
  const gapThresholdMs = medianIntervalMs === null ? null : GAP_FACTOR * medianIntervalMs;

  let worst = first;
  let totalWeight = 0;
  let gapMs = 0;
  const outside = [0, 0, 0];
  const bands = [ON_PEG_MAX_BPS, MINOR_DEPEG_MAX_BPS, MODERATE_DEPEG_MAX_BPS];
  let excursions = 0;
  let prevBeyond = false;

  s.forEach((p, i) => {
    if (Math.abs(p.bps) > Math.abs(worst.bps)) worst = p;
    const next = s[i + 1];
    const interval = (next ? next.t : nowMs) - p.t;
    const gapBefore =
      i > 0 && gapThresholdMs !== null && p.t - (s[i - 1]?.t ?? p.t) > gapThresholdMs;
    const isBeyond = beyond(p.bps, EXCURSION_THRESHOLD_BPS);
    if (isBeyond && (!prevBeyond || gapBefore)) excursions += 1;
    prevBeyond = isBeyond;

    let weightMs: number;
    if (gapThresholdMs === null || medianIntervalMs === null) {
      weightMs = 1; // count weighting: no cadence to measure time against
    } else if (interval > gapThresholdMs) {
      weightMs = medianIntervalMs;
      gapMs += interval - medianIntervalMs;
    } else {
      weightMs = interval;
    }
    totalWeight += weightMs;
    bands.forEach((band, b) => {
      if (beyond(p.bps, band)) outside[b] = (outside[b] ?? 0) + weightMs;
    });
  });

  const timeWeighted = medianIntervalMs !== null;
  const coveredMs = timeWeighted ? totalWeight : 0;
  const share = (b: number): number => (totalWeight > 0 ? (outside[b] ?? 0) / totalWeight : 0);

  return {
    window,
    windowMs,
    nowMs,
    points: s.length,
    firstMs: first.t,
    lastMs: last.t,
    worstDeviationBps: worst.bps,
    worstAtMs: worst.t,
    shareOutside10Bps: share(0),
    shareOutside50Bps: share(1),
    shareOutside100Bps: share(2),
    excursionsBeyond100Bps: excursions,
    coveredMs,
    gapMs,
    coverage: Math.min(1, coveredMs / windowMs),
    medianIntervalMs,
    gapThresholdMs,
    weighting: timeWeighted ? "time" : "count",
    currentDeviationBps: last.bps,
    status: pegStatus(last.bps),
  };
}

/** `depegStats` for each of the 24h, 7d and 30d windows. */
export function depegStatsAllWindows(
  series: readonly PricePoint[],
  nowMs: number,
): Record<DepegWindow, DepegStats> {
  return {
    "24h": depegStats(series, "24h", nowMs),
    "7d": depegStats(series, "7d", nowMs),
    "30d": depegStats(series, "30d", nowMs),
  };
}
