import {
  CHART_MAX_POINTS_PER_CALL,
  HOURLY_HISTORY_POINTS,
  mergeHourly,
  MS_PER_HOUR,
  planChartCalls,
  windowStartMs,
  type ChartCall,
} from "@/lib/domain/chart-plan";

/** 2026-04-19T01:58:47Z: not on an hour mark. */
const NOW = Date.UTC(2026, 3, 19, 1, 58, 47);
const NOW_HOUR = Date.UTC(2026, 3, 19, 1);
const H = MS_PER_HOUR;

const points = (calls: ChartCall[]) => calls.reduce((a, c) => a + c.coins.length * c.span, 0);
/** Every hour mark a coin is asked for, in call order. */
const hoursOf = (calls: ChartCall[], key: string) =>
  calls
    .filter((c) => c.coins.includes(key))
    .flatMap((c) => Array.from({ length: c.span }, (_, i) => c.startMs + i * H));

describe("planChartCalls: first fill", () => {
  it("asks one coin's 2,160 hours in one-coin calls of at most 500 points, contiguous, ending now", () => {
    const calls = planChartCalls([{ key: "coingecko:usd-coin", coveredToMs: null }], NOW);
    expect(calls).toHaveLength(Math.ceil(HOURLY_HISTORY_POINTS / CHART_MAX_POINTS_PER_CALL)); // 5
    for (const c of calls) {
      expect(c.coins).toEqual(["coingecko:usd-coin"]);
      expect(c.coins.length * c.span).toBeLessThanOrEqual(500);
    }
    const hours = hoursOf(calls, "coingecko:usd-coin");
    expect(hours).toHaveLength(2160);
    expect(hours[0]).toBe(windowStartMs(NOW));
    expect(hours[0]).toBe(NOW_HOUR - 2159 * H);
    expect(hours[hours.length - 1]).toBe(NOW_HOUR);
    expect(new Set(hours).size).toBe(2160);
  });

  it("two new coins cost two sets of calls, never more than 500 points each", () => {
    const calls = planChartCalls(
      [
        { key: "coingecko:usd-coin", coveredToMs: null },
        { key: "ethereum:0x6b175474e89094c44da98b954eedeac495271d0f", coveredToMs: null },
      ],
      NOW,
    );
    expect(calls).toHaveLength(10);
    expect(points(calls)).toBe(2 * 2160);
    expect(Math.max(...calls.map((c) => c.coins.length * c.span))).toBeLessThanOrEqual(500);
  });
});

describe("planChartCalls: extension", () => {
  it("asks only the new hours, many coins per call", () => {
    const covered = NOW_HOUR - 3 * H;
    const states = ["a", "b", "c"].map((k) => ({ key: `coingecko:${k}`, coveredToMs: covered }));
    const calls = planChartCalls(states, NOW);
    expect(calls).toEqual([
      { coins: ["coingecko:a", "coingecko:b", "coingecko:c"], startMs: covered + H, span: 3 },
    ]);
  });

  it("puts ⌊500 / span⌋ coins in a call, and at most 100 (URL length)", () => {
    const make = (n: number, hoursBehind: number) =>
      Array.from({ length: n }, (_, i) => ({
        key: `coingecko:coin-${i}`,
        coveredToMs: NOW_HOUR - hoursBehind * H,
      }));
    const ten = planChartCalls(make(120, 10), NOW);
    expect(ten.map((c) => c.coins.length)).toEqual([50, 50, 20]);
    expect(ten.every((c) => c.span === 10)).toBe(true);
    const two = planChartCalls(make(320, 2), NOW);
    expect(two.map((c) => c.coins.length)).toEqual([100, 100, 100, 20]);
  });

  it("groups coins by the hour they need, and skips coins already up to date", () => {
    const calls = planChartCalls(
      [
        { key: "coingecko:a", coveredToMs: NOW_HOUR - 2 * H },
        { key: "coingecko:b", coveredToMs: NOW_HOUR - 5 * H },
        { key: "coingecko:c", coveredToMs: NOW_HOUR },
        { key: "coingecko:d", coveredToMs: NOW_HOUR - 2 * H },
      ],
      NOW,
    );
    expect(calls).toEqual([
      { coins: ["coingecko:b"], startMs: NOW_HOUR - 4 * H, span: 5 },
      { coins: ["coingecko:a", "coingecko:d"], startMs: NOW_HOUR - H, span: 2 },
    ]);
  });

  it("a series older than the window starts at the window (no hours outside 90 days)", () => {
    const calls = planChartCalls([{ key: "coingecko:a", coveredToMs: NOW - 200 * 24 * H }], NOW);
    expect(hoursOf(calls, "coingecko:a")[0]).toBe(windowStartMs(NOW));
    expect(points(calls)).toBe(2160);
  });
});

describe("mergeHourly", () => {
  it("keeps one point per hour mark (records sit minutes off it), newest record winning, cut to 90 days", () => {
    const old = [
      { timestampMs: windowStartMs(NOW) - H + 60_000, priceUsd: 0.99 }, // outside the window
      { timestampMs: NOW_HOUR - 2 * H + 120_000, priceUsd: 1.0001 },
      { timestampMs: NOW_HOUR - H - 90_000, priceUsd: 1.0002 }, // 1 min 30 s before its mark
    ];
    const fresh = [
      { timestampMs: NOW_HOUR - H + 30_000, priceUsd: 1.0003 },
      { timestampMs: NOW_HOUR + 200_000, priceUsd: 1.0004 },
    ];
    expect(mergeHourly(old, fresh, NOW)).toEqual([
      { timestampMs: NOW_HOUR - 2 * H + 120_000, priceUsd: 1.0001 },
      { timestampMs: NOW_HOUR - H + 30_000, priceUsd: 1.0003 },
      { timestampMs: NOW_HOUR + 200_000, priceUsd: 1.0004 },
    ]);
  });
});
