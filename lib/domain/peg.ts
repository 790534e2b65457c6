/** Peg maths. Pure functions; prices in USD, deviations in basis points. */

export const PEG_TARGET_USD = 1;
export const BPS_PER_UNIT = 10_000;

/**
 * A price is a finite positive number. Zero, negative and non-finite values are what a provider
 * sends for "no price", never a measurement: null (so a 0 never becomes a −10,000 bps depeg).
 */
export function validPriceUsd(priceUsd: number | null | undefined): number | null {
  return typeof priceUsd === "number" && Number.isFinite(priceUsd) && priceUsd > 0
    ? priceUsd
    : null;
}

/** `peg_deviation_bps = (price − 1) × 10 000`; null when the price is unknown or not a price. */
export function pegDeviationBps(priceUsd: number | null | undefined): number | null {
  const price = validPriceUsd(priceUsd);
  return price === null ? null : (price - PEG_TARGET_USD) * BPS_PER_UNIT;
}

/** Absolute difference of two prices in basis points of the peg. */
export function priceSpreadBps(a: number, b: number): number {
  return Math.abs(a - b) * BPS_PER_UNIT;
}

/** Median of finite values; null for none. */
export function median(values: readonly number[]): number | null {
  const xs = values.filter(Number.isFinite).sort((x, y) => x - y);
  if (xs.length === 0) return null;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 === 1 ? (xs[mid] ?? null) : ((xs[mid - 1] ?? 0) + (xs[mid] ?? 0)) / 2;
}
