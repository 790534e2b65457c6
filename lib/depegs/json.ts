/** Depeg events in the public snake_case shape (route, feeds, CSV), plus the published rule. */
import { GAP_FACTOR } from "@/lib/domain/depeg";
import {
  EVENT_ENTER_BPS,
  EVENT_ENTER_MIN_MS,
  EVENT_EXIT_BPS,
  EVENT_EXIT_MIN_MS,
  GRANULARITY_HOURLY_MAX_MS,
  HOUR_MS,
  type DepegEvent,
} from "@/lib/domain/depeg-events";
import { BPS_PER_UNIT, PEG_TARGET_USD } from "@/lib/domain/peg";
import type { CoinRef, SeriesRead } from "./coin-events";

export const DEPEG_METHOD =
  "Depeg events from the market provider's price history: an event starts when the deviation from 1.00 USD stays beyond ±100 bps for at least 1 h of consecutive points and ends when it is back within ±50 bps for at least 2 h; gaps (intervals over 3× the median) never end an event. Hourly points for the last 90 days, daily points beyond (daily points miss intraday troughs). See /methodology#depeg-events.";

/** The detection rule, published with the data. */
export const DEPEG_RULE = {
  enter_beyond_bps: EVENT_ENTER_BPS,
  enter_min_hours: EVENT_ENTER_MIN_MS / HOUR_MS,
  exit_within_bps: EVENT_EXIT_BPS,
  exit_min_hours: EVENT_EXIT_MIN_MS / HOUR_MS,
  gap_factor: GAP_FACTOR,
  hourly_max_interval_minutes: GRANULARITY_HOURLY_MAX_MS / 60_000,
} as const;

const DAY_MS = 24 * HOUR_MS;
/** The id's start is truncated to the detection step, so sampling jitter cannot change it. */
const ID_STEP_MS = { hourly: HOUR_MS, daily: DAY_MS } as const;
/** Deviations are reported to 1e-4 bps (floating-point noise beyond that is not a measurement). */
const BPS_DECIMALS = 1e4;

const compactIso = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** Stable while the event's start is observed: coin, granularity and start hour (or day). */
export function depegEventId(coingeckoId: string, e: DepegEvent): string {
  const step = ID_STEP_MS[e.granularity];
  return `${coingeckoId}:${e.granularity}:${compactIso(Math.floor(e.startMs / step) * step)}`;
}

export function eventJson(coin: CoinRef & { coingeckoId: string }, e: DepegEvent, src: SeriesRead) {
  return {
    id: depegEventId(coin.coingeckoId, e),
    asset: coin.symbol,
    coingecko_id: coin.coingeckoId,
    start: new Date(e.startMs).toISOString(),
    end: e.endMs === null ? null : new Date(e.endMs).toISOString(),
    ongoing: e.ongoing,
    started_before_series: e.startedBeforeSeries,
    direction: e.direction,
    worst_deviation_bps: Math.round(e.worstDeviationBps * BPS_DECIMALS) / BPS_DECIMALS,
    worst_price_usd: PEG_TARGET_USD + e.worstDeviationBps / BPS_PER_UNIT,
    worst_at: new Date(e.worstAtMs).toISOString(),
    duration_hours: e.durationHours,
    points: e.points,
    gaps: e.gaps,
    granularity: e.granularity,
    sources: [
      {
        name: "CoinGecko",
        type: "market",
        series: `/coins/{id}/market_chart?days=${src.days}`,
        as_of: new Date(src.asOf).toISOString(),
      },
    ],
  };
}
export type DepegEventJson = ReturnType<typeof eventJson>;

/** Newest first: by start, then by coin for a stable order. */
export function newestFirst(a: DepegEventJson, b: DepegEventJson): number {
  return b.start.localeCompare(a.start) || a.asset.localeCompare(b.asset);
}
