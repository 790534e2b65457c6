/** The market-wide world's figures (scripts/bench/market-coverage.ts), on explicit rows. */
import {
  coverage,
  depegCoverage,
  hasNinetyDayHistory,
  MIN_HISTORY_SPAN_MS,
  priceSources,
  share,
  spanMs,
  whyMissing,
  type CoinInStore,
} from "@/scripts/bench/market-coverage";

const DAY_MS = 86_400_000;
const FLOOR = 5_000_000;

const coin = (over: Partial<CoinInStore> = {}): CoinInStore => ({
  id: "1",
  symbol: "AAA",
  circulatingUsd: 10_000_000,
  coinKey: "coingecko:aaa",
  marketPriceUsd: 1,
  coinsPriceUsd: 1,
  aggregatePriceUsd: 1,
  historySpanMs: 90 * DAY_MS,
  ...over,
});

describe("priceSources", () => {
  it("counts the aggregate's price only when asked", () => {
    const c = coin({ coinsPriceUsd: null });
    expect(priceSources(c, true)).toBe(2);
    expect(priceSources(c, false)).toBe(1);
  });

  it("does not count a missing, zero or non-finite price", () => {
    expect(
      priceSources(coin({ marketPriceUsd: 0, coinsPriceUsd: NaN, aggregatePriceUsd: null }), true),
    ).toBe(0);
  });
});

describe("hasNinetyDayHistory", () => {
  it("takes a span of at least the floor, and nothing shorter or absent", () => {
    expect(hasNinetyDayHistory(coin({ historySpanMs: MIN_HISTORY_SPAN_MS }))).toBe(true);
    expect(hasNinetyDayHistory(coin({ historySpanMs: MIN_HISTORY_SPAN_MS - 1 }))).toBe(false);
    expect(hasNinetyDayHistory(coin({ historySpanMs: null }))).toBe(false);
  });
});

describe("coverage", () => {
  it("judges only coins at or above the floor, and lists the others' gaps largest first", () => {
    const rows = [
      coin({ id: "1", symbol: "OK" }),
      coin({ id: "2", symbol: "SMALL", circulatingUsd: FLOOR - 1, marketPriceUsd: null }),
      coin({ id: "3", symbol: "ONEPRICE", circulatingUsd: FLOOR, coinsPriceUsd: null }),
      coin({
        id: "4",
        symbol: "NOID",
        circulatingUsd: 20_000_000,
        coinKey: null,
        marketPriceUsd: null,
        coinsPriceUsd: null,
        historySpanMs: null,
      }),
    ];
    const c = coverage(rows, FLOOR);
    expect(c.eligible).toBe(3);
    expect(c.twoPrices).toBe(2);
    expect(c.twoPricesStrict).toBe(1);
    expect(c.history).toBe(2);
    expect(c.covered).toBe(2);
    expect(c.coveredStrict).toBe(1);
    expect(c.missing).toEqual(["NOID (no CoinGecko id, 1 price, no history)"]);
  });

  it("covers nothing in an empty market", () => {
    const c = coverage([], FLOOR);
    expect(c.eligible).toBe(0);
    expect(share(c.covered, c.eligible)).toBe(0);
  });
});

describe("whyMissing", () => {
  it("names a short history in days", () => {
    expect(whyMissing(coin({ historySpanMs: 30 * DAY_MS, marketPriceUsd: null }))).toBe(
      "history 30.0 d",
    );
  });
});

describe("spanMs", () => {
  it("is the distance between the oldest and newest point, null below two points", () => {
    expect(spanMs([5, 1, 3])).toBe(4);
    expect(spanMs([1])).toBeNull();
    expect(spanMs([])).toBeNull();
  });
});

describe("depegCoverage", () => {
  it("counts every entry (shared symbols too) and subtracts coins without a history", () => {
    expect(
      depegCoverage({ coins: ["USDX", "USDX", "AAA", "BBB"], history_unavailable: ["BBB"] }),
    ).toEqual({ examined: 4, covered: 3 });
  });

  it("reads a malformed answer as nothing covered", () => {
    expect(depegCoverage({ coins: "x" })).toEqual({ examined: 0, covered: 0 });
    expect(depegCoverage({})).toEqual({ examined: 0, covered: 0 });
  });
});

describe("coverage without the aggregate's price", () => {
  it("lists the coins only the aggregate's price makes covered, with the price they lack", () => {
    const c = coverage(
      [coin({ symbol: "A", marketPriceUsd: null }), coin({ symbol: "B", coinsPriceUsd: null })],
      FLOOR,
    );
    expect(c.covered).toBe(2);
    expect(c.coveredStrict).toBe(0);
    expect(c.missingStrict).toEqual(["A (no market price)", "B (no DefiLlama coins price)"]);
  });
});
