import {
  detectDepegEvents,
  EVENT_ENTER_BPS,
  EVENT_EXIT_BPS,
  HOUR_MS,
} from "@/lib/domain/depeg-events";
import type { PricePoint } from "@/lib/domain/types";

const T0 = Date.UTC(2025, 2, 10, 0, 0, 0);
const DAY_MS = 24 * HOUR_MS;
const at = (h: number) => T0 + h * HOUR_MS;
const px = (bps: number) => 1 + bps / 10_000;

/** Hourly points at hours 0..bps.length−1 from T0, each with the given deviation in bps. */
function hourly(bps: readonly number[], startHour = 0): PricePoint[] {
  return bps.map((b, i) => ({ timestampMs: at(startHour + i), priceUsd: px(b) }));
}

describe("depeg events: entry", () => {
  it("a single spike beyond 100 bps is not an event", () => {
    const d = detectDepegEvents(hourly([0, 0, -300, 0, 0, 0]));
    expect(d.events).toEqual([]);
    expect(d.granularity).toBe("hourly");
  });

  it("two consecutive hourly points beyond 100 bps (1 h) enter, starting at the first", () => {
    const d = detectDepegEvents(hourly([0, -101, -120, 0, 0, 0, 0]));
    expect(d.events).toHaveLength(1);
    const e = d.events[0]!;
    expect(e.startMs).toBe(at(1));
    expect(e.endMs).toBe(at(3));
    expect(e.ongoing).toBe(false);
    expect(e.direction).toBe("below");
    expect(e.worstDeviationBps).toBeCloseTo(-120, 6);
    expect(e.worstAtMs).toBe(at(2));
    expect(e.durationHours).toBe(2);
    expect(e.points).toBe(2);
    expect(e.granularity).toBe("hourly");
  });

  it("exactly 100 bps is not beyond the entry threshold", () => {
    const d = detectDepegEvents(hourly([0, EVENT_ENTER_BPS, EVENT_ENTER_BPS, -EVENT_ENTER_BPS, 0]));
    expect(d.events).toEqual([]);
  });

  it("a run shorter than 1 h (30-minute points, one interval) does not enter", () => {
    const half = HOUR_MS / 2;
    const series: PricePoint[] = [0, 0, -150, -150, 0, 0, 0, 0, 0, 0].map((b, i) => ({
      timestampMs: T0 + i * half,
      priceUsd: px(b),
    }));
    expect(detectDepegEvents(series).events).toEqual([]);
    // Three 30-minute points = 1 h: enters.
    series[4] = { timestampMs: T0 + 4 * half, priceUsd: px(-150) };
    expect(detectDepegEvents(series).events).toHaveLength(1);
  });

  it("direction above for a premium", () => {
    const e = detectDepegEvents(hourly([0, 150, 180, 0, 0, 0])).events[0]!;
    expect(e.direction).toBe("above");
    expect(e.worstDeviationBps).toBeCloseTo(180, 6);
  });
});

describe("depeg events: exit (hysteresis)", () => {
  it("points between 50 and 100 bps keep the event open", () => {
    const d = detectDepegEvents(hourly([0, -150, -150, -80, -60, -80, 0, 0, 0]));
    const e = d.events[0]!;
    expect(e.startMs).toBe(at(1));
    expect(e.endMs).toBe(at(6));
    expect(e.points).toBe(5);
  });

  it("exactly 50 bps counts as back within band; 2 h of it ends the event at its first point", () => {
    const d = detectDepegEvents(
      hourly([0, -150, -150, -EVENT_EXIT_BPS, EVENT_EXIT_BPS, -EVENT_EXIT_BPS]),
    );
    const e = d.events[0]!;
    expect(e.endMs).toBe(at(3));
    expect(e.ongoing).toBe(false);
    expect(e.durationHours).toBe(2);
  });

  it("a recovery shorter than 2 h does not end the event; the relapse joins it", () => {
    const d = detectDepegEvents(hourly([0, -150, -150, 0, 0, -200, -200, 0, 0, 0]));
    expect(d.events).toHaveLength(1);
    const e = d.events[0]!;
    expect(e.startMs).toBe(at(1));
    expect(e.endMs).toBe(at(7));
    expect(e.worstDeviationBps).toBeCloseTo(-200, 6);
    expect(e.points).toBe(6);
  });

  it("two events separated by a full recovery are two events", () => {
    const d = detectDepegEvents(hourly([-150, -150, 0, 0, 0, 0, 150, 150, 0, 0, 0]));
    expect(d.events.map((e) => [e.startMs, e.endMs, e.direction])).toEqual([
      [at(0), at(2), "below"],
      [at(6), at(8), "above"],
    ]);
  });
});

