/**
 * Depeg events from a price series — the published rule. Pure; prices in USD, deviations in bps
 * (`(price − 1) × 10 000`), times in unix ms.
 *
 *   enter  a run of consecutive points all beyond ±EVENT_ENTER_BPS (100 bps) that lasts at least
 *          EVENT_ENTER_MIN_MS (1 h, first to last point of the run). A single point beyond the
 *          threshold (a spike) is not an event. The event starts at the run's first point.
 *   leave  a run of consecutive points all within ±EVENT_EXIT_BPS (50 bps) that lasts at least
 *          EVENT_EXIT_MIN_MS (2 h). The event ends at that run's first point (back within band).
 *          Points between 50 and 100 bps keep an open event open (hysteresis).
 *   gaps   an interval longer than GAP_FACTOR × the series' median interval is a gap. A gap breaks
 *          both runs ("consecutive" means without a gap between), so an event never starts from
 *          points on both sides of a gap and never ends inside one: an open event stays open across
 *          a gap until a full recovery run is observed after it. Gaps inside an event are counted.
 *   edges  an event still open at the last point is `ongoing` (end null, duration up to the last
 *          point); an event whose run begins at the series' first point `startedBeforeSeries`
 *          (the true start is at or before it).
 *   worst  the largest |deviation| among the event's points (start to end, end excluded), sign
 *          kept, earliest on ties; direction `below` when it is negative, `above` otherwise.
 *
 * Granularity: the median interval decides — up to GRANULARITY_HOURLY_MAX_MS is `hourly`, longer
 * is `daily` (daily points miss intraday troughs and shorter events).
 */
import { DEVIATION_EPSILON_BPS, GAP_FACTOR } from "./depeg";
import { median, pegDeviationBps } from "./peg";
import type { PricePoint } from "./types";

export const HOUR_MS = 3_600_000;
export const EVENT_ENTER_BPS = 100;
export const EVENT_ENTER_MIN_MS = HOUR_MS;
export const EVENT_EXIT_BPS = 50;
export const EVENT_EXIT_MIN_MS = 2 * HOUR_MS;
/** A median sampling interval up to 90 minutes is hourly data; anything coarser is daily. */
export const GRANULARITY_HOURLY_MAX_MS = 90 * 60_000;

export type Granularity = "hourly" | "daily";

/** Windows of the depeg event log (`GET /api/stablecoin-depegs?window=`). */
export type EventsWindow = "30d" | "90d" | "365d";
export const EVENTS_WINDOWS = ["30d", "90d", "365d"] as const satisfies readonly EventsWindow[];
export const DEFAULT_EVENTS_WINDOW: EventsWindow = "365d";
const DAY_MS = 24 * HOUR_MS;
export const EVENTS_WINDOW_MS: Readonly<Record<EventsWindow, number>> = {
  "30d": 30 * DAY_MS,
  "90d": 90 * DAY_MS,
  "365d": 365 * DAY_MS,
};

/** An event belongs to a window when it is still open, or ended, within the window before `asOfMs`. */
export function inEventsWindow(
  endMs: number | null,
  asOfMs: number,
  window: EventsWindow,
): boolean {
  return endMs === null || endMs >= asOfMs - EVENTS_WINDOW_MS[window];
}
export type EventDirection = "below" | "above";

export interface DepegEvent {
  startMs: number;
  endMs: number | null;
  ongoing: boolean;
  startedBeforeSeries: boolean;
  direction: EventDirection;
  worstDeviationBps: number;
  worstAtMs: number;
  /** (end − start) in hours; for an ongoing event up to the last point. */
  durationHours: number;
  /** Points observed inside the event. */
  points: number;
  /** Sampling gaps inside the event. */
  gaps: number;
  granularity: Granularity;
}

export interface EventDetection {
  events: DepegEvent[];
  granularity: Granularity | null;
  medianIntervalMs: number | null;
  gapThresholdMs: number | null;
  points: number;
  firstMs: number | null;
  lastMs: number | null;
}

interface Sample {
  t: number;
  bps: number;
}

const beyondEnter = (bps: number) => Math.abs(bps) > EVENT_ENTER_BPS + DEVIATION_EPSILON_BPS;
const withinExit = (bps: number) => Math.abs(bps) <= EVENT_EXIT_BPS + DEVIATION_EPSILON_BPS;

