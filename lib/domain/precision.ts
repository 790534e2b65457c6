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
