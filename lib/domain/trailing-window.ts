/**
 * Trailing windows over time-ordered samples, kept with two indices: the market-wide event log
 * runs the rules over every sampled coin's history on each request, so no rule may rescan (or
 * re-sort) the whole trailing window for every sample. Pure.
 *
 * A sample's trailing window is the samples strictly before it (by index) whose time is at least
 * `spanMs` before its own: `[starts[i], i)`. The samples must be in time order.
 */

/** `starts[i]`: the first index of sample i's trailing window. */
export function windowStarts(times: readonly number[], spanMs: number): number[] {
  const starts: number[] = [];
  let lo = 0;
  times.forEach((t, i) => {
    while (lo < i && (times[lo] ?? Number.NaN) < t - spanMs) lo += 1;
    starts.push(lo);
  });
  return starts;
}

/** A multiset of finite numbers kept sorted (binary search; windows hold a few hundred values). */
class SortedValues {
  private readonly xs: number[] = [];

  get size(): number {
    return this.xs.length;
  }

  private lowerBound(x: number): number {
    let lo = 0;
    let hi = this.xs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.xs[mid] ?? Number.NaN) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(x: number): void {
    this.xs.splice(this.lowerBound(x), 0, x);
  }

  remove(x: number): void {
    this.xs.splice(this.lowerBound(x), 1);
  }

  clear(): void {
    this.xs.length = 0;
  }

  /** The median as `median` in ./peg computes it (the mean of the middle two for an even size). */
  median(): number | null {
    const n = this.xs.length;
    if (n === 0) return null;
    const mid = Math.floor(n / 2);
    return n % 2 === 1
      ? (this.xs[mid] ?? null)
      : ((this.xs[mid - 1] ?? 0) + (this.xs[mid] ?? 0)) / 2;
  }
}

/**
 * The median of `valueOf` over the trailing window of each sample in [from, to), null when the
 * window holds fewer than `minCount` finite values. Each sample's value is read once.
 */
export function trailingMedians(
  from: number,
  to: number,
  starts: readonly number[],
  valueOf: (index: number) => number | null,
  minCount: number,
): (number | null)[] {
  const window = new SortedValues();
  const values = new Map<number, number>();
  const out: (number | null)[] = [];
  let lo = starts[from] ?? from;
  let hi = lo;
  for (let i = from; i < to; i += 1) {
    const start = starts[i] ?? i;
    if (start >= hi) {
      window.clear();
      values.clear();
      lo = start;
      hi = start;
    }
    for (; lo < start; lo += 1) {
      const v = values.get(lo);
      if (v !== undefined) window.remove(v);
      values.delete(lo);
    }
    for (; hi < i; hi += 1) {
      const v = valueOf(hi);
      if (typeof v === "number" && Number.isFinite(v)) {
        window.insert(v);
        values.set(hi, v);
      }
    }
    out.push(window.size >= minCount ? window.median() : null);
  }
  return out;
}
