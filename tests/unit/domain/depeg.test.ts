import fc from "fast-check";
import {
  depegStats,
  depegStatsAllWindows,
  GAP_FACTOR,
  pegStatus,
  WINDOW_MS,
} from "@/lib/domain/depeg";
import { pegDeviationBps } from "@/lib/domain/peg";
import type { PricePoint } from "@/lib/domain/types";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const NOW_MS = Date.UTC(2025, 5, 30, 12, 0, 0);

/** Hourly series from `now − hours` to `now` inclusive; `price(h)` gets hours since the start. */
function hourly(hours: number, price: (h: number) => number = () => 1): PricePoint[] {
  const start = NOW_MS - hours * HOUR_MS;
  return Array.from({ length: hours + 1 }, (_, h) => ({
    timestampMs: start + h * HOUR_MS,
    priceUsd: price(h),
  }));
}

describe("peg status", () => {
  it("bands the latest deviation with inclusive upper bounds", () => {
    expect(pegStatus(0)).toBe("on-peg");
    expect(pegStatus(pegDeviationBps(1.001))).toBe("on-peg");
    expect(pegStatus(pegDeviationBps(0.999))).toBe("on-peg");
    expect(pegStatus(10.01)).toBe("minor");
    expect(pegStatus(pegDeviationBps(0.995))).toBe("minor");
    expect(pegStatus(-50.01)).toBe("moderate");
    expect(pegStatus(pegDeviationBps(1.01))).toBe("moderate");
    expect(pegStatus(100.01)).toBe("severe");
    expect(pegStatus(-250)).toBe("severe");
    expect(pegStatus(null)).toBe("unknown");
  });
});

