/**
 * Daily compaction (docs/history.md, "Retention"): (min, median, max) per UTC day over the samples
 * that measured it; a measurement missing all day is null; a day without samples has no row.
 */
import { compactDaily, dailyStat, decodeDailyChunk, encodeDailyChunk } from "@/lib/history/daily";
import type { HistorySample } from "@/lib/history/sample";
import { DAY_MS, HOUR_MS, realistic, seeded, T0_MS } from "./fixtures";

const HALF_MICRO_USD = 0.5e-6 + 1e-12;
const throughStore = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function day(prices: readonly (number | null)[], dayIndex = 0): HistorySample[] {
  const rand = seeded(dayIndex + 1);
  return prices.map((usd, i) => {
    const s = realistic(i, rand, T0_MS + dayIndex * DAY_MS + i * HOUR_MS);
    return { ...s, price: { ...s.price, usd } };
  });
}

it("min, median and max skip nulls and never count them as 0", () => {
  expect(dailyStat([1.002, null, 0.998, 1])).toEqual({ min: 0.998, median: 1, max: 1.002 });
  expect(dailyStat([4, 1, 3, 2])).toEqual({ min: 1, median: 2.5, max: 4 });
  expect(dailyStat([null, null])).toBeNull();
});

it("one row per UTC day with samples; a day without samples is a gap", () => {
  const samples = [...day([1, 0.999, 1.001], 0), ...day([0.99, null, 0.995], 2)];
  const rows = compactDaily(samples);
  expect(rows.map((r) => r.day_ms)).toEqual([T0_MS, T0_MS + 2 * DAY_MS]);
  expect(rows.map((r) => r.samples)).toEqual([3, 3]);
  expect(rows[0]?.values["price.usd"]).toEqual({ min: 0.999, median: 1, max: 1.001 });
  expect(rows[1]?.values["price.usd"]).toMatchObject({ min: 0.99, max: 0.995 });
  expect(rows[1]?.values["price.usd"]?.median).toBeCloseTo(0.9925, 12);
});

it("a measurement missing all day is null; sources are the union; as-of the latest", () => {
  const samples = day([null, null]);
  const [row] = compactDaily(samples);
  expect(row?.values["price.usd"]).toBeNull();
  expect(row?.sources.depth_2pct_usd).toEqual([
    "binance",
    "coinbase",
    "dexscreener",
    "kraken",
    "okx",
  ]);
  expect(row?.as_of.price).toBe(Math.max(...samples.map((s) => s.price.as_of ?? 0)));
});

it("venues and chains are compacted one by one", () => {
  const samples = day([1, 1, 1]).map((s, i) => ({
    ...s,
    chain_peg_bps: { ...s.chain_peg_bps, chains: { base: [0, null, -200][i] ?? null } },
  }));
  const [row] = compactDaily(samples);
  expect(row?.chains).toEqual({ base: { min: -200, median: -100, max: 0 } });
});

it("a month of rows reads back at the stored precision; nulls stay null", () => {
  const rand = seeded(5);
  const month = Array.from({ length: 31 * 24 }, (_, i) => realistic(i, rand));
  const withGap = month.map((s, i) =>
    i < 24 ? { ...s, exit_cost_bps: { ...s.exit_cost_bps, usd_10m: null } } : s,
  );
  const rows = compactDaily(withGap);
  const back = decodeDailyChunk(throughStore(encodeDailyChunk(rows)));
  expect(back).toHaveLength(31);
  expect(back[0]?.values["exit_cost_bps.usd_10m"]).toBeNull();
  expect(back.map((r) => r.samples)).toEqual(rows.map((r) => r.samples));
  expect(back.map((r) => r.sources)).toEqual(rows.map((r) => r.sources));
  back.forEach((r, i) => {
    const original = rows[i];
    expect(r.day_ms).toBe(original?.day_ms);
    expect(r.values["price.usd"]?.min).toBe(original?.values["price.usd"]?.min);
    expect(r.values["price.usd"]?.max).toBe(original?.values["price.usd"]?.max);
    // A median between two stored values is rounded to the stored precision (1e-6 USD).
    const medianError = Math.abs(
      (r.values["price.usd"]?.median ?? NaN) - (original?.values["price.usd"]?.median ?? NaN),
    );
    expect(medianError).toBeLessThanOrEqual(HALF_MICRO_USD);
    expect(r.venues["dex:base"]?.max).toBe(original?.venues["dex:base"]?.max);
    expect(r.as_of.price).toBe(original?.as_of.price);
  });
});
