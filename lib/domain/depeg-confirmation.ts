/**
 * A depeg log for the whole market, confirmed (issue 26 §3). Pure; prices in USD, deviations in
 * bps, times in unix ms. The event rule itself is `./depeg-events`.
 *
 * Input: a coin's price series, each `{ coinId, resolution, source, points }`. Sources group into
 * independent families — `aggregate` (DefiLlama: /stablecoinprices, coins API), `market`
 * (CoinGecko), `dex` (DEX-implied).
 *
 *   open     events are detected on one hourly series and one daily series (the first available
 *            by SOURCE_PREFERENCE); hourly events win where both cover (`mergeGranularities`).
 *            DEX-implied series never open an event: they only confirm.
 *   confirm  an event is `confirmed` when a series of another family has, within the event
 *            (start − ½ step … end or last point + ½ step), a point on the same side beyond
 *            CONFIRM_BEYOND_BPS (half the entry threshold). Otherwise, on a coin of at least
 *            CONFIRM_MIN_CIRCULATING_USD (or of unknown size), it is `unconfirmed` with the reason;
 *            below that size one source suffices (`not_required`). Unconfirmed events stay listed.
 *   thin     a DEX-implied price uses only pools of at least THIN_POOL_MAX_TVL_USD liquidity
 *            (`dexImpliedPrice`): a thin pool off peg neither opens nor confirms an event.
 *   floor    the market-wide log covers USD coins of at least DEPEG_LOG_MIN_CIRCULATING_USD.
 */
import { DEVIATION_EPSILON_BPS } from "./depeg";
import {
  detectDepegEvents,
  EVENT_ENTER_BPS,
  HOUR_MS,
  type DepegEvent,
  type EventDetection,
} from "./depeg-events";
import { pegDeviationBps } from "./peg";
import type { PricePoint } from "./types";

/** The market-wide depeg log covers USD coins at least this large (and with a price history). */
export const DEPEG_LOG_MIN_CIRCULATING_USD = 1_000_000;
/** Events on coins at least this large need a second source family to be `confirmed`. */
export const CONFIRM_MIN_CIRCULATING_USD = 1_000_000_000;
/** A second source confirms when it is beyond half the entry threshold (50 bps). */
export const CONFIRM_BEYOND_BPS = EVENT_ENTER_BPS / 2;
/** Pools below this liquidity are left out of the DEX-implied price. */
export const THIN_POOL_MAX_TVL_USD = 1_000_000;

export type SeriesResolution = "hourly" | "daily";
export type SeriesSource =
  "defillama:stablecoinprices" | "defillama:coins" | "coingecko:market_chart" | "dex-implied";
export type SourceFamily = "aggregate" | "market" | "dex";

export const SOURCE_FAMILY: Readonly<Record<SeriesSource, SourceFamily>> = {
  "defillama:stablecoinprices": "aggregate",
  "defillama:coins": "aggregate",
  "coingecko:market_chart": "market",
  "dex-implied": "dex",
};

/** Which series opens events when several have one resolution (DEX-implied never does). */
export const SOURCE_PREFERENCE: readonly SeriesSource[] = [
  "defillama:coins",
  "defillama:stablecoinprices",
  "coingecko:market_chart",
];

const HALF_STEP_MS: Readonly<Record<SeriesResolution, number>> = {
  hourly: HOUR_MS / 2,
  daily: 12 * HOUR_MS,
};

/** One coin's price series from one source (the input every provider plugs into). */
export interface PriceSeries {
  coinId: string;
  resolution: SeriesResolution;
  source: SeriesSource;
  points: readonly PricePoint[];
}

export type ConfirmationStatus = "confirmed" | "unconfirmed" | "not_required";
export type UnconfirmedReason =
  /** No series of another family was available for the coin. */
  | "no_second_source"
  /** Other families' series have no point within the event. */
  | "no_points_within_event"
  /** Other families' series stay within half the threshold (or on the other side) throughout. */
  | "second_source_holds";

export interface Confirmation {
  status: ConfirmationStatus;
  reason: UnconfirmedReason | null;
  /** The sources that show the event beyond CONFIRM_BEYOND_BPS. */
  confirmedBy: SeriesSource[];
  /** Every other-family source looked at. */
  checked: SeriesSource[];
}

export interface ConfirmedEvent {
  event: DepegEvent;
  openedBy: SeriesSource;
  confirmation: Confirmation;
}

const endOf = (e: DepegEvent, lastMs: number) => e.endMs ?? lastMs;
const overlaps = (a: DepegEvent, b: DepegEvent, lastMs: number) =>
  a.startMs <= endOf(b, lastMs) && b.startMs <= endOf(a, lastMs);

/** Hourly events plus the daily events before (or overlapping the start of) the hourly range. */
export function mergeGranularities(
  hourly: { events: DepegEvent[]; firstMs: number | null; lastMs: number | null },
  daily: { events: DepegEvent[]; lastMs: number | null },
): DepegEvent[] {
  const lastMs = Math.max(hourly.lastMs ?? 0, daily.lastMs ?? 0);
  const hourlyFrom = hourly.firstMs ?? Infinity;
  const older = daily.events.filter((e) => e.startMs < hourlyFrom);
  const kept = hourly.events.filter((h) => !older.some((d) => overlaps(d, h, lastMs)));
  return [...older, ...kept];
}

