/**
 * One coin's depeg events over a window, from the cached long-range price series only:
 *
 *   30d, 90d  the 90-day series (hourly points): events detected at hourly granularity;
 *   365d      the 90-day hourly events, plus the 365-day series' (daily points) events that start
 *             before the hourly series does. A daily event that overlaps the hourly range wins
 *             over the hourly events it overlaps (no event is listed twice).
 *
 * An event is in the window when it is still open, or ended, at or after `asOf − window`.
 * A series that cannot be read leaves the coin's events unknown (null) with a warning; nothing
 * here calls a provider except through the cached reads.
 */
import {
  detectDepegEvents,
  inEventsWindow,
  type DepegEvent,
  type EventsWindow,
} from "@/lib/domain/depeg-events";
import {
  readLongPriceHistory,
  type LongRangeDays,
  type PriceHistory,
} from "@/lib/snapshot/history";
import { isRateBudgetError } from "@/lib/snapshot/rate-budget";
import { calledUpstream, type CachedRead } from "@/lib/snapshot/read-through";
import { pricesDropped, type Warning } from "@/lib/assets/warnings";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export { EVENTS_WINDOWS, type EventsWindow } from "@/lib/domain/depeg-events";
export { EVENTS_WINDOW_MS } from "@/lib/domain/depeg-events";

export interface CoinRef {
  symbol: string;
  coingeckoId: string | null;
}

export interface SeriesRead {
  days: LongRangeDays;
  asOf: number;
  stale: boolean;
  /** Stale because the market provider's call budget is spent. */
  staleOverBudget: boolean;
  prices: PriceHistory["prices"];
  /** Points the provider sent that were not prices (dropped, counted). */
  droppedPrices: number;
}

export interface CoinEvents {
  coin: CoinRef;
  /** Null when the history could not be read (or the coin has no market-provider id). */
  events: DepegEvent[] | null;
  /** The series the events were detected on, hourly first. */
  series: SeriesRead[];
  warnings: Warning[];
  /** A series read needed a provider call. */
  upstream: boolean;
}

const historyWarning = (code: string, text: string): Warning => ({
  source: "CoinGecko",
  type: "market",
  code,
  message: `CoinGecko (market): ${text}`,
});
export const historyUnavailable = (symbol: string, days: LongRangeDays) =>
  historyWarning(
    "long_history_unavailable",
    `the ${days}-day price history of ${symbol} is unavailable; its depeg events are not listed (history unavailable).`,
  );
export const notMeasured = (symbol: string) =>
  historyWarning(
    "long_history_not_listed",
    `${symbol} has no market-provider id; its depeg events are not measured.`,
  );
export const staleHistory = (symbol: string, days: LongRangeDays) =>
  historyWarning(
    "long_history_stale",
    `the ${days}-day price history of ${symbol} could not be refreshed; events are from the last stored copy.`,
  );
/** Over the call budget, the code is the budget's (`market_rate_budget`), stale copy or none. */
const BUDGET_CODE = "market_rate_budget";
export const historyOverBudget = (symbol: string, days: LongRangeDays) =>
  historyWarning(
    BUDGET_CODE,
    `rate budget reached; the ${days}-day price history of ${symbol} is unavailable for now, so its depeg events are not listed.`,
  );
export const staleHistoryOverBudget = (symbol: string, days: LongRangeDays) =>
  historyWarning(
    BUDGET_CODE,
    `rate budget reached; the ${days}-day price history of ${symbol} was not refreshed, so events are from the last stored copy.`,
  );

/** A series, or why there is none: the call budget (`budget`) or anything else (null). */
interface Read {
  series: SeriesRead | "budget" | null;
  upstream: boolean;
}
const NOT_READ: Read = { series: null, upstream: false };

async function read(coingeckoId: string, days: LongRangeDays, readOpts?: ReadOpts): Promise<Read> {
  let r: CachedRead<PriceHistory>;
  try {
    r = await readLongPriceHistory(coingeckoId, days, readOpts);
  } catch (error) {
    return { series: isRateBudgetError(error) ? "budget" : null, upstream: false };
  }
  const upstream = calledUpstream(r);
  // An empty series (a valid answer, cached briefly) measures nothing: history unavailable.
  if (r.value.prices.length === 0) return { series: null, upstream };
  const stale = r.source === "stale";
  const series = {
    days,
    asOf: r.storedAt,
    stale,
    staleOverBudget: stale && isRateBudgetError(r.error),
    prices: r.value.prices,
    droppedPrices: r.value.droppedPrices,
  };
  return { series, upstream };
}

const seriesOrNull = (r: SeriesRead | "budget" | null) => (r === "budget" ? null : r);

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

export async function loadCoinEvents(
  coin: CoinRef,
  window: EventsWindow,
  readOpts?: ReadOpts,
): Promise<CoinEvents> {
  const id = coin.coingeckoId;
  if (!id) {
    return {
      coin,
      events: null,
      series: [],
      warnings: [notMeasured(coin.symbol)],
      upstream: false,
    };
  }
  const [hourlyRead, dailyRead] = await Promise.all([
    read(id, 90, readOpts),
    window === "365d" ? read(id, 365, readOpts) : Promise.resolve(NOT_READ),
  ]);
  const [hourly, daily] = [seriesOrNull(hourlyRead.series), seriesOrNull(dailyRead.series)];
  const upstream = hourlyRead.upstream || dailyRead.upstream;
  const warnings: Warning[] = [];
  const series = [hourly, daily].filter((s): s is SeriesRead => s !== null);
  for (const s of series) {
    if (s.staleOverBudget) warnings.push(staleHistoryOverBudget(coin.symbol, s.days));
    else if (s.stale) warnings.push(staleHistory(coin.symbol, s.days));
    if (s.droppedPrices > 0)
      warnings.push(
        pricesDropped(s.droppedPrices, `the ${s.days}-day price history of ${coin.symbol}`),
      );
  }
  const missing = (r: SeriesRead | "budget" | null, days: LongRangeDays) => {
    if (r === "budget") warnings.push(historyOverBudget(coin.symbol, days));
    else if (!r) warnings.push(historyUnavailable(coin.symbol, days));
  };
  missing(hourlyRead.series, 90);
  if (window === "365d") missing(dailyRead.series, 365);
  if (series.length === 0) return { coin, events: null, series, warnings, upstream };

  const h = hourly ? detectDepegEvents(hourly.prices) : null;
  const d = daily ? detectDepegEvents(daily.prices) : null;
  const all = h && d ? mergeGranularities(h, d) : h ? h.events : (d?.events ?? []);
  const asOf = Math.max(...series.map((s) => s.asOf));
  const lastMs = Math.max(h?.lastMs ?? 0, d?.lastMs ?? 0);
  const events = all.filter((e) => inEventsWindow(endOf(e, lastMs), asOf, window));
  return { coin, events, series, warnings, upstream };
}
