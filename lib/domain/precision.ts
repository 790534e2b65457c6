/**
 * Numbers in response bodies carry their unit's precision, decided once by field name (every body
 * names its units: `…_bps`, `…_usd`, `…_pct`), not at each place a number is computed:
 *   - basis points (`…_bps`) to 0.01 bps;
 *   - USD amounts (`…_usd`) to cents;
 *   - USD prices (`price`, `…_price`, `…price_usd`, `tolerance_usd`) to 1e-6 USD — a stablecoin's
 *     price in cents would hide the deviations the service reports;
 *   - percentages (`…_pct`) to 1e-4 %, i.e. a share of 1e-6;
 *   - everything else fractional (shares — `share…` even when it ends in `_bps` — ratios,
 *     weights, coverage, scores, values keyed by chain) to 1e-6.
 * Integers (timestamps, counts) are left as they are. Array items take their array's field name.
 */
export const DECIMALS = { bps: 2, usd: 2, price: 6, pct: 4, fraction: 6 } as const;

const PRICE_KEY = /(^|_)price(_usd)?$|^tolerance_usd$/;

/** Decimal places a number under field `key` keeps. */
export function decimalsFor(key: string): number {
  if (PRICE_KEY.test(key)) return DECIMALS.price;
  if (key.endsWith("_pct")) return DECIMALS.pct;
  if (key.includes("share")) return DECIMALS.fraction;
  if (key.endsWith("_bps")) return DECIMALS.bps;
  if (key.endsWith("_usd")) return DECIMALS.usd;
  return DECIMALS.fraction;
}

/** `x` to `decimals` places, through its decimal string, so it prints with at most that many. */
export function roundTo(x: number, decimals: number): number {
  if (!Number.isFinite(x) || Number.isInteger(x)) return x;
  const rounded = Number(x.toFixed(decimals));
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** A copy of a JSON-able value with every number rounded by its field name (see module doc). */
export function roundToUnits<T>(value: T, key = ""): T {
  if (typeof value === "number") return roundTo(value, decimalsFor(key)) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => roundToUnits(v, key)) as T;
  // Objects that serialise themselves (a Date) are left to JSON.stringify.
  if (value !== null && typeof value === "object" && !("toJSON" in value)) {
    // fromEntries defines own keys, so an upstream key like `__proto__` stays a plain key.
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundToUnits(v, k)])) as T;
  }
  return value;
}

/**
 * Shares rounded to `decimals` places so that together they keep their exact sum (rounded to the
 * same place): a distribution that adds up to 1 (or 100 %) still does — rounded one by one it can
 * sum to 0.999998. Largest remainder: every share is floored to its last digit, and the digits the
 * floors lost go, one each, to the shares with the largest remainders (the larger share, then the
 * earlier one, on a tie). A value that is negative or not finite is no share: it is rounded alone.
 */
export function roundSharesToSum(values: readonly number[], decimals: number): number[] {
  const scale = 10 ** decimals;
  const shares = values.flatMap((v, i) => (Number.isFinite(v) && v >= 0 ? [i] : []));
  const exact = new Map(shares.map((i) => [i, (values[i] as number) * scale]));
  const units = new Map(shares.map((i) => [i, Math.floor(exact.get(i) as number)]));
  const remainder = (i: number) => (exact.get(i) as number) - (units.get(i) as number);
  let left =
    Math.round([...exact.values()].reduce((a, b) => a + b, 0)) -
    [...units.values()].reduce((a, b) => a + b, 0);
  const byRemainder = [...shares].sort(
    (a, b) => remainder(b) - remainder(a) || (values[b] as number) - (values[a] as number) || a - b,
  );
  for (const i of byRemainder) {
    if (left <= 0) break;
    units.set(i, (units.get(i) as number) + 1);
    left -= 1;
  }
  return values.map((v, i) => {
    const n = units.get(i);
    return n === undefined ? roundTo(v, decimals) : n / scale;
  });
}

/** `roundSharesToSum` over a map's values (a chain → share distribution), keys kept. */
export function roundShareMap(
  shares: Readonly<Record<string, number>>,
  decimals: number = DECIMALS.fraction,
): Record<string, number> {
  const entries = Object.entries(shares);
  const rounded = roundSharesToSum(
    entries.map(([, v]) => v),
    decimals,
  );
  // fromEntries defines own keys: a chain named `__proto__` stays a chain.
  return Object.fromEntries(entries.map(([k], i) => [k, rounded[i] as number]));
}

const PERCENT = 100;

/** Each amount's share of their sum in percent, to 1e-4 and adding up to 100; 0s for no sum. */
export function percentShares(amounts: readonly number[]): number[] {
  const total = amounts.reduce((a, b) => a + b, 0);
  return roundSharesToSum(
    amounts.map((x) => (total > 0 ? (x / total) * PERCENT : 0)),
    DECIMALS.pct,
  );
}
