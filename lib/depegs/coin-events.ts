/**
 * One coin's depeg events over a window, from its price series (lib/domain/depeg-confirmation.ts):
 * every series the coin has — the aggregate's daily series (`/stablecoinprices`, one key for the
 * whole market) and the market provider's 90-day hourly / 365-day daily series — opens and
 * confirms events by the published rule. Each event names its resolution and its sources.
 *
 *   one coin (`q`)   the market provider's two series are read through the cache (≤ 2 calls);
 *                    a coin without a CoinGecko id reads its DefiLlama coins hourly series
 *                    instead, by its coins key (`<chain>:<address>`), when that key is known;
 *                    every other source is peeked, as in the market mode;
 *   the market       they are only peeked (used when already cached, never fetched), so
 *                    rebuilding the market-wide log costs the aggregate's two keys at most.
 *
 * Both modes gather the same sources in the same order and compute the events with one function
 * (`eventsFromSeries`): once a coin's series are stored, its view lists exactly its events of the
 * market-wide log (one start, one end, one confirmation wherever an event is shown).
 *
 * An event is in the window when it is still open, or ended, at or after `asOf − window`.
 * A coin with no series has unknown events (null).
 */
import {
  coinDepegEvents,
  mergeGranularities,
  type ConfirmedEvent,
} from "@/lib/domain/depeg-confirmation";
import { inEventsWindow, type EventsWindow } from "@/lib/domain/depeg-events";
import { dailyPricePoints, type DailyPriceTable } from "@/lib/providers/defillama/prices";
import {
  readLongPriceHistory,
  type LongRangeDays,
  type PriceHistory,
} from "@/lib/snapshot/history";
import { readHourlySeries } from "@/lib/snapshot/coin-hourly";
import { isRateBudgetError } from "@/lib/budget/calls";
import { calledUpstream, type CachedRead } from "@/lib/snapshot/read-through";
import { pricesDropped, type Warning } from "@/lib/assets/warnings";
import type { ReadOpts } from "@/lib/snapshot/read-opts";
import {
  CACHED_SERIES_READERS,
  coinsHourly,
  hasPoints,
  MARKET_RANGES,
  marketSeries,
  OTHER_SOURCE_READERS,
  storedSeriesExpected,
  type CachedSeriesReader,
  type CoinRef,
  type SourcedSeries,
} from "./cached-series";
import {
  coinsHistoryStale,
  coinsHistoryUnavailable,
  coinsKeyUnknown,
  historyOverBudget,
  historyUnavailable,
  staleHistory,
  staleHistoryOverBudget,
} from "./warnings";

export { EVENTS_WINDOWS, type EventsWindow } from "@/lib/domain/depeg-events";
export { EVENTS_WINDOW_MS } from "@/lib/domain/depeg-events";
export { mergeGranularities };
export * from "./warnings";
export {
  CACHED_SERIES_READERS,
  peekCoinsHourlySeries,
  peekMarketSeries,
  seriesCoinId,
  storedSeriesExpected,
  type CachedSeriesReader,
  type CoinRef,
  type SourcedSeries,
} from "./cached-series";

export interface CoinEvents {
  coin: CoinRef;
  /** Null when the coin has no price series at all. */
  events: ConfirmedEvent[] | null;
  /** Every series read (openers and confirmers). */
  series: SourcedSeries[];
  warnings: Warning[];
  /** A series read needed a provider call. */
  upstream: boolean;
  /** Every source the coin has was found (false: a series not stored or not read yet). */
  complete: boolean;
}

/** The aggregate's table as read once for every coin. */
export interface AggregatePrices {
  table: DailyPriceTable;
  storedAt: number;
}

export function aggregateSeries(
  prices: AggregatePrices | null,
  geckoId: string,
): SourcedSeries | null {
  if (!prices) return null;
  const points = dailyPricePoints(prices.table, geckoId);
  if (points.length === 0) return null;
  return {
    coinId: geckoId,
    resolution: "daily",
    source: "defillama:stablecoinprices",
    points,
    asOfMs: prices.storedAt,
  };
}

/** Events of a coin from the series it has, inside the window. */
export function eventsFromSeries(
  coin: CoinRef,
  series: SourcedSeries[],
  window: EventsWindow,
): ConfirmedEvent[] | null {
  if (series.length === 0) return null;
  const { events, lastMs } = coinDepegEvents(series, coin.circulatingUsd);
  const asOf = Math.max(...series.map((s) => s.asOfMs));
  return events.filter((e) => inEventsWindow(e.event.endMs ?? lastMs ?? asOf, asOf, window));
}

/**
 * Market mode: the aggregate's series plus whatever other series are already cached (`readers`:
 * `CACHED_SERIES_READERS`, injectable for tests).
 */
