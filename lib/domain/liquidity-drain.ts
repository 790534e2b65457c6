/**
 * `liquidity_drain` from the service's own history (docs/history.md). Pure; depth in USD at ±2 %.
 *
 *   baseline  the median of the comparable depth over the trailing DRAIN_BASELINE_WINDOW_MS (7 days,
 *             samples strictly before this one), from at least DRAIN_BASELINE_MIN_SAMPLES (6);
 *             fewer → a gap (no baseline, no verdict).
 *   like for like  the depth compared is the sum over the venues seen in the trailing window;
 *             a trailing sample counts only when all of them answered it. When one of them does not
 *             answer this sample, the sample is a gap: a venue that stops answering is never a
 *             drain (one that left for good blinds the rule until it leaves the window). Without
 *             venue parts the total is compared with the trailing totals.
 *   enter     below DRAIN_ENTER_RATIO (50 %) of the baseline for 2 consecutive samples;
 *   exit      above DRAIN_EXIT_RATIO (75 %) for 2 samples; between: hold (hysteresis core).
 *   confirmed at least DRAIN_CONFIRM_MIN_VENUES (2) independent venues (exchanges, or DEX chains)
 *             each fell to DRAIN_ENTER_RATIO of their own trailing median during the event; a drop
 *             seen in one venue only may be that venue's glitch: listed unconfirmed.
 *   worst     the lowest ratio of depth to baseline.
 */
import {
  type EventCoin,
  type EventSample,
  type HistoryEvent,
  hysteresisIntervals,
  intervalEvent,
  intervalSamples,
  type RunState,
  unionSources,
  worstBy,
} from "./history-events-core";
import { median } from "./peg";

const DAY_MS = 24 * 60 * 60 * 1000;
export const DRAIN_BASELINE_WINDOW_MS = 7 * DAY_MS;
export const DRAIN_BASELINE_MIN_SAMPLES = 6;
export const DRAIN_ENTER_RATIO = 0.5;
export const DRAIN_EXIT_RATIO = 0.75;
export const DRAIN_CONFIRM_MIN_VENUES = 2;

const finite = (v: number | null | undefined): v is number =>
  typeof v === "number" && Number.isFinite(v);

function answeredVenues(s: EventSample): string[] {
  return Object.keys(s.venueDepthUsd).filter((v) => finite(s.venueDepthUsd[v]));
}

/** The sum of some venues' depth in a sample; null unless every one of them answered. */
function venueSum(s: EventSample, venues: readonly string[]): number | null {
  let sum = 0;
  for (const v of venues) {
    const d = s.venueDepthUsd[v];
    if (!finite(d)) return null;
    sum += d;
  }
  return sum;
}

/** The samples in the trailing window before sample i, newest first (samples are time-ordered). */
function trailing(samples: readonly EventSample[], i: number): EventSample[] {
  const t = samples[i]?.t ?? Number.NaN;
  const out: EventSample[] = [];
  for (let j = i - 1; j >= 0; j -= 1) {
    const s = samples[j];
    if (!s || s.t < t - DRAIN_BASELINE_WINDOW_MS) break;
    out.push(s);
  }
  return out;
}

/** Median of a measure over the trailing window, null below the minimum sample count. */
function baselineOf(window: readonly EventSample[], measure: (s: EventSample) => number | null) {
  const values = window.map(measure).filter(finite);
  return values.length >= DRAIN_BASELINE_MIN_SAMPLES ? median(values) : null;
}

/** This sample's depth as a ratio of its like-for-like trailing baseline; null = gap. */
export function depthRatio(samples: readonly EventSample[], i: number): number | null {
  const s = samples[i];
  if (!s) return null;
  const window = trailing(samples, i);
  const known = [...new Set(window.flatMap(answeredVenues))];
  const measure =
    known.length > 0
      ? (x: EventSample) => venueSum(x, known)
      : (x: EventSample) => (finite(x.depthUsd) ? x.depthUsd : null);
  const now = measure(s);
  const baseline = baselineOf(window, measure);
  if (now === null || baseline === null || baseline <= 0) return null;
  return now / baseline;
}

export function drainState(ratio: number | null): RunState {
  if (ratio === null) return "gap";
  if (ratio < DRAIN_ENTER_RATIO) return "enter";
  return ratio > DRAIN_EXIT_RATIO ? "exit" : "hold";
}

/** The venues that fell to half their own trailing median at some sample of [from, to). */
function venuesFallen(samples: readonly EventSample[], from: number, to: number): string[] {
  const fallen = new Set<string>();
  for (let i = from; i < to; i += 1) {
    const s = samples[i];
    if (!s) continue;
    const window = trailing(samples, i);
    for (const venue of answeredVenues(s)) {
      const baseline = baselineOf(window, (x) => x.venueDepthUsd[venue] ?? null);
      const d = s.venueDepthUsd[venue];
      if (finite(d) && baseline !== null && baseline > 0 && d / baseline < DRAIN_ENTER_RATIO) {
        fallen.add(venue);
      }
    }
  }
  return [...fallen].sort();
}

export function liquidityDrainEvents(
  coin: EventCoin,
  samples: readonly EventSample[],
): HistoryEvent[] {
  const ratios = samples.map((_, i) => depthRatio(samples, i));
  const intervals = hysteresisIntervals(ratios.map(drainState));
  return intervals.map((interval) => {
    const to = interval.endIndex ?? samples.length;
    const fallen = venuesFallen(samples, interval.startIndex, to);
    const indices = intervalSamples(
      samples.map((_, i) => i),
      interval,
    );
    const worst = worstBy(
      indices,
      (i) => ratios[i] ?? null,
      (i) => samples[i]?.t ?? Number.NaN,
      (a, b) => a < b,
    );
    return intervalEvent(samples, interval, {
      type: "liquidity_drain",
      coin,
      chain: null,
      worst: worst ?? { value: Number.NaN, atMs: Number.NaN },
      worstUnit: "ratio_of_median",
      confirmed: fallen.length >= DRAIN_CONFIRM_MIN_VENUES,
      sources: unionSources([
        fallen,
        ...intervalSamples(samples, interval).map((s) => s.sources.depth),
      ]),
    });
  });
}
