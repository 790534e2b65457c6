import type { DepegEvent } from "@/lib/domain/depeg-events";
import { mergeGranularities } from "@/lib/depegs/coin-events";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const T0 = Date.UTC(2025, 0, 1);

function ev(startMs: number, endMs: number | null, granularity: "hourly" | "daily"): DepegEvent {
  return {
    startMs,
    endMs,
    ongoing: endMs === null,
    startedBeforeSeries: false,
    direction: "below",
    worstDeviationBps: -150,
    worstAtMs: startMs,
    durationHours: 1,
    points: 2,
    gaps: 0,
    granularity,
  };
}

describe("merging daily and hourly events (365d)", () => {
  const hourlyFrom = T0 + 275 * DAY_MS;
  const lastMs = T0 + 365 * DAY_MS;

  it("keeps daily events older than the hourly series and every hourly event", () => {
    const old = ev(T0 + 100 * DAY_MS, T0 + 103 * DAY_MS, "daily");
    const recentDaily = ev(T0 + 300 * DAY_MS, T0 + 302 * DAY_MS, "daily");
    const recentHourly = ev(T0 + 300 * DAY_MS + 5 * HOUR_MS, T0 + 301 * DAY_MS, "hourly");
    const merged = mergeGranularities(
      { events: [recentHourly], firstMs: hourlyFrom, lastMs },
      { events: [old, recentDaily], lastMs },
    );
    expect(merged).toEqual([old, recentHourly]);
  });

  it("a daily event running into the hourly range wins over the hourly events it overlaps", () => {
    const straddle = ev(hourlyFrom - 2 * DAY_MS, hourlyFrom + DAY_MS, "daily");
    const clipped = {
      ...ev(hourlyFrom, hourlyFrom + 20 * HOUR_MS, "hourly"),
      startedBeforeSeries: true,
    };
    const later = ev(hourlyFrom + 10 * DAY_MS, hourlyFrom + 11 * DAY_MS, "hourly");
    const merged = mergeGranularities(
      { events: [clipped, later], firstMs: hourlyFrom, lastMs },
      { events: [straddle], lastMs },
    );
    expect(merged).toEqual([straddle, later]);
  });

  it("an ongoing daily event (no end) overlaps everything after its start", () => {
    const ongoing = ev(hourlyFrom - DAY_MS, null, "daily");
    const inside = ev(hourlyFrom + 3 * DAY_MS, hourlyFrom + 4 * DAY_MS, "hourly");
    expect(
      mergeGranularities(
        { events: [inside], firstMs: hourlyFrom, lastMs },
        { events: [ongoing], lastMs },
      ),
    ).toEqual([ongoing]);
  });
});
