/**
 * `risk_score_change` from the service's own history (docs/history.md). Pure; scores in points
 * (0–100).
 *
 *   rule       the score at a sample differs by at least RISK_CHANGE_MIN_POINTS (10) from a score
 *              within the RISK_CHANGE_WINDOW_MS (24 h) before it. The event starts at that earlier
 *              sample (the one furthest from the current score, the latest on ties: the last sample before the step) and ends at the
 *              sample that reached the move: a score change is a step, never ongoing.
 *   like for like  two scores compare only when the same components were measured in both: an
 *              unknown component is scored as 0, so a source that stops answering would move
 *              the score without any risk having changed. A gap never raises an event.
 *   no overlap the next event only compares samples from the previous event's end on.
 *   order      samples in time order (`historyEvents` sorts them): the 24 h window is kept with
 *              two indices, not rescanned from the start for every sample.
 *   explains   each component measured on both sides, with its own change and its weighted share
 *              of the score's move, largest share first.
 */
import type { ComponentDelta, EventCoin, EventSample, HistoryEvent } from "./history-events-core";
import { unionSources } from "./history-events-core";
import { RISK_WEIGHTS, type RiskComponentName } from "./risk-score";
import { windowStarts } from "./trailing-window";

export const RISK_CHANGE_MIN_POINTS = 10;
export const RISK_CHANGE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Float noise below this is not a move (a 10-point move summed from weighted parts). */
const POINTS_EPSILON = 1e-9;

const COMPONENT_NAMES = Object.keys(RISK_WEIGHTS) as RiskComponentName[];

function measuredSet(s: EventSample): string {
  return COMPONENT_NAMES.filter((c) => Number.isFinite(s.riskComponents[c] ?? Number.NaN)).join(
    ",",
  );
}

const scored = (s: EventSample): s is EventSample & { riskScore: number } =>
  typeof s.riskScore === "number" && Number.isFinite(s.riskScore);

export function componentDeltas(from: EventSample, to: EventSample): ComponentDelta[] {
  const deltas: ComponentDelta[] = [];
  for (const component of COMPONENT_NAMES) {
    const a = from.riskComponents[component];
    const b = to.riskComponents[component];
    if (typeof a !== "number" || typeof b !== "number") continue;
    if (!Number.isFinite(a) || !Number.isFinite(b) || a === b) continue;
    const deltaPoints = b - a;
    deltas.push({
      component,
      deltaPoints,
      scoreDeltaPoints: deltaPoints * RISK_WEIGHTS[component],
    });
  }
  return deltas.sort((x, y) => Math.abs(y.scoreDeltaPoints) - Math.abs(x.scoreDeltaPoints));
}

export function riskScoreChangeEvents(
  coin: EventCoin,
  samples: readonly EventSample[],
): HistoryEvent[] {
  const events: HistoryEvent[] = [];
  const sets = samples.map(measuredSet);
  const starts = windowStarts(
    samples.map((s) => s.t),
    RISK_CHANGE_WINDOW_MS,
  );
  let firstComparable = 0;
  samples.forEach((current, i) => {
    if (!scored(current)) return;
    const set = sets[i];
    let from: (EventSample & { riskScore: number }) | null = null;
    for (let j = Math.max(firstComparable, starts[i] ?? 0); j < i; j += 1) {
      const earlier = samples[j];
      if (!earlier || !scored(earlier) || sets[j] !== set) continue;
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
