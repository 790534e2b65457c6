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
import {
  CONFIRM_BEYOND_BPS,
  CONFIRM_MIN_CIRCULATING_USD,
  DEPEG_LOG_MIN_CIRCULATING_USD,
  THIN_POOL_MAX_TVL_USD,
  type ConfirmedEvent,
  type SeriesSource,
} from "@/lib/domain/depeg-confirmation";
import { BPS_PER_UNIT, PEG_TARGET_USD } from "@/lib/domain/peg";
import { seriesCoinId, type CoinRef, type SourcedSeries } from "./coin-events";

export const DEPEG_METHOD =
  "Depeg events from every price series a coin has: the aggregate's daily prices of every stablecoin (DefiLlama /stablecoinprices), the market provider's hourly (90 days) and daily (365 days) series where read, and the DefiLlama coins API's hourly series (90 days) where read — the only history of a coin without a CoinGecko id. An event starts when the deviation from 1.00 USD stays beyond ±100 bps for at least 1 h of consecutive points and ends when it is back within ±50 bps for at least 2 h; gaps (intervals over 3× the median) never end an event; hourly events win where hourly points exist (daily points miss intraday troughs). On coins of 1 B USD or more an event is confirmed only when a second independent source family (aggregate, market provider, DEX-implied) is beyond ±50 bps on the same side within it; otherwise it is listed as unconfirmed with the reason. DEX-implied prices only confirm and leave out pools under 1 M USD. The market-wide log covers USD coins (not yield-bearing) of at least 1 M USD circulating with a price history (a coin without a CoinGecko id once its DefiLlama coins hourly series is stored). See /methodology#depeg-events.";

/** The detection rule, published with the data. */
export const DEPEG_RULE = {
  enter_beyond_bps: EVENT_ENTER_BPS,
  enter_min_hours: EVENT_ENTER_MIN_MS / HOUR_MS,
  exit_within_bps: EVENT_EXIT_BPS,
  exit_min_hours: EVENT_EXIT_MIN_MS / HOUR_MS,
  gap_factor: GAP_FACTOR,
  hourly_max_interval_minutes: GRANULARITY_HOURLY_MAX_MS / 60_000,
  market_min_circulating_usd: DEPEG_LOG_MIN_CIRCULATING_USD,
  confirm_min_circulating_usd: CONFIRM_MIN_CIRCULATING_USD,
  confirm_beyond_bps: CONFIRM_BEYOND_BPS,
  thin_pool_max_tvl_usd: THIN_POOL_MAX_TVL_USD,
} as const;

/** How each source is named in bodies and feeds. */
export const SOURCE_LABELS: Readonly<
  Record<SeriesSource, { name: string; type: string; series: string }>
> = {
  "defillama:stablecoinprices": {
    name: "DefiLlama",
    type: "aggregate",
    series: "/stablecoinprices",
  },
  "defillama:coins": {
    name: "DefiLlama coins",
    type: "aggregate",
    series: "/chart/{coins}?period=1h",
  },
  "coingecko:market_chart": {
    name: "CoinGecko",
    type: "market",
    series: "/coins/{id}/market_chart",
  },
  "dex-implied": { name: "DexScreener", type: "dex", series: "DEX-implied price" },
};

export function seriesLabel(s: SourcedSeries) {
  const label = SOURCE_LABELS[s.source];
  return {
    name: label.name,
    type: label.type,
    series: s.days ? `${label.series}?days=${s.days}` : label.series,
    resolution: s.resolution,
  };
}

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

/**
 * Stable while the event's start is observed: coin, granularity and start hour (or day). The coin
 * is its CoinGecko id (ids of existing events unchanged), else `llama-<DefiLlama id>`
 * (`seriesCoinId`): DefiLlama ids are stable numbers, and a coin that later gains a CoinGecko id
 * starts a new id series — documented in docs/api.md.
 */
export function depegEventId(coin: CoinRef, e: DepegEvent): string {
  const step = ID_STEP_MS[e.granularity];
  return `${seriesCoinId(coin)}:${e.granularity}:${compactIso(Math.floor(e.startMs / step) * step)}`;
}

/** The role of each series in an event: opened it, confirmed it, or was checked and did not. */
function eventSources(c: ConfirmedEvent, series: readonly SourcedSeries[]) {
  const opener = series.find(
    (s) => s.source === c.openedBy && s.resolution === c.event.granularity,
  );
  const others = series.filter((s) => s !== opener && c.confirmation.checked.includes(s.source));
  return [opener, ...others]
    .filter((s): s is SourcedSeries => s !== undefined)
    .map((s) => ({
      ...seriesLabel(s),
      role:
        s === opener
          ? ("opened" as const)
          : c.confirmation.confirmedBy.includes(s.source)
            ? ("confirmed" as const)
            : ("checked" as const),
      as_of: new Date(s.asOfMs).toISOString(),
    }));
}

export function eventJson(coin: CoinRef, c: ConfirmedEvent, series: readonly SourcedSeries[]) {
  const e = c.event;
  return {
    id: depegEventId(coin, e),
    asset: coin.symbol,
    coingecko_id: coin.coingeckoId,
    defillama_id: coin.defillamaId,
    selector: coin.selector,
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
    resolution: e.granularity,
    confirmation: {
      status: c.confirmation.status,
      reason: c.confirmation.reason,
      confirmed_by: c.confirmation.confirmedBy.map((s) => SOURCE_LABELS[s].name),
    },
    sources: eventSources(c, series),
  };
}
export type DepegEventJson = ReturnType<typeof eventJson>;

/** Newest first: by start, then by coin for a stable order. */
export function newestFirst(a: DepegEventJson, b: DepegEventJson): number {
  return b.start.localeCompare(a.start) || a.asset.localeCompare(b.asset);
}