export async function marketCoinEvents(
  coin: CoinRef,
  prices: AggregatePrices | null,
  window: EventsWindow,
  readOpts?: ReadOpts,
  readers: readonly CachedSeriesReader[] = CACHED_SERIES_READERS,
): Promise<CoinEvents> {
  const id = coin.coingeckoId;
  const series: SourcedSeries[] = [];
  const agg = id ? aggregateSeries(prices, id) : null;
  if (agg) series.push(agg);
  const cached = (await Promise.all(readers.map((r) => r(coin, readOpts)))).flat();
  series.push(...cached.filter(hasPoints));
  return {
    coin,
    events: eventsFromSeries(coin, series, window),
    series,
    warnings: [],
    upstream: false,
    complete: cached.length >= storedSeriesExpected(coin),
  };
}

/** A series, or why there is none: the call budget (`budget`) or anything else (null). */
interface Read {
  series: SourcedSeries | "budget" | null;
  stale: boolean;
  staleOverBudget: boolean;
  dropped: number;
  upstream: boolean;
}

async function read(id: string, days: LongRangeDays, readOpts?: ReadOpts): Promise<Read> {
  let r: CachedRead<PriceHistory>;
  try {
    r = await readLongPriceHistory(id, days, readOpts);
  } catch (error) {
    const series = isRateBudgetError(error) ? "budget" : null;
    return { series, stale: false, staleOverBudget: false, dropped: 0, upstream: false };
  }
  const upstream = calledUpstream(r);
  const stale = r.source === "stale";
  const staleOverBudget = stale && isRateBudgetError(r.error);
  // An empty series (a valid answer, cached briefly) measures nothing: history unavailable.
  const series = r.value.prices.length === 0 ? null : marketSeries(id, days, r.value, r.storedAt);
  return { series, stale, staleOverBudget, dropped: r.value.droppedPrices, upstream };
}

/**
 * One coin (`q`): the market provider's series read through the cache, with their warnings, and
 * every other source peeked as the market mode does (the same series, in the same order).
 */
export async function loadCoinEvents(
  coin: CoinRef,
  prices: AggregatePrices | null,
  window: EventsWindow,
  readOpts?: ReadOpts,
): Promise<CoinEvents> {
  const id = coin.coingeckoId;
  const agg = id ? aggregateSeries(prices, id) : null;
  if (!id) return loadCoinsHourlyEvents(coin, window, readOpts);
  const [reads, others] = await Promise.all([
    Promise.all(MARKET_RANGES.map((days) => read(id, days, readOpts))),
    Promise.all(OTHER_SOURCE_READERS.map((r) => r(coin, readOpts))),
  ]);
  const warnings: Warning[] = [];
  const series: SourcedSeries[] = agg ? [agg] : [];
  reads.forEach((r, i) => {
    const days = i === 0 ? 90 : 365;
    if (r.series === "budget") warnings.push(historyOverBudget(coin.symbol, days));
    else if (!r.series) warnings.push(historyUnavailable(coin.symbol, days));
    else {
      series.push(r.series);
      if (r.staleOverBudget) warnings.push(staleHistoryOverBudget(coin.symbol, days));
      else if (r.stale) warnings.push(staleHistory(coin.symbol, days));
      if (r.dropped > 0)
        warnings.push(pricesDropped(r.dropped, `the ${days}-day price history of ${coin.symbol}`));
    }
  });
  series.push(...others.flat().filter(hasPoints));
  const found = reads.filter((r) => r.series !== null && r.series !== "budget").length;
  return {
    coin,
    events: eventsFromSeries(coin, series, window),
    series,
    warnings,
    upstream: reads.some((r) => r.upstream),
    complete: found + others.flat().length >= storedSeriesExpected(coin),
  };
}

/**
 * One coin without a CoinGecko id (`q`): its DefiLlama coins hourly series through the read layer
 * (one key; its first fill takes a few `/chart` calls), when its coins key is known.
 */
async function loadCoinsHourlyEvents(
  coin: CoinRef,
  window: EventsWindow,
  readOpts?: ReadOpts,
): Promise<CoinEvents> {
  const none = { coin, events: null, series: [], warnings: [], upstream: false, complete: false };
  if (!coin.coinKey) return { ...none, warnings: [coinsKeyUnknown(coin.symbol)] };
  const r = (await readHourlySeries([coin.coinKey], readOpts)).get(coin.coinKey);
  if (!r?.series || r.series.points.length === 0) {
    return { ...none, warnings: [coinsHistoryUnavailable(coin.symbol)], upstream: !!r?.upstream };
  }
  const series = [coinsHourly(coin, r.series, r.asOf ?? Date.now())];
  return {
    coin,
    events: eventsFromSeries(coin, series, window),
    series,
    warnings: r.stale ? [coinsHistoryStale(coin.symbol)] : [],
    upstream: r.upstream,
    complete: true,
  };
}
