import {
  coinDepegEvents,
  CONFIRM_BEYOND_BPS,
  CONFIRM_MIN_CIRCULATING_USD,
  DEPEG_LOG_MIN_CIRCULATING_USD,
  dexImpliedPrice,
  THIN_POOL_MAX_TVL_USD,
  type PriceSeries,
  type SeriesSource,
} from "@/lib/domain/depeg-confirmation";

const H = 3_600_000;
const D = 24 * H;
const T0 = Date.UTC(2026, 0, 1);

/** `n` points `step` apart from T0; `at(i)` gives the price of point i. */
function series(
  source: SeriesSource,
  resolution: "hourly" | "daily",
  n: number,
  at: (i: number) => number,
): PriceSeries {
  const step = resolution === "hourly" ? H : D;
  return {
    coinId: "coin",
    resolution,
    source,
    points: Array.from({ length: n }, (_, i) => ({ timestampMs: T0 + i * step, priceUsd: at(i) })),
  };
}
/** Daily aggregate series at 1.0000 with days 10–13 at 0.9820 (−180 bps). */
const aggregateDip = series("defillama:stablecoinprices", "daily", 30, (i) =>
  i >= 10 && i <= 13 ? 0.982 : 1,
);

describe("depeg confirmation constants", () => {
  it("are the published numbers", () => {
    expect(DEPEG_LOG_MIN_CIRCULATING_USD).toBe(1_000_000);
    expect(CONFIRM_MIN_CIRCULATING_USD).toBe(1_000_000_000);
    expect(CONFIRM_BEYOND_BPS).toBe(50);
    expect(THIN_POOL_MAX_TVL_USD).toBe(1_000_000);
  });
});

describe("coinDepegEvents", () => {
  it("confirms a daily aggregate event that the market provider shows beyond 50 bps", () => {
    const market = series("coingecko:market_chart", "daily", 30, (i) => (i === 11 ? 0.994 : 1));
    const r = coinDepegEvents([aggregateDip, market], 2e9);
    expect(r.events).toHaveLength(1);
    const [e] = r.events;
    expect(e?.openedBy).toBe("defillama:stablecoinprices");
    expect(e?.event.granularity).toBe("daily");
    expect(e?.event.startMs).toBe(T0 + 10 * D);
    expect(e?.event.endMs).toBe(T0 + 14 * D);
    expect(e?.event.worstDeviationBps).toBeCloseTo(-180, 6);
    expect(e?.confirmation).toEqual({
      status: "confirmed",
      reason: null,
      confirmedBy: ["coingecko:market_chart"],
      checked: ["coingecko:market_chart"],
    });
  });

  it("leaves a ≥ $1B coin's event unconfirmed when the second source holds (−49 bps is not beyond half)", () => {
    const market = series("coingecko:market_chart", "daily", 30, (i) => (i === 11 ? 0.9951 : 1));
    const [e] = coinDepegEvents([aggregateDip, market], 1e9).events;
    expect(e?.confirmation).toMatchObject({ status: "unconfirmed", reason: "second_source_holds" });
  });

  it("does not count the opposite side as confirmation", () => {
    const market = series("coingecko:market_chart", "daily", 30, (i) => (i === 11 ? 1.009 : 1));
    const [e] = coinDepegEvents([aggregateDip, market], 5e9).events;
    expect(e?.confirmation.status).toBe("unconfirmed");
  });

  it("names the missing second source, and one of the same family never confirms", () => {
    const [alone] = coinDepegEvents([aggregateDip], 5e9).events;
    expect(alone?.confirmation).toMatchObject({
      status: "unconfirmed",
      reason: "no_second_source",
    });
    const sameFamily = series("defillama:coins", "daily", 30, (i) =>
      i >= 10 && i <= 13 ? 0.98 : 1,
    );
    // defillama:coins is preferred as opener; the stablecoinprices series is the same family.
    const [e] = coinDepegEvents([aggregateDip, sameFamily], 5e9).events;
    expect(e?.confirmation).toMatchObject({ status: "unconfirmed", reason: "no_second_source" });
  });

  it("reports no points within the event when the second series does not reach it", () => {
    const market = series("coingecko:market_chart", "daily", 5, () => 1);
    const [e] = coinDepegEvents([aggregateDip, market], 5e9).events;
    expect(e?.confirmation.reason).toBe("no_points_within_event");
  });

  it("does not require a second source below $1B, but still says what it saw", () => {
    const [e] = coinDepegEvents([aggregateDip], 999_999_999).events;
    expect(e?.confirmation).toMatchObject({ status: "not_required", reason: "no_second_source" });
    const [u] = coinDepegEvents([aggregateDip], null).events;
    expect(u?.confirmation.status).toBe("unconfirmed");
  });

  it("opens hourly where an hourly series covers, and keeps older daily events", () => {
    const hourly = series("defillama:coins", "hourly", 24 * 10, (i) =>
      i >= 24 * 5 && i < 24 * 5 + 3 ? 0.97 : 1,
    );
    // Hourly from day 0 to 10: the daily series' event (days 10–13) starts at the hourly end.
    const r = coinDepegEvents([hourly, aggregateDip], 5e9);
    expect(r.events.map((e) => [e.event.granularity, e.openedBy])).toEqual([
      ["hourly", "defillama:coins"],
    ]);
    expect(r.openedOn.map((s) => s.resolution)).toEqual(["hourly", "daily"]);
  });

  it("never opens an event from a thin pool while the other sources hold", () => {
    const flat = series("defillama:stablecoinprices", "daily", 30, () => 1);
    const market = series("coingecko:market_chart", "daily", 30, () => 1.0001);
    const thinPool = dexImpliedPrice([{ priceUsd: 0.95, liquidityUsd: 400_000 }]);
    expect(thinPool).toBeNull();
    const dex = series("dex-implied", "daily", 30, () => 0.95);
    // Even a DEX-implied series far off peg only confirms; it never opens.
    expect(coinDepegEvents([flat, market, dex], 5e9).events).toEqual([]);
    expect(coinDepegEvents([dex], 5e9).events).toEqual([]);
  });
});

describe("dexImpliedPrice", () => {
  it("weights pools of at least $1M by liquidity and leaves thin ones out", () => {
    const r = dexImpliedPrice([
      { priceUsd: 1.0, liquidityUsd: 3_000_000 },
      { priceUsd: 0.996, liquidityUsd: 1_000_000 },
      { priceUsd: 0.8, liquidityUsd: 999_999 },
      { priceUsd: null, liquidityUsd: 9e9 },
      { priceUsd: 1, liquidityUsd: null },
    ]);
    expect(r?.priceUsd).toBeCloseTo(0.999, 12);
    expect(r?.pools).toBe(2);
    expect(r?.thinPoolsLeftOut).toBe(1);
  });
});
