/** Supply distribution and change. Pure functions; amounts in USD or token units as named. */
import { canonicalChain } from "./chains";

/** Share-sum tolerance promised by the intel route. */
export const SHARE_SUM_TOLERANCE = 1e-9;

/**
 * Map of canonical lowercase chain → fraction of supply. Non-positive and non-finite amounts
 * are dropped; labels that map to one chain are merged. The last share absorbs rounding so the
 * shares sum to exactly 1 (±1e-12). Empty input → empty map.
 */
export function supplyShares(amounts: Iterable<readonly [string, number]>): Record<string, number> {
  const merged = new Map<string, number>();
  for (const [label, amount] of amounts) {
    if (!Number.isFinite(amount) || amount <= 0) continue;
    const chain = canonicalChain(label);
    merged.set(chain, (merged.get(chain) ?? 0) + amount);
  }
  const total = [...merged.values()].reduce((a, b) => a + b, 0);
  if (!(total > 0)) return {};
  const entries = [...merged.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  let assigned = 0;
  // fromEntries defines own keys: a chain named `__proto__` stays a chain, not a prototype.
  return Object.fromEntries(
    entries.map(([chain, amount], idx) => {
      const share = idx === entries.length - 1 ? Math.max(0, 1 - assigned) : amount / total;
      assigned += share;
      return [chain, share];
    }),
  );
}

/** Sort order by circulating supply, largest first; an unknown supply sorts last. */
export function largestSupplyFirst(
  a: { circulatingUsd: number | null },
  b: { circulatingUsd: number | null },
): number {
  return (b.circulatingUsd ?? -Infinity) - (a.circulatingUsd ?? -Infinity) || 0;
}

/** Change between two values; nulls when the earlier value is missing or not positive. */
export function supplyChange(
  currentUsd: number,
  previousUsd: number | null,
): { changeUsd: number | null; changePct: number | null } {
  if (previousUsd === null || !Number.isFinite(previousUsd) || previousUsd <= 0) {
    return { changeUsd: null, changePct: null };
  }
  const changeUsd = currentUsd - previousUsd;
  return { changeUsd, changePct: (changeUsd / previousUsd) * 100 };
}

/** Sum of the known values; null when none is known (unknown is never counted as 0). */
export function sumKnown(values: readonly (number | null)[]): number | null {
  let known = false;
  let sum = 0;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    known = true;
    sum += v;
  }
  return known ? sum : null;
}

/**
 * Change of a total over a window: the current sum of every row against the sum of the rows'
 * earlier values. A row without an earlier record (new in the window) counts as growth; null
 * when no row has one.
 */
export function totalChange<T>(
  rows: readonly T[],
  current: (r: T) => number,
  previous: (r: T) => number | null,
): { changeUsd: number | null; changePct: number | null } {
  const currentUsd = rows.reduce((s, r) => s + current(r), 0);
  return supplyChange(currentUsd, sumKnown(rows.map(previous)));
}
