/**
 * The shared parts of the events raised from the service's own history (docs/history.md): the
 * sample the rules read, the event they raise, and the two-sample hysteresis every interval rule
 * uses. Pure: times in unix ms, no clock, no I/O.
 *
 *   open   ENTER_RUN_SAMPLES consecutive samples in the "enter" state; the event starts at the
 *          run's first sample.
 *   close  EXIT_RUN_SAMPLES consecutive samples in the "exit" state; the event ends at that run's
 *          first sample (the first one back to normal).
 *   hold   a sample between the two thresholds keeps an open event open and a closed one closed,
 *          and breaks both runs.
 *   gap    a missing measurement neither opens nor closes an event and breaks both runs: samples
 *          on both sides of a gap are not consecutive.
 */
import type { RiskComponentName } from "./risk-score";

export const ENTER_RUN_SAMPLES = 2;
export const EXIT_RUN_SAMPLES = 2;

export type HistoryEventType =
  "liquidity_drain" | "depeg_at_size" | "chain_local_depeg" | "risk_score_change";

/** A depth venue: `cex:<exchange>` or `dex:<chain>`; each one is an independent source. */
export type VenueKey = `cex:${string}` | `dex:${string}`;

/** What the event rules read of one history sample (lib/history maps a stored sample to it). */
export interface EventSample {
  t: number;
  /** The coin's mid price, USD. */
  priceUsd: number | null;
  /** ±2 % depth, USD: the total and each venue's part (null: that venue did not answer). */
  depthUsd: number | null;
  venueDepthUsd: Readonly<Record<string, number | null>>;
  /** The executable price of a $1M sale, USD (best route). */
  sale1mPriceUsd: number | null;
  /** Each chain's chain-local peg deviation, bps (signed; null: not measured this time). */
  chainPegBps: Readonly<Record<string, number | null>>;
  /** The risk score, 0–100, and each measured component's value, 0–100 (null: unknown). */
  riskScore: number | null;
  riskComponents: Readonly<Partial<Record<RiskComponentName, number | null>>>;
  /** The sources of each measurement the rules read (provider or venue names). */
  sources: Readonly<{
    price: readonly string[];
    depth: readonly string[];
    sale1m: readonly string[];
    chainPeg: readonly string[];
    risk: readonly string[];
  }>;
}

export interface EventCoin {
  symbol: string;
  selector: string;
}

/** A component's share of a risk score move: its own change and what it moved the score by. */
export interface ComponentDelta {
  component: RiskComponentName;
  deltaPoints: number;
  scoreDeltaPoints: number;
}

export interface HistoryEvent {
  type: HistoryEventType;
  coin: EventCoin;
  /** The chain of a chain-local event; null for a coin-wide one. */
  chain: string | null;
  startMs: number;
  /** The first sample back to normal; null while the event is ongoing. */
  endMs: number | null;
  ongoing: boolean;
  /** The worst value seen (unit per type: `worstUnit`) and when. */
  worst: { value: number; atMs: number };
  worstUnit: "ratio_of_median" | "bps" | "points";
  confirmed: boolean;
  sources: string[];
  /** risk_score_change only: the component deltas that explain it, largest first. */
  componentDeltas?: ComponentDelta[];
}

export type RunState = "enter" | "exit" | "hold" | "gap";

/** An interval found by the hysteresis: sample indices, end excluded; endIndex null = ongoing. */
export interface StateInterval {
  startIndex: number;
  endIndex: number | null;
}

/** The hysteresis over one state per sample (see the header). */
export function hysteresisIntervals(states: readonly RunState[]): StateInterval[] {
  const intervals: StateInterval[] = [];
  let openAt: number | null = null;
  let runStart = -1;
  let runLength = 0;
  states.forEach((state, i) => {
    const wanted = openAt === null ? "enter" : "exit";
    if (state !== wanted) {
      runLength = 0;
      return;
    }
    if (runLength === 0) runStart = i;
    runLength += 1;
    if (openAt === null && runLength >= ENTER_RUN_SAMPLES) {
      openAt = runStart;
      runLength = 0;
    } else if (openAt !== null && runLength >= EXIT_RUN_SAMPLES) {
      intervals.push({ startIndex: openAt, endIndex: runStart });
      openAt = null;
      runLength = 0;
    }
  });
  if (openAt !== null) intervals.push({ startIndex: openAt, endIndex: null });
  return intervals;
}

/** The samples of an interval (end excluded). */
export function intervalSamples<T>(samples: readonly T[], interval: StateInterval): T[] {
  return samples.slice(interval.startIndex, interval.endIndex ?? samples.length);
}

/** The value furthest from zero (sign kept), earliest on ties; null when there is none. */
export function worstBy<T>(
  samples: readonly T[],
  valueOf: (s: T) => number | null,
  timeOf: (s: T) => number,
  furthest: (a: number, b: number) => boolean,
): { value: number; atMs: number } | null {
  let worst: { value: number; atMs: number } | null = null;
  for (const s of samples) {
    const value = valueOf(s);
    if (value === null || !Number.isFinite(value)) continue;
    if (worst === null || furthest(value, worst.value)) worst = { value, atMs: timeOf(s) };
  }
  return worst;
}

/** The sorted union of the sources of some samples. */
export function unionSources(lists: Iterable<readonly string[]>): string[] {
  const all = new Set<string>();
  for (const list of lists) for (const s of list) all.add(s);
  return [...all].sort();
}

/** Shapes one interval into an event of a type; the caller supplies the worst and the sources. */
export function intervalEvent(
  samples: readonly EventSample[],
  interval: StateInterval,
  fields: Omit<HistoryEvent, "startMs" | "endMs" | "ongoing">,
): HistoryEvent {
  const end = interval.endIndex === null ? null : (samples[interval.endIndex]?.t ?? null);
  return {
    ...fields,
    startMs: samples[interval.startIndex]?.t ?? Number.NaN,
    endMs: end,
    ongoing: end === null,
  };
}
