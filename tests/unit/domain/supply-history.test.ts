import {
  stackTopCoins,
  summarizeSupplyHistory,
  thinSupplyHistory,
} from "@/lib/domain/supply-history";
import type { SupplyPoint } from "@/lib/domain/types";

const DAY_MS = 86_400_000;
const T_LAST = Date.UTC(2025, 5, 30);
/** Daily points ending at T_LAST; value(k) for k days ago. */
const daily = (days: number, value: (k: number) => number): SupplyPoint[] =>
  Array.from({ length: days }, (_, i) => days - 1 - i).map((k) => ({
    timestampMs: T_LAST - k * DAY_MS,
    circulatingUsd: value(k),
  }));

describe("supply history summary", () => {
  it("reads the 7d and 30d changes off the series' own points", () => {
    const s = daily(60, (k) => 1_000 - k * 10);
    const sum = summarizeSupplyHistory(s);
    expect(sum.currentUsd).toBe(1_000);
    expect(sum.asOfMs).toBe(T_LAST);
    expect(sum.changes["7d"]).toEqual({
      previousUsd: 930,
      previousAtMs: T_LAST - 7 * DAY_MS,
      changeUsd: 70,
      changePct: (70 / 930) * 100,
    });
    expect(sum.changes["30d"].previousUsd).toBe(700);
    expect(sum.changes["30d"].changeUsd).toBe(300);
  });

  it("has no change (null, not zero) when no point lies near the window's start", () => {
    const s = daily(5, () => 100);
    const sum = summarizeSupplyHistory(s);
    expect(sum.changes["7d"]).toEqual({
      previousUsd: null,
      previousAtMs: null,
      changeUsd: null,
      changePct: null,
    });
    expect(summarizeSupplyHistory([]).currentUsd).toBeNull();
  });
});

describe("thinning", () => {
  it("keeps the last year daily and one point a week before", () => {
    const s = daily(365 + 70, (k) => k);
    const thin = thinSupplyHistory(s);
    const recent = thin.filter((p) => p.timestampMs >= T_LAST - 365 * DAY_MS);
    expect(recent).toHaveLength(366);
    expect(thin.length - recent.length).toBeLessThanOrEqual(11);
    expect(thin.length - recent.length).toBeGreaterThanOrEqual(9);
    expect(thin[thin.length - 1]?.timestampMs).toBe(T_LAST);
  });
});

describe("stacked market", () => {
  it("aligns the top coins on the total's dates; the rest is other, null where unknown", () => {
    const total = daily(3, () => 100);
    const a = daily(3, () => 50);
    const b = daily(2, () => 20); // no point 2 days ago
    const rows = stackTopCoins(total, { A: a, B: b }, T_LAST - 2 * DAY_MS);
    expect(rows.map((r) => r.otherUsd)).toEqual([null, 30, 30]);
    expect(rows[0]?.coins).toEqual({ A: 50, B: null });
    expect(stackTopCoins(total, { A: a }, T_LAST).map((r) => r.t)).toEqual([T_LAST]);
  });
});
