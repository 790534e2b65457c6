import type { AggregateAsset } from "@/lib/domain/types";
import { buildSupplyPanel, RAIL_MIN_CIRCULATING_USD, YIELD_BEARING_NOTE } from "@/lib/supply/panel";

function asset(
  p: Partial<AggregateAsset> & Pick<AggregateAsset, "id" | "symbol" | "circulatingUsd">,
): AggregateAsset {
  return {
    name: p.symbol,
    geckoId: null,
    pegType: "peggedUSD",
    backing: "fiat-backed",
    priceUsd: 1,
    circulatingPrevDayUsd: null,
    circulatingPrevWeekUsd: null,
    circulatingPrevMonthUsd: null,
    chainCirculating: {},
    chains: ["ethereum"],
    deprecated: false,
    delisted: false,
    yieldBearing: false,
    ...p,
  };
}

describe("supply panel", () => {
  it("ranks USD-pegged, live assets by circulating supply", () => {
    const panel = buildSupplyPanel([
      asset({ id: "2", symbol: "USDC", circulatingUsd: 70e9 }),
      asset({ id: "1", symbol: "USDT", circulatingUsd: 180e9 }),
      asset({ id: "50", symbol: "EURC", circulatingUsd: 300e9, pegType: "peggedEUR" }),
      asset({ id: "33", symbol: "USDP", circulatingUsd: 90e9, deprecated: true }),
      asset({ id: "99", symbol: "DEAD", circulatingUsd: 90e9, delisted: true }),
    ]);
    expect(panel.assets.map((a) => [a.rank, a.symbol])).toEqual([
      [1, "USDT"],
      [2, "USDC"],
    ]);
    expect(panel.total_circulating_usd).toBe(250e9);
    expect(panel.rail.dominance).toMatchObject({ symbol: "USDT", share_pct: 72 });
  });

  it("uses each coin's headline price: the market quote its page shows, else the aggregate's", () => {
    const market = new Map([["usd-coin", 0.99982]]);
    const [withQuote, withoutQuote, noPrice] = buildSupplyPanel(
      [
        asset({
          id: "2",
          symbol: "USDC",
          circulatingUsd: 70e9,
          geckoId: "usd-coin",
          priceUsd: 0.99981,
        }),
        asset({ id: "3", symbol: "ABC", circulatingUsd: 60e9, geckoId: "abc", priceUsd: 0.999 }),
        asset({ id: "4", symbol: "XYZ", circulatingUsd: 50e9, priceUsd: 0 }),
      ],
      { market },
    ).assets;
    expect(withQuote).toMatchObject({ price_usd: 0.99982, price_source: "market" });
    expect(withQuote!.peg_deviation_bps).toBeCloseTo(-1.8, 9);
    expect(withoutQuote).toMatchObject({ price_usd: 0.999, price_source: "aggregate" });
    expect(noPrice).toMatchObject({ price_usd: null, price_source: null, peg_deviation_bps: null });
  });

  it("computes 7d/30d change and keeps nulls for missing history", () => {
    const [a, b] = buildSupplyPanel([
      asset({
        id: "1",
        symbol: "A",
        circulatingUsd: 110e6,
        circulatingPrevWeekUsd: 100e6,
        circulatingPrevMonthUsd: 55e6,
      }),
      asset({ id: "2", symbol: "B", circulatingUsd: 100e6 }),
    ]).assets;
    expect(a).toMatchObject({
      circulatingPrevWeek: 100e6,
      change_7d_usd: 10e6,
      change_30d_pct: 100,
    });
    expect(a?.change_7d_pct).toBeCloseTo(10, 9);
    expect(b).toMatchObject({
      circulatingPrevWeek: null,
      change_7d_usd: null,
      change_7d_pct: null,
      change_30d_usd: null,
    });
  });

  it("never lets a tiny coin's +900 % change win the rail chip", () => {
    const panel = buildSupplyPanel([
      asset({ id: "1", symbol: "BIG", circulatingUsd: 1e9, circulatingPrevWeekUsd: 0.9e9 }),
      asset({ id: "2", symbol: "TINY", circulatingUsd: 2e6, circulatingPrevWeekUsd: 0.2e6 }),
      asset({
        id: "3",
        symbol: "EDGE",
        circulatingUsd: RAIL_MIN_CIRCULATING_USD,
        circulatingPrevWeekUsd: 1e6,
      }),
    ]);
    const tiny = panel.assets.find((a) => a.symbol === "TINY");
    expect(tiny?.change_7d_pct).toBeCloseTo(900, 6);
    expect(panel.rail.largest_7d_change).toMatchObject({
      symbol: "BIG",
      min_circulating_usd: 5_000_000,
    });
  });

  it("lets a large outflow win by absolute percentage", () => {
    const panel = buildSupplyPanel([
      asset({ id: "1", symbol: "UP", circulatingUsd: 1e9, circulatingPrevWeekUsd: 0.95e9 }),
      asset({ id: "2", symbol: "DOWN", circulatingUsd: 0.5e9, circulatingPrevWeekUsd: 1e9 }),
    ]);
    expect(panel.rail.largest_7d_change?.symbol).toBe("DOWN");
    expect(panel.rail.largest_7d_change?.change_7d_pct).toBeCloseTo(-50, 9);
  });

  it("labels yield-bearing NAV tokens instead of alarming", () => {
    const [a] = buildSupplyPanel([
      asset({ id: "237", symbol: "USYC", circulatingUsd: 1e9, priceUsd: 1.11, yieldBearing: true }),
    ]).assets;
    expect(a?.peg_deviation_bps).toBeCloseTo(1100, 6);
    expect(a?.peg_note).toBe(YIELD_BEARING_NOTE);
  });

  it("applies the rail floor to the previous week too (USPD: $357K → $98.7M is not a mover)", () => {
    const panel = buildSupplyPanel([
      asset({ id: "1", symbol: "BIG", circulatingUsd: 1e9, circulatingPrevWeekUsd: 0.9e9 }),
      asset({
        id: "2",
        symbol: "USPD",
        circulatingUsd: 98_745_000,
        circulatingPrevWeekUsd: 357_000,
      }),
    ]);
    expect(panel.rail.largest_7d_change?.symbol).toBe("BIG");
    expect(panel.rail.largest_7d_change?.change_7d_pct).toBeCloseTo(11.111111, 5);
  });

  it("leaves dead coins out by default and lists them marked, after the live ones, on request", () => {
    const assets = [
      asset({ id: "1", symbol: "USDT", circulatingUsd: 180e9, circulatingPrevWeekUsd: 179e9 }),
      asset({ id: "7", symbol: "UST", circulatingUsd: 90e9, deadFrom: "2022-05-12" }),
      asset({ id: "33", symbol: "USDP", circulatingUsd: 80e9, deprecated: true }),
      asset({
        id: "9",
        symbol: "GONE",
        circulatingUsd: 70e9,
        circulatingPrevWeekUsd: 1e9,
        delisted: true,
      }),
    ];
    const hidden = buildSupplyPanel(assets);
    expect(hidden.assets.map((a) => a.symbol)).toEqual(["USDT"]);
    expect(hidden.dead_count).toBe(3);
    expect(hidden.include_dead).toBe(false);
    const shown = buildSupplyPanel(assets, { includeDead: true });
    expect(shown.assets.map((a) => [a.rank, a.symbol, a.dead, a.dead_reason])).toEqual([
      [1, "USDT", false, null],
      [2, "UST", true, "dead_from"],
      [3, "USDP", true, "deprecated"],
      [4, "GONE", true, "delisted"],
    ]);
    expect(shown.assets[1]?.dead_from).toBe("2022-05-12");
    // Totals and rail stay live-only: GONE's +6,900 % never wins.
    expect(shown.total_circulating_usd).toBe(180e9);
    expect(shown.rail.dominance).toMatchObject({ symbol: "USDT", share_pct: 100 });
    expect(shown.rail.largest_7d_change?.symbol).toBe("USDT");
  });

  it("has no chips for an empty list", () => {
    expect(buildSupplyPanel([]).rail).toEqual({ dominance: null, largest_7d_change: null });
  });
});