/** Whether `s` shows the event: a same-side point beyond CONFIRM_BEYOND_BPS within it. */
function shows(s: PriceSeries, e: DepegEvent, lastMs: number): "shows" | "holds" | "no_points" {
  const tol = HALF_STEP_MS[s.resolution];
  const from = e.startMs - tol;
  const to = endOf(e, lastMs) + tol;
  let seen = false;
  for (const p of s.points) {
    if (p.timestampMs < from || p.timestampMs > to) continue;
    const bps = pegDeviationBps(p.priceUsd);
    if (bps === null) continue;
    seen = true;
    const sameSide = e.direction === "below" ? bps < 0 : bps > 0;
    if (sameSide && Math.abs(bps) > CONFIRM_BEYOND_BPS + DEVIATION_EPSILON_BPS) return "shows";
  }
  return seen ? "holds" : "no_points";
}

/** The confirmation of one event opened on `openedBy`, against the coin's other series. */
export function confirmEvent(
  event: DepegEvent,
  openedBy: SeriesSource,
  series: readonly PriceSeries[],
  circulatingUsd: number | null,
  lastMs: number,
): Confirmation {
  const family = SOURCE_FAMILY[openedBy];
  const others = series.filter((s) => SOURCE_FAMILY[s.source] !== family);
  const verdicts = others.map((s) => ({ source: s.source, v: shows(s, event, lastMs) }));
  const confirmedBy = [...new Set(verdicts.filter((x) => x.v === "shows").map((x) => x.source))];
  const checked = [...new Set(others.map((s) => s.source))];
  if (confirmedBy.length > 0) return { status: "confirmed", reason: null, confirmedBy, checked };
  const reason: UnconfirmedReason =
    others.length === 0
      ? "no_second_source"
      : verdicts.some((x) => x.v === "holds")
        ? "second_source_holds"
        : "no_points_within_event";
  const required = circulatingUsd === null || circulatingUsd >= CONFIRM_MIN_CIRCULATING_USD;
  return { status: required ? "unconfirmed" : "not_required", reason, confirmedBy, checked };
}

function opener(series: readonly PriceSeries[], resolution: SeriesResolution) {
  for (const source of SOURCE_PREFERENCE) {
    const s = series.find((x) => x.source === source && x.resolution === resolution);
    if (s && s.points.length > 0) return s;
  }
  return undefined;
}

export interface CoinEventsResult {
  events: ConfirmedEvent[];
  /** The series events were opened on (hourly first); empty when the coin has no history. */
  openedOn: PriceSeries[];
  lastMs: number | null;
}

/** A coin's events from its series, each with the source that opened it and its confirmation. */
export function coinDepegEvents(
  series: readonly PriceSeries[],
  circulatingUsd: number | null,
): CoinEventsResult {
  const hourly = opener(series, "hourly");
  const daily = opener(series, "daily");
  const h: EventDetection | null = hourly ? detectDepegEvents(hourly.points) : null;
  const d: EventDetection | null = daily ? detectDepegEvents(daily.points) : null;
  const lastMs = h || d ? Math.max(h?.lastMs ?? -Infinity, d?.lastMs ?? -Infinity) : null;
  const merged = h && d ? mergeGranularities(h, d) : (h?.events ?? d?.events ?? []);
  const events = merged.map((event) => {
    const openedBy = (h?.events.includes(event) ? hourly : daily) as PriceSeries;
    return {
      event,
      openedBy: openedBy.source,
      confirmation: confirmEvent(event, openedBy.source, series, circulatingUsd, lastMs ?? 0),
    };
  });
  return { events, openedOn: [hourly, daily].filter((s): s is PriceSeries => !!s), lastMs };
}

export interface PoolQuote {
  priceUsd: number | null;
  liquidityUsd: number | null;
}

/**
 * The DEX-implied price: liquidity-weighted over pools of at least THIN_POOL_MAX_TVL_USD. Null
 * when no pool qualifies (thin pools alone measure nothing).
 */
export function dexImpliedPrice(
  pools: readonly PoolQuote[],
): { priceUsd: number; pools: number; thinPoolsLeftOut: number } | null {
  let weight = 0;
  let sum = 0;
  let used = 0;
  let thin = 0;
  for (const p of pools) {
    if (p.priceUsd === null || !(p.priceUsd > 0) || p.liquidityUsd === null) continue;
    if (p.liquidityUsd < THIN_POOL_MAX_TVL_USD) {
      thin += 1;
      continue;
    }
    weight += p.liquidityUsd;
    sum += p.priceUsd * p.liquidityUsd;
    used += 1;
  }
  return used === 0 ? null : { priceUsd: sum / weight, pools: used, thinPoolsLeftOut: thin };
}