describe("depeg statistics", () => {
  it("returns nulls, zeros and unknown status for an empty series", () => {
    const s = depegStats([], "7d", NOW_MS);
    expect(s).toMatchObject({
      points: 0,
      firstMs: null,
      lastMs: null,
      worstDeviationBps: null,
      worstAtMs: null,
      shareOutside10Bps: null,
      shareOutside50Bps: null,
      shareOutside100Bps: null,
      excursionsBeyond100Bps: 0,
      coveredMs: 0,
      gapMs: 0,
      coverage: null,
      weighting: "none",
      currentDeviationBps: null,
      status: "unknown",
    });
  });

  it("treats a series with no point in the window like an empty one", () => {
    const old = [{ timestampMs: NOW_MS - 2 * DAY_MS, priceUsd: 0.9 }];
    expect(depegStats(old, "24h", NOW_MS).status).toBe("unknown");
    const future = [{ timestampMs: NOW_MS + HOUR_MS, priceUsd: 0.9 }];
    expect(depegStats(future, "24h", NOW_MS).points).toBe(0);
  });

  it("counts a single point as 100 % of the covered time", () => {
    const severe = depegStats([{ timestampMs: NOW_MS - HOUR_MS, priceUsd: 0.985 }], "24h", NOW_MS);
    expect(severe.worstDeviationBps).toBeCloseTo(-150, 9);
    expect(severe.worstAtMs).toBe(NOW_MS - HOUR_MS);
    expect(severe.shareOutside10Bps).toBe(1);
    expect(severe.shareOutside50Bps).toBe(1);
    expect(severe.shareOutside100Bps).toBe(1);
    expect(severe.excursionsBeyond100Bps).toBe(1);
    expect(severe).toMatchObject({ weighting: "count", coveredMs: 0, coverage: 0, points: 1 });
    expect(severe.status).toBe("severe");
    expect(severe.firstMs).toBe(severe.lastMs);

    const calm = depegStats([{ timestampMs: NOW_MS, priceUsd: 1.0002 }], "24h", NOW_MS);
    expect(calm.shareOutside10Bps).toBe(0);
    expect(calm.excursionsBeyond100Bps).toBe(0);
    expect(calm.status).toBe("on-peg");
  });

  it("time-weights each point by the interval until the next one", () => {
    // Hours 2..7 (six points, six hours) at −50 bps: outside ±10 but not beyond ±50.
    const s = depegStats(
      hourly(24, (h) => (h >= 2 && h <= 7 ? 0.995 : 1)),
      "24h",
      NOW_MS,
    );
    expect(s.points).toBe(25);
    expect(s.weighting).toBe("time");
    expect(s.medianIntervalMs).toBe(HOUR_MS);
    expect(s.gapThresholdMs).toBe(GAP_FACTOR * HOUR_MS);
    expect(s.coveredMs).toBe(DAY_MS);
    expect(s.coverage).toBe(1);
    expect(s.gapMs).toBe(0);
    expect(s.shareOutside10Bps).toBeCloseTo(6 / 24, 12);
    expect(s.shareOutside50Bps).toBe(0);
    expect(s.status).toBe("on-peg");
  });

  it("does not count a 6-hour hole as time and splits an excursion across it", () => {
    const beyond = (h: number): number => (h >= 7 && h <= 16 ? 0.98 : 1);
    const full = depegStats(hourly(24, beyond), "24h", NOW_MS);
    expect(full.excursionsBeyond100Bps).toBe(1);
    expect(full.shareOutside100Bps).toBeCloseTo(10 / 24, 12);

    // Drop hours 10..14: points at 9 h and 15 h are 6 h apart (> 3 × 1 h median).
    const holed = hourly(24, beyond).filter((_, h) => h < 10 || h > 14);
    const s = depegStats(holed, "24h", NOW_MS);
    expect(s.medianIntervalMs).toBe(HOUR_MS);
    expect(s.gapMs).toBe(5 * HOUR_MS); // the point at 9 h keeps one sampling interval
    expect(s.coveredMs).toBe(19 * HOUR_MS);
    expect(s.coverage).toBeCloseTo(19 / 24, 12);
    expect(s.excursionsBeyond100Bps).toBe(2);
    // Beyond ±100 bps: hours 7, 8, 9 and 15, 16 → 5 h of 19 covered hours.
    expect(s.shareOutside100Bps).toBeCloseTo(5 / 19, 12);
  });

  it("treats a stale tail before now as a gap", () => {
    const series = hourly(24).filter((p) => p.timestampMs <= NOW_MS - 10 * HOUR_MS);
    const s = depegStats(series, "24h", NOW_MS);
    expect(s.gapMs).toBe(9 * HOUR_MS);
    expect(s.coveredMs).toBe(15 * HOUR_MS);
  });

  it("filters by window: a depeg 4 days ago is in 7d and 30d, not 24h", () => {
    const start = 30 * 24;
    const depegStart = start - 4 * 24;
    const series = hourly(start, (h) => (h >= depegStart && h < depegStart + 3 ? 0.97 : 1.0001));
    const all = depegStatsAllWindows(series, NOW_MS);
    expect(all["24h"].worstDeviationBps).toBeCloseTo(1, 6);
    expect(all["24h"].excursionsBeyond100Bps).toBe(0);
    expect(all["24h"].points).toBe(25);
    for (const w of ["7d", "30d"] as const) {
      expect(all[w].worstDeviationBps).toBeCloseTo(-300, 6);
      expect(all[w].worstAtMs).toBe(NOW_MS - 4 * DAY_MS);
      expect(all[w].excursionsBeyond100Bps).toBe(1);
      expect(all[w].shareOutside100Bps).toBeCloseTo((3 * HOUR_MS) / WINDOW_MS[w], 12);
    }
    expect(all["30d"].status).toBe("on-peg");
  });

  it("keeps the sign of the largest deviation and ignores unsorted order and bad points", () => {
    const series: PricePoint[] = [
      { timestampMs: NOW_MS - HOUR_MS, priceUsd: 1.003 },
      { timestampMs: NOW_MS - 3 * HOUR_MS, priceUsd: 0.996 },
      { timestampMs: NOW_MS - 2 * HOUR_MS, priceUsd: Number.NaN },
      { timestampMs: NOW_MS, priceUsd: 1 },
    ];
    const s = depegStats(series, "24h", NOW_MS);
    expect(s.points).toBe(3);
    expect(s.worstDeviationBps).toBeCloseTo(-40, 9);
    expect(s.worstAtMs).toBe(NOW_MS - 3 * HOUR_MS);
    expect(s.firstMs).toBe(NOW_MS - 3 * HOUR_MS);
    expect(s.lastMs).toBe(NOW_MS);
    const up = depegStats(
      [...series, { timestampMs: NOW_MS - 4 * HOUR_MS, priceUsd: 1.006 }],
      "24h",
      NOW_MS,
    );
    expect(up.worstDeviationBps).toBeCloseTo(60, 9);
  });

  it("keeps shares nested in [0, 1] and covered + gap time within the window", () => {
    const point = fc.record({
      timestampMs: fc.integer({ min: NOW_MS - 2 * DAY_MS, max: NOW_MS + HOUR_MS }),
      priceUsd: fc.double({ min: 0.9, max: 1.1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(point, { maxLength: 60 }), (series) => {
        const s = depegStats(series, "24h", NOW_MS);
        if (s.points === 0) return s.status === "unknown";
        const [a, b, c] = [
          s.shareOutside10Bps ?? -1,
          s.shareOutside50Bps ?? -1,
          s.shareOutside100Bps ?? -1,
        ];
        return (
          a <= 1 &&
          a >= b &&
          b >= c &&
          c >= 0 &&
          s.coveredMs + s.gapMs <= DAY_MS &&
          (s.coverage ?? -1) >= 0 &&
          s.excursionsBeyond100Bps <= s.points
        );
      }),
    );
  });
});