describe("market total and its change", () => {
  it("is the live coins' total against their records a week and a month earlier", () => {
    const panel = buildSupplyPanel([
      asset({
        id: "1",
        symbol: "USDT",
        circulatingUsd: 180e9,
        circulatingPrevWeekUsd: 178e9,
        circulatingPrevMonthUsd: 170e9,
      }),
      asset({
        id: "2",
        symbol: "USDC",
        circulatingUsd: 70e9,
        circulatingPrevWeekUsd: 72e9,
        circulatingPrevMonthUsd: null,
      }),
      // New this week: no record a week ago, so its supply counts as growth.
      asset({ id: "3", symbol: "NEW", circulatingUsd: 1e9 }),
      asset({
        id: "4",
        symbol: "GONE",
        circulatingUsd: 50e9,
        circulatingPrevWeekUsd: 1e9,
        delisted: true,
      }),
    ]);
    expect(panel.total_circulating_usd).toBe(251e9);
    expect(panel.total_change_7d_usd).toBe(1e9);
    expect(panel.total_change_7d_pct).toBeCloseTo((1e9 / 250e9) * 100, 10);
    expect(panel.total_change_30d_usd).toBe(81e9);
  });

  it("is null, not zero, when no coin has an earlier record", () => {
    const panel = buildSupplyPanel([asset({ id: "1", symbol: "USDT", circulatingUsd: 180e9 })]);
    expect(panel.total_change_7d_usd).toBeNull();
    expect(panel.total_change_7d_pct).toBeNull();
    expect(panel.total_change_30d_usd).toBeNull();
  });
});
