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
import { trailingMedians, windowStarts } from "./trailing-window";

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

/**
 * The venues seen answering in sample i's trailing window `[start, i)`, in the order of their
 * first answer from the newest sample back (the order their depths are summed in); `total` is how
 * many there are, so the scan stops as soon as it found them all (usually at the newest sample).
 */
function knownVenues(answered: readonly string[][], start: number, i: number, total: number) {
  const seen = new Set<string>();
  for (let j = i - 1; j >= start && seen.size < total; j -= 1) {
    for (const v of answered[j] ?? []) seen.add(v);
  }
  return [...seen];
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, k) => x === b[k]);

/**
 * Each sample's depth as a ratio of its like-for-like trailing baseline; null = gap. The venues
 * of the window are counted as it slides; samples with the same venues share one sliding median.
 */
function depthRatios(
  samples: readonly EventSample[],
  starts: readonly number[],
  answered: readonly string[][],
): (number | null)[] {
  const counts = new Map<string, number>();
  const known: string[][] = [];
  let lo = 0;
  samples.forEach((_, i) => {
    for (const v of i > 0 ? (answered[i - 1] ?? []) : []) counts.set(v, (counts.get(v) ?? 0) + 1);
    for (const start = starts[i] ?? i; lo < start; lo += 1) {
      for (const v of answered[lo] ?? []) {
        const left = (counts.get(v) ?? 0) - 1;
        if (left > 0) counts.set(v, left);
        else counts.delete(v);
      }
    }
    known.push(knownVenues(answered, starts[i] ?? i, i, counts.size));
  });
  const ratios: (number | null)[] = [];
  for (let from = 0; from < samples.length;) {
    const venues = known[from] ?? [];
    let to = from + 1;
    while (to < samples.length && sameList(known[to] ?? [], venues)) to += 1;
    const measure = (x: EventSample | undefined) =>
      !x ? null : venues.length > 0 ? venueSum(x, venues) : finite(x.depthUsd) ? x.depthUsd : null;
    const baselines = trailingMedians(
      from,
      to,
      starts,
      (j) => measure(samples[j]),
      DRAIN_BASELINE_MIN_SAMPLES,
    );
    baselines.forEach((baseline, k) => {
      const now = measure(samples[from + k]);
      ratios.push(now === null || baseline === null || baseline <= 0 ? null : now / baseline);
    });
    from = to;
  }
  return ratios;
}

export function drainState(ratio: number | null): RunState {
  if (ratio === null) return "gap";
  if (ratio < DRAIN_ENTER_RATIO) return "enter";
  return ratio > DRAIN_EXIT_RATIO ? "exit" : "hold";
}

/** The venues that fell to half their own trailing median at some sample of [from, to). */
function venuesFallen(
  samples: readonly EventSample[],
  starts: readonly number[],
  answered: readonly string[][],
  from: number,
  to: number,
): string[] {
  const fallen: string[] = [];
  const venues = new Set(answered.slice(from, to).flat());
  for (const venue of venues) {
    const depthAt = (i: number) => samples[i]?.venueDepthUsd[venue] ?? null;
    const baselines = trailingMedians(from, to, starts, depthAt, DRAIN_BASELINE_MIN_SAMPLES);
    const fell = baselines.some((baseline, k) => {
      const d = depthAt(from + k);
      return finite(d) && baseline !== null && baseline > 0 && d / baseline < DRAIN_ENTER_RATIO;
    });
    if (fell) fallen.push(venue);
  }
  return fallen.sort();
}

export function liquidityDrainEvents(
  coin: EventCoin,
  samples: readonly EventSample[],
): HistoryEvent[] {
  const starts = windowStarts(
    samples.map((s) => s.t),
    DRAIN_BASELINE_WINDOW_MS,
  );
  const answered = samples.map(answeredVenues);
  const ratios = depthRatios(samples, starts, answered);
  const intervals = hysteresisIntervals(ratios.map(drainState));
  return intervals.map((interval) => {
    const to = interval.endIndex ?? samples.length;
    const fallen = venuesFallen(samples, starts, answered, interval.startIndex, to);
    const indices = Array.from(
      { length: to - interval.startIndex },
      (_, k) => interval.startIndex + k,
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
