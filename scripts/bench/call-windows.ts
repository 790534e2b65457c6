/**
 * Counting provider calls in the fake upstream's request log, pure (tests/unit/bench): how many
 * calls one upstream key got within any window of a given length (the fault worlds judge "at
 * most one call per key per failure cooldown"), and how many calls of a provider fell in each
 * fixed window (the budget worlds judge "never more than the per-minute budget").
 */

/** One logged upstream call: its key (provider + path + query) and when it arrived. */
export interface LoggedCall {
  key: string;
  atMs: number;
}

/**
 * The largest number of `timesMs` inside any half-open window `[t, t + windowMs)`: a sliding
 * window, so a burst that straddles two fixed windows is still counted together.
 */
export function maxInAnyWindow(timesMs: readonly number[], windowMs: number): number {
  if (!(windowMs > 0)) throw new Error("windowMs must be positive");
  const sorted = [...timesMs].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

export interface BusiestKey {
  /** The key with the most calls inside one window (first such key in log order). */
  key: string | null;
  /** Its calls inside that window; 0 when the log is empty. */
  calls: number;
  /** Distinct keys in the log. */
  keys: number;
}

/** Over every key: the most calls one key got inside any window of `windowMs`. */
export function busiestKeyInWindow(calls: readonly LoggedCall[], windowMs: number): BusiestKey {
  const byKey = new Map<string, number[]>();
  for (const c of calls) {
    const times = byKey.get(c.key);
    if (times) times.push(c.atMs);
    else byKey.set(c.key, [c.atMs]);
  }
  let busiest: BusiestKey = { key: null, calls: 0, keys: byKey.size };
  for (const [key, times] of byKey) {
    const n = maxInAnyWindow(times, windowMs);
    if (n > busiest.calls) busiest = { key, calls: n, keys: byKey.size };
  }
  return busiest;
}

/**
 * Calls per fixed window (`windowOf` maps a time to its window's index, e.g. `rateWindow` of
 * lib/snapshot/freshness.ts), in window order; windows with no call are left out.
 */
export function callsPerFixedWindow(
  timesMs: readonly number[],
  windowOf: (atMs: number) => number,
): { window: number; calls: number }[] {
  const counts = new Map<number, number>();
  for (const t of timesMs) {
    const w = windowOf(t);
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a - b).map(([window, calls]) => ({ window, calls }));
}

/** A call that came sooner after its key's previous call than the backoff schedule allows. */
export interface EarlyCall {
  key: string;
  /** The key's previous call was its `nth` (from 1). */
  nth: number;
  gapMs: number;
  allowedMs: number;
}

export interface BackoffCheck {
  /** Calls that broke the schedule (none when every key backed off). */
  early: EarlyCall[];
  /** The key with the most calls, and the gaps between them in order. */
  busiest: { key: string | null; gapsMs: number[] };
}

/**
 * A failing provider's calls against its backoff: after a key's n-th failed call the next may
 * come no sooner than `scheduleMs(n)` (e.g. `backoffMs`, lib/snapshot/freshness.ts), so each
 * failing key is asked at most once per cooldown and less often as its failures repeat.
 */
export function checkBackoff(
  calls: readonly LoggedCall[],
  scheduleMs: (nth: number) => number,
): BackoffCheck {
  const byKey = new Map<string, number[]>();
  for (const c of calls) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c.atMs]);
  const early: EarlyCall[] = [];
  let busiest: BackoffCheck["busiest"] = { key: null, gapsMs: [] };
  for (const [key, times] of byKey) {
    const sorted = [...times].sort((a, b) => a - b);
    const gapsMs = sorted.slice(1).map((t, i) => t - sorted[i]!);
    gapsMs.forEach((gapMs, i) => {
      const allowedMs = scheduleMs(i + 1);
      if (gapMs < allowedMs) early.push({ key, nth: i + 1, gapMs, allowedMs });
    });
    if (busiest.key === null || gapsMs.length > busiest.gapsMs.length) busiest = { key, gapsMs };
  }
  return { early, busiest };
}