function samples(series: readonly PricePoint[]): Sample[] {
  const out: Sample[] = [];
  for (const p of series) {
    const bps = pegDeviationBps(p.priceUsd);
    if (bps !== null && Number.isFinite(p.timestampMs)) out.push({ t: p.timestampMs, bps });
  }
  out.sort((a, b) => a.t - b.t);
  // One point per timestamp (the last one given).
  return out.filter((s, i) => out[i + 1]?.t !== s.t);
}

interface Open {
  start: Sample;
  worst: Sample;
  points: number;
  gaps: number;
  startedBeforeSeries: boolean;
  /** First point of the current recovery run, if any. */
  recovery: Sample | null;
  recoveryPoints: number;
}

/** Depeg events in `series` by the rule in the module doc, oldest first. */
export function detectDepegEvents(series: readonly PricePoint[]): EventDetection {
  const s = samples(series);
  const intervals = s.slice(1).map((p, i) => p.t - (s[i]?.t ?? p.t));
  const medianIntervalMs = median(intervals);
  const gapThresholdMs = medianIntervalMs === null ? null : GAP_FACTOR * medianIntervalMs;
  const granularity: Granularity | null =
    medianIntervalMs === null
      ? null
      : medianIntervalMs <= GRANULARITY_HOURLY_MAX_MS
        ? "hourly"
        : "daily";
  const events: DepegEvent[] = [];
  const close = (o: Open, endMs: number | null, lastMs: number) => {
    events.push({
      startMs: o.start.t,
      endMs,
      ongoing: endMs === null,
      startedBeforeSeries: o.startedBeforeSeries,
      direction: o.worst.bps < 0 ? "below" : "above",
      worstDeviationBps: o.worst.bps,
      worstAtMs: o.worst.t,
      durationHours: ((endMs ?? lastMs) - o.start.t) / HOUR_MS,
      points: o.points,
      gaps: o.gaps,
      granularity: granularity ?? "hourly",
    });
  };

  let open = null as Open | null;
  let candidate: Sample[] = [];
  for (let i = 0; i < s.length; i += 1) {
    const p = s[i] as Sample;
    const prev = s[i - 1];
    const gapBefore =
      prev !== undefined && gapThresholdMs !== null && p.t - prev.t > gapThresholdMs;
    if (open) {
      if (gapBefore) {
        open.gaps += 1;
        open.recovery = null; // a recovery run cannot span a gap
      }
      if (withinExit(p.bps)) {
        if (!open.recovery) {
          open.recovery = p;
          open.recoveryPoints = 0;
        }
        open.recoveryPoints += 1;
        if (p.t - open.recovery.t >= EVENT_EXIT_MIN_MS) {
          close(open, open.recovery.t, p.t);
          open = null;
        }
        continue;
      }
      // Still out of band: any tentative recovery points belong to the event after all.
      open.points += (open.recovery ? open.recoveryPoints : 0) + 1;
      open.recovery = null;
      if (Math.abs(p.bps) > Math.abs(open.worst.bps)) open.worst = p;
      continue;
    }
    if (gapBefore) candidate = [];
    if (!beyondEnter(p.bps)) {
      candidate = [];
      continue;
    }
    candidate.push(p);
    const first = candidate[0] as Sample;
    if (p.t - first.t < EVENT_ENTER_MIN_MS) continue;
    const worst = candidate.reduce((w, c) => (Math.abs(c.bps) > Math.abs(w.bps) ? c : w), first);
    open = {
      start: first,
      worst,
      points: candidate.length,
      gaps: 0,
      startedBeforeSeries: first === s[0],
      recovery: null,
      recoveryPoints: 0,
    };
    candidate = [];
  }
  const last = s[s.length - 1];
  if (open && last) {
    open.points += open.recovery ? open.recoveryPoints : 0;
    close(open, null, last.t);
  }

  return {
    events,
    granularity,
    medianIntervalMs,
    gapThresholdMs,
    points: s.length,
    firstMs: s[0]?.t ?? null,
    lastMs: last?.t ?? null,
  };
}
