/**
 * Pure figures of the market-wide world (`./market-wide`, issue 26 goals): which coins of the
 * market have a price from two sources and a 90-day history in the store, and how many coins a
 * market-wide depeg log covers. No I/O: the world reads the store and hands the rows here.
 */
import { HOURLY_HISTORY_DAYS } from "../../lib/domain/chart-plan";

const MS_PER_DAY = 24 * 60 * 60 * 1000;
/**
 * A stored history counts as "90-day" when its points span at least this long: one day short
 * of 90, because the series' ends are floored to whole hours and the first fill's oldest call
 * starts at the hour mark 90 days back.
 */
export const MIN_HISTORY_SPAN_MS = (HOURLY_HISTORY_DAYS - 1) * MS_PER_DAY;

/** What the store holds for one coin of the market. */
export interface CoinInStore {
  id: string;
  symbol: string;
  circulatingUsd: number;
  /** Its DefiLlama coins key (`coingecko:<id>`); null without a CoinGecko id. */
  coinKey: string | null;
  /** Market provider (CoinGecko `/coins/markets` batch) price; null when none stored. */
  marketPriceUsd: number | null;
  /** DefiLlama coins `/prices/current` price; null when none stored. */
  coinsPriceUsd: number | null;
  /** The aggregate list's own price (DefiLlama stablecoins). */
  aggregatePriceUsd: number | null;
  /** Span of the longest stored price history (hourly series or 90-day chart); null: none. */
  historySpanMs: number | null;
}

const priced = (x: number | null) => x !== null && Number.isFinite(x) && x > 0;

/**
 * Independent provider prices of a coin. `withAggregate` false counts only the market provider
 * and the DefiLlama coins API (the aggregate's price and the coins API are one source family
 * in issue 26 §3); true counts every provider price intel lists (`data.prices`, without DEX).
 */
export function priceSources(c: CoinInStore, withAggregate: boolean): number {
  const prices = [c.marketPriceUsd, c.coinsPriceUsd];
  if (withAggregate) prices.push(c.aggregatePriceUsd);
  return prices.filter(priced).length;
}

export const hasNinetyDayHistory = (c: CoinInStore) =>
  c.historySpanMs !== null && c.historySpanMs >= MIN_HISTORY_SPAN_MS;

export interface Coverage {
  /** Coins at or above the floor. */
  eligible: number;
  /** Of those: ≥ 2 prices counting the aggregate's, ≥ 2 without it, a 90-day history. */
  twoPrices: number;
  twoPricesStrict: number;
  history: number;
  /** Both conditions (≥ 2 prices counting the aggregate's, and a 90-day history). */
  covered: number;
  coveredStrict: number;
  /** Eligible coins not `covered`, largest first, each with what it lacks. */
  missing: string[];
  /** Covered coins that are not covered without the aggregate's own price, largest first. */
  missingStrict: string[];
}

export function coverage(coins: readonly CoinInStore[], minCirculatingUsd: number): Coverage {
  const eligible = coins
    .filter((c) => c.circulatingUsd >= minCirculatingUsd)
    .sort((a, b) => b.circulatingUsd - a.circulatingUsd);
  const count = (ok: (c: CoinInStore) => boolean) => eligible.filter(ok).length;
  const ok = (c: CoinInStore) => priceSources(c, true) >= 2 && hasNinetyDayHistory(c);
  return {
    eligible: eligible.length,
    twoPrices: count((c) => priceSources(c, true) >= 2),
    twoPricesStrict: count((c) => priceSources(c, false) >= 2),
    history: count(hasNinetyDayHistory),
    covered: count(ok),
    coveredStrict: count((c) => priceSources(c, false) >= 2 && hasNinetyDayHistory(c)),
    missing: eligible.filter((c) => !ok(c)).map((c) => `${c.symbol} (${whyMissing(c)})`),
    missingStrict: eligible
      .filter((c) => ok(c) && priceSources(c, false) < 2)
      .map(
        (c) =>
          `${c.symbol} (${c.marketPriceUsd === null ? "no market price" : "no DefiLlama coins price"})`,
      ),
  };
}

/** What a coin lacks, for the report: its key, its prices, its history. */
export function whyMissing(c: CoinInStore): string {
  const why: string[] = [];
  if (c.coinKey === null) why.push("no CoinGecko id");
  const n = priceSources(c, true);
  if (n < 2) why.push(`${n} price${n === 1 ? "" : "s"}`);
  if (c.historySpanMs === null) why.push("no history");
  else if (!hasNinetyDayHistory(c))
    why.push(`history ${(c.historySpanMs / MS_PER_DAY).toFixed(1)} d`);
  return why.join(", ");
}

/** Share in [0, 1]; an empty set covers nothing (0, never a vacuous 100 %). */
export const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** Span of a series' timestamps (ms); null for fewer than two points. */
export function spanMs(timestampsMs: readonly number[]): number | null {
  if (timestampsMs.length < 2) return null;
  return Math.max(...timestampsMs) - Math.min(...timestampsMs);
}

/**
 * Coins a market-wide depeg answer examined (`coins`), and of those the ones with a readable
 * history (not in `history_unavailable`). Both list symbols, which coins may share: counted as
 * lists, not sets.
 */
export function depegCoverage(body: { coins?: unknown; history_unavailable?: unknown }): {
  examined: number;
  covered: number;
} {
  const list = (x: unknown) =>
    Array.isArray(x) ? x.filter((s): s is string => typeof s === "string") : [];
  const examined = list(body.coins).length;
  const unavailable = Math.min(list(body.history_unavailable).length, examined);
  return { examined, covered: examined - unavailable };
}
