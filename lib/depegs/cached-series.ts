/**
 * A coin's price series as the depeg log reads them, and the cache-only readers of the market
 * mode (never a provider call): one per source, the market provider's first.
 */
import type { PriceSeries } from "@/lib/domain/depeg-confirmation";
import { peekHourlySeries, type HourlySeries } from "@/lib/snapshot/coin-hourly";
import {
  peekLongPriceHistory,
  type LongRangeDays,
  type PriceHistory,
} from "@/lib/snapshot/history";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export interface CoinRef {
  symbol: string;
  coingeckoId: string | null;
  /** The aggregate's id; null only for an overlay coin while the aggregate is unavailable. */
  defillamaId: string | null;
  /** Its DefiLlama coins key (`coingecko:<id>` or `<chain>:<address>`); null when not known. */
  coinKey: string | null;
  /** The coin's canonical selector: its page is `/stablecoins/<selector>` (`preferredSelector`). */
  selector: string;
  /** Circulating USD from the aggregate; null = unknown (confirmation is then required). */
  circulatingUsd: number | null;
}

/** A series with the time its copy was fetched. */
export interface SourcedSeries extends PriceSeries {
  asOfMs: number;
  /** The market provider's range this series came from (`market_chart?days=`), if any. */
  days?: LongRangeDays;
}

export const marketSeries = (
  id: string,
  days: LongRangeDays,
  h: PriceHistory,
  storedAt: number,
): SourcedSeries => ({
  coinId: id,
  resolution: days === 90 ? "hourly" : "daily",
  source: "coingecko:market_chart",
  points: h.prices,
  asOfMs: storedAt,
  days,
});

/**
 * Cache-only series readers of the market mode, one per source: each returns the coin's series it
 * finds already stored (never a provider call), an empty one included: a provider's valid empty
 * answer is stored, so the log is complete without it, though it opens and confirms nothing. A new hourly source (e.g. DefiLlama coins
 * `/chart`, `source: "defillama:coins"`) plugs in by adding its reader here.
 */
export type CachedSeriesReader = (coin: CoinRef, readOpts?: ReadOpts) => Promise<SourcedSeries[]>;

/** The market provider's 90-day (hourly) and 365-day (daily) series, where stored. */
export const peekMarketSeries: CachedSeriesReader = async (coin, readOpts) => {
  const id = coin.coingeckoId;
  if (!id) return [];
  const peeked = await Promise.all(
    MARKET_RANGES.map(async (days) => {
      const p = await peekLongPriceHistory(id, days, readOpts).catch(() => null);
      return p ? marketSeries(id, days, p.value, p.storedAt) : null;
    }),
  );
  return peeked.filter((s): s is SourcedSeries => s !== null);
};

export const hasPoints = (s: SourcedSeries) => s.points.length > 0;

/** The market provider's ranges a coin with a CoinGecko id is read at. */
export const MARKET_RANGES = [90, 365] as const;

/**
 * How many series the cache-only readers find for a coin once all are stored: the market
 * provider's ranges for a coin with a CoinGecko id, and DefiLlama coins hourly for a known key.
 */
export function storedSeriesExpected(coin: CoinRef): number {
  return (coin.coingeckoId ? MARKET_RANGES.length : 0) + (coin.coinKey ? 1 : 0);
}

/** The id a coin's series and events carry: its CoinGecko id, else `llama-<DefiLlama id>`. */
export function seriesCoinId(coin: CoinRef): string {
  return coin.coingeckoId ?? `llama-${coin.defillamaId ?? coin.selector}`;
}

export const coinsHourly = (coin: CoinRef, s: HourlySeries, asOfMs: number): SourcedSeries => ({
  coinId: seriesCoinId(coin),
  resolution: "hourly",
  source: "defillama:coins",
  points: s.points,
  asOfMs,
});

/** The DefiLlama coins 90-day hourly series (kept warm by the refresher), where stored. */
export const peekCoinsHourlySeries: CachedSeriesReader = async (coin, readOpts) => {
  const key = coin.coinKey;
  const p = key ? await peekHourlySeries(key, readOpts).catch(() => null) : null;
  return p ? [coinsHourly(coin, p.value, p.storedAt)] : [];
};

/** The cache-only readers of every source besides the market provider's. */
export const OTHER_SOURCE_READERS: readonly CachedSeriesReader[] = [peekCoinsHourlySeries];

/** Every source's cache-only reader, the market provider's first (the order events are built in). */
export const CACHED_SERIES_READERS: readonly CachedSeriesReader[] = [
  peekMarketSeries,
  ...OTHER_SOURCE_READERS,
];

/** Store reads of one coin's cache-only readers at most (a market-wide scan's unit). */
export const MARKET_SERIES_READS = MARKET_RANGES.length + OTHER_SOURCE_READERS.length;
