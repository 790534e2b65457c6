/**
 * The event rules as first written (a straightforward rescan of the trailing window per sample),
 * kept only as the reference the faster rules in lib/domain must equal exactly
 * (history-events-equivalence.test.ts).
 */
import {
  type EventCoin,
  type EventSample,
  type HistoryEvent,
  hysteresisIntervals,
  intervalEvent,
  intervalSamples,
  unionSources,
  worstBy,
} from "@/lib/domain/history-events-core";
import {
  DRAIN_BASELINE_MIN_SAMPLES,
  DRAIN_BASELINE_WINDOW_MS,
  DRAIN_CONFIRM_MIN_VENUES,
  DRAIN_ENTER_RATIO,
  drainState,
} from "@/lib/domain/liquidity-drain";
import { chainLocalDepegEvents, depegAtSizeEvents } from "@/lib/domain/peg-at-size-events";
import { median } from "@/lib/domain/peg";
import { RISK_WEIGHTS, type RiskComponentName } from "@/lib/domain/risk-score";
import {
  componentDeltas,
  RISK_CHANGE_MIN_POINTS,
  RISK_CHANGE_WINDOW_MS,
} from "@/lib/domain/risk-score-change";
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
function depthRatio(samples: readonly EventSample[], i: number): number | null {
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

export function referenceDrainEvents(
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

/** Float noise below this is not a move (as in lib/domain/risk-score-change). */
const POINTS_EPSILON = 1e-9;
const COMPONENT_NAMES = Object.keys(RISK_WEIGHTS) as RiskComponentName[];

function measuredSet(s: EventSample): string {
  return COMPONENT_NAMES.filter((c) => Number.isFinite(s.riskComponents[c] ?? Number.NaN)).join(
    ",",
  );
}

const scored = (s: EventSample): s is EventSample & { riskScore: number } =>
  typeof s.riskScore === "number" && Number.isFinite(s.riskScore);

export function referenceRiskEvents(
  coin: EventCoin,
  samples: readonly EventSample[],
): HistoryEvent[] {
  const events: HistoryEvent[] = [];
  let firstComparable = 0;
  samples.forEach((current, i) => {
    if (!scored(current)) return;
    const set = measuredSet(current);
    let from: (EventSample & { riskScore: number }) | null = null;
    for (let j = firstComparable; j < i; j += 1) {
      const earlier = samples[j];
      if (!earlier || !scored(earlier) || earlier.t < current.t - RISK_CHANGE_WINDOW_MS) continue;
      if (measuredSet(earlier) !== set) continue;
      const move = Math.abs(current.riskScore - earlier.riskScore);
      if (from === null || move >= Math.abs(current.riskScore - from.riskScore)) from = earlier;
    }
    if (!from) return;
    const deltaPoints = current.riskScore - from.riskScore;
    if (Math.abs(deltaPoints) + POINTS_EPSILON < RISK_CHANGE_MIN_POINTS) return;
    events.push({
      type: "risk_score_change",
      coin,
      chain: null,
      startMs: from.t,
      endMs: current.t,
      ongoing: false,
      worst: { value: deltaPoints, atMs: current.t },
      worstUnit: "points",
      confirmed: true,
      sources: unionSources([from.sources.risk, current.sources.risk]),
      componentDeltas: componentDeltas(from, current),
    });
    firstComparable = i;
  });
  return events;
}

/** `historyEvents` over the reference rules. */
export function referenceHistoryEvents(
  coin: EventCoin,
  samples: readonly EventSample[],
): HistoryEvent[] {
  const ordered = [...samples].sort((a, b) => a.t - b.t);
  return [
    ...referenceDrainEvents(coin, ordered),
    ...depegAtSizeEvents(coin, ordered),
    ...chainLocalDepegEvents(coin, ordered),
    ...referenceRiskEvents(coin, ordered),
  ].sort((a, b) => a.startMs - b.startMs || a.type.localeCompare(b.type));
}
