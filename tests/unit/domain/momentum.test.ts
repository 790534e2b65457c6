import {
  MOMENTUM_MATCH_TOLERANCE_MS,
  supplyMomentum,
  supplyMomentumFromHistory,
} from "@/lib/domain/momentum";
import type { SupplyPoint } from "@/lib/domain/types";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MIDNIGHT_MS = Date.UTC(2025, 5, 30);

/** Daily points at 00:00 UTC, oldest first, ending today. */
function daily(values: number[]): SupplyPoint[] {
  return values.map((circulatingUsd, i) => ({
    timestampMs: MIDNIGHT_MS - (values.length - 1 - i) * DAY_MS,
    circulatingUsd,
  }));
}

describe("supply momentum", () => {
  it("computes 24h and 7d change from previous-day and previous-week values", () => {
    const m = supplyMomentum({ currentUsd: 110, prevDayUsd: 100, prevWeekUsd: 200 });
    expect(m.change24h).toMatchObject({ previousUsd: 100, changeUsd: 10, changePct: 10 });
    expect(m.change7d).toMatchObject({ previousUsd: 200, changeUsd: -90, changePct: -45 });
  });

  it("is null without a previous or current value", () => {
    const m = supplyMomentum({ currentUsd: 110, prevDayUsd: null, prevWeekUsd: 0 });
    expect(m.change24h).toMatchObject({ changeUsd: null, changePct: null });
    expect(m.change7d).toMatchObject({ changeUsd: null, changePct: null });
    const none = supplyMomentum({ currentUsd: null, prevDayUsd: 1, prevWeekUsd: 1 });
    expect(none.change24h.changeUsd).toBeNull();
  });

  it("reads a daily history relative to its latest point at or before now", () => {
    const history = daily([100, 101, 102, 103, 104, 105, 106, 120, 150]);
    const m = supplyMomentumFromHistory(history, MIDNIGHT_MS + 15 * HOUR_MS);
    expect(m.currentUsd).toBe(150);
    expect(m.asOfMs).toBe(MIDNIGHT_MS);
    expect(m.change24h).toMatchObject({ previousUsd: 120, changeUsd: 30, changePct: 25 });
    expect(m.change24h.previousAtMs).toBe(MIDNIGHT_MS - DAY_MS);
    expect(m.change7d).toMatchObject({ previousUsd: 101, changeUsd: 49 });
  });

  it("ignores points after now and uses a given current value dated now", () => {
    const history = [
      ...daily([100, 200]),
      { timestampMs: MIDNIGHT_MS + DAY_MS, circulatingUsd: 999 },
    ];
    const m = supplyMomentumFromHistory(history, MIDNIGHT_MS + 6 * HOUR_MS, 300);
    expect(m.currentUsd).toBe(300);
    expect(m.asOfMs).toBe(MIDNIGHT_MS + 6 * HOUR_MS);
    // Target is yesterday 06:00: yesterday 00:00 is 6 h away, today 00:00 is 18 h away.
    expect(m.change24h).toMatchObject({ previousUsd: 100, changeUsd: 200 });
    expect(m.change7d.previousUsd).toBeNull();
  });

  it("leaves a window null when no point lies within the match tolerance", () => {
    const history: SupplyPoint[] = [
      { timestampMs: MIDNIGHT_MS - DAY_MS - MOMENTUM_MATCH_TOLERANCE_MS - 1, circulatingUsd: 1 },
      { timestampMs: MIDNIGHT_MS, circulatingUsd: 2 },
    ];
    const m = supplyMomentumFromHistory(history, MIDNIGHT_MS);
    expect(m.change24h).toEqual({
      previousUsd: null,
      previousAtMs: null,
      changeUsd: null,
      changePct: null,
    });
  });

  it("is all null for an empty history", () => {
    const m = supplyMomentumFromHistory([], MIDNIGHT_MS);
    expect(m.currentUsd).toBeNull();
    expect(m.asOfMs).toBeNull();
    expect(m.change7d.changeUsd).toBeNull();
  });
});
