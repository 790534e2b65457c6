/** The bench's provider-call counters (scripts/bench/call-windows.ts), on explicit timestamps. */
import {
  busiestKeyInWindow,
  checkBackoff,
  callsPerFixedWindow,
  maxInAnyWindow,
} from "@/scripts/bench/call-windows";
import { rateWindow } from "@/lib/budget/window";
import { FAILURE_COOLDOWN_MS } from "@/lib/snapshot/freshness";

const W = FAILURE_COOLDOWN_MS;
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

describe("maxInAnyWindow", () => {
  it("is 0 for no calls and 1 for one", () => {
    expect(maxInAnyWindow([], W)).toBe(0);
    expect(maxInAnyWindow([T0], W)).toBe(1);
  });

  it("counts calls one window apart as separate (the window is half-open)", () => {
    expect(maxInAnyWindow([T0, T0 + W, T0 + 2 * W], W)).toBe(1);
    expect(maxInAnyWindow([T0, T0 + W - 1], W)).toBe(2);
  });

  it("slides: a burst straddling a fixed boundary counts together, in any log order", () => {
    const times = [T0 + W - 10, T0 + 3 * W, T0 + W + 10, T0 + W];
    expect(maxInAnyWindow(times, W)).toBe(3);
  });

  it("refuses a window that is not positive", () => {
    expect(() => maxInAnyWindow([T0], 0)).toThrow();
  });
});

describe("busiestKeyInWindow", () => {
  it("names the key with the most calls inside one window, and counts distinct keys", () => {
    const calls = [
      { key: "coingecko /coins/dai", atMs: T0 },
      { key: "coingecko /coins/markets?ids=dai", atMs: T0 },
      { key: "coingecko /coins/dai", atMs: T0 + W + 1 },
      { key: "coingecko /coins/markets?ids=dai", atMs: T0 + 1 },
      { key: "coingecko /coins/markets?ids=dai", atMs: T0 + 2 },
    ];
    expect(busiestKeyInWindow(calls, W)).toEqual({
      key: "coingecko /coins/markets?ids=dai",
      calls: 3,
      keys: 2,
    });
  });

  it("is empty for an empty log", () => {
    expect(busiestKeyInWindow([], W)).toEqual({ key: null, calls: 0, keys: 0 });
  });
});

describe("callsPerFixedWindow", () => {
  it("counts per fixed window in window order, skipping empty windows", () => {
    const minute = 60_000;
    const start = rateWindow(T0).index * minute; // a window boundary
    const at = [start + 2 * minute + 5, start, start + minute - 1, start + 2 * minute];
    const index = (t: number) => rateWindow(t).index;
    expect(callsPerFixedWindow(at, index)).toEqual([
      { window: index(start), calls: 2 },
      { window: index(start) + 2, calls: 2 },
    ]);
  });
});

describe("checkBackoff", () => {
  const schedule = (nth: number) => W * 2 ** (nth - 1);

  it("accepts calls spaced by the doubling schedule, and names the busiest key's gaps", () => {
    const calls = [
      { key: "a", atMs: T0 },
      { key: "a", atMs: T0 + W },
      { key: "a", atMs: T0 + 3 * W },
      { key: "b", atMs: T0 + 1 },
    ];
    expect(checkBackoff(calls, schedule)).toEqual({
      early: [],
      busiest: { key: "a", gapsMs: [W, 2 * W] },
    });
  });

  it("flags a key asked again once per cooldown although its failures repeat", () => {
    const calls = [0, 1, 2].map((i) => ({ key: "a", atMs: T0 + i * W }));
    expect(checkBackoff(calls, schedule).early).toEqual([
      { key: "a", nth: 2, gapMs: W, allowedMs: 2 * W },
    ]);
  });

  it("flags two calls of one key inside one cooldown, in any log order", () => {
    const calls = [
      { key: "a", atMs: T0 + 10 },
      { key: "a", atMs: T0 },
    ];
    expect(checkBackoff(calls, schedule).early).toEqual([
      { key: "a", nth: 1, gapMs: 10, allowedMs: W },
    ]);
  });
});