describe("depeg events: gaps", () => {
  it("an event does not end inside a gap: recovery must be observed for 2 h after it", () => {
    // Points at 0..3, gap 3 → 10, points 10..13: recovered only from hour 10 on.
    const series = [...hourly([0, -150, -150, -150]), ...hourly([0, 0, 0, 0], 10)];
    const d = detectDepegEvents(series);
    const e = d.events[0]!;
    expect(e.endMs).toBe(at(10));
    expect(e.gaps).toBe(1);
    expect(e.durationHours).toBe(9);
  });

  it("a recovery run interrupted by a gap starts again after it", () => {
    const series = [...hourly([0, -150, -150, 0, 0]), ...hourly([0, 0, 0], 20)];
    const e = detectDepegEvents(series).events[0]!;
    expect(e.endMs).toBe(at(20));
  });

  it("points on both sides of a gap do not make an entry run", () => {
    const series = [...hourly([0, 0, 0, 0, -150]), ...hourly([-150, 0, 0, 0], 20)];
    expect(detectDepegEvents(series).events).toEqual([]);
  });
});

describe("depeg events: series edges", () => {
  it("an event open at the last point is ongoing with a null end", () => {
    const d = detectDepegEvents(hourly([0, 0, 0, -150, -160, -170, 0]));
    const e = d.events[0]!;
    expect(e.ongoing).toBe(true);
    expect(e.endMs).toBeNull();
    expect(e.durationHours).toBe(3);
    expect(e.points).toBe(4);
  });

  it("a series that starts inside an event flags its start as a lower bound", () => {
    const d = detectDepegEvents(hourly([-300, -250, -120, 0, 0, 0]));
    const e = d.events[0]!;
    expect(e.startMs).toBe(at(0));
    expect(e.startedBeforeSeries).toBe(true);
    expect(e.worstDeviationBps).toBeCloseTo(-300, 6);
    expect(e.worstAtMs).toBe(at(0));
  });

  it("empty, single-point and unpriced series have no events", () => {
    expect(detectDepegEvents([]).events).toEqual([]);
    expect(detectDepegEvents([]).granularity).toBeNull();
    expect(detectDepegEvents(hourly([-500])).events).toEqual([]);
    const nan = [{ timestampMs: at(0), priceUsd: Number.NaN }];
    expect(detectDepegEvents(nan).points).toBe(0);
  });

  it("unsorted input with duplicate timestamps is sorted and de-duplicated", () => {
    const series = hourly([0, -150, -150, 0, 0, 0]).reverse();
    series.push({ timestampMs: at(1), priceUsd: px(-150) });
    const d = detectDepegEvents(series);
    expect(d.points).toBe(6);
    expect(d.events[0]?.startMs).toBe(at(1));
  });
});

describe("depeg events: daily granularity", () => {
  it("daily points are labelled daily; two consecutive days beyond make an event", () => {
    const series = [0, -200, -150, 0, 0, 0].map((b, i) => ({
      timestampMs: T0 + i * DAY_MS,
      priceUsd: px(b),
    }));
    const d = detectDepegEvents(series);
    expect(d.granularity).toBe("daily");
    expect(d.events).toHaveLength(1);
    expect(d.events[0]?.granularity).toBe("daily");
    expect(d.events[0]?.durationHours).toBe(48);
  });

  it("a single daily point beyond is a spike, not an event", () => {
    const series = [0, 0, -900, 0, 0].map((b, i) => ({
      timestampMs: T0 + i * DAY_MS,
      priceUsd: px(b),
    }));
    expect(detectDepegEvents(series).events).toEqual([]);
  });
});
