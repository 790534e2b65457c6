/**
 * Peg verification badge. The badge is on only while both hold:
 *   1. the market price is within PEG_BADGE_MIN_USD ≤ price ≤ PEG_BADGE_MAX_USD (0.999–1.001 USD,
 *      bounds inclusive; comparisons allow PEG_BADGE_EPSILON_USD = 1e-12 so that 0.999 and 1.001
 *      themselves count as inside despite floating-point representation);
 *   2. the independent prices that are present (market provider, aggregate, DEX-implied) agree:
 *      max |price_i − price_j| × 10 000 ≤ PRICE_AGREEMENT_BADGE_BPS (20 bps) over all pairs.
 * The market price is required; aggregate and DEX prices are checked when present.
 * A point-in-time observation, not a guarantee of future peg stability.
 */
import { BPS_PER_UNIT, priceSpreadBps, validPriceUsd } from "./peg";

export const PEG_BADGE_MIN_USD = 0.999;
export const PEG_BADGE_MAX_USD = 1.001;
export const PEG_BADGE_EPSILON_USD = 1e-12;
export const PRICE_AGREEMENT_BADGE_BPS = 20;

export type BadgePriceSource = "market" | "aggregate" | "dex";

export interface BadgeInputs {
  /** Market provider price (required for the badge). */
  market: number | null | undefined;
  /** Aggregate API price. */
  aggregate?: number | null;
  /** DEX-implied price (e.g. liquidity-weighted over pools). */
  dex?: number | null;
}

export interface PegBadge {
  on: boolean;
  reason: string;
  /** The market price the tolerance was checked against; null when absent. */
  priceUsd: number | null;
  toleranceUsd: [number, number];
  /** Present, finite prices that were compared. */
  checkedPrices: { source: BadgePriceSource; priceUsd: number }[];
  /** Largest pairwise spread among the checked prices (0 for one price); null with none. */
  maxSpreadBps: number | null;
}

/** Only a real price is checked: zero, negative and non-finite values are absent ones. */
function finite(x: number | null | undefined): x is number {
  return validPriceUsd(x) !== null;
}

/** True when `priceUsd` is within [PEG_BADGE_MIN_USD, PEG_BADGE_MAX_USD] (inclusive, ±1e-12). */
export function withinBadgeTolerance(priceUsd: number): boolean {
  return (
    priceUsd >= PEG_BADGE_MIN_USD - PEG_BADGE_EPSILON_USD &&
    priceUsd <= PEG_BADGE_MAX_USD + PEG_BADGE_EPSILON_USD
  );
}

/** Largest pairwise spread in bps among `prices` (0 for fewer than two). */
export function maxPairwiseSpreadBps(prices: readonly number[]): number {
  let max = 0;
  for (let i = 0; i < prices.length; i += 1) {
    for (let j = i + 1; j < prices.length; j += 1) {
      max = Math.max(max, priceSpreadBps(prices[i] ?? 0, prices[j] ?? 0));
    }
  }
  return max;
}

const fmt = (x: number): string => x.toFixed(6);

/** Evaluate the peg verification badge (see module doc). */
export function pegBadge(inputs: BadgeInputs): PegBadge {
  const toleranceUsd: [number, number] = [PEG_BADGE_MIN_USD, PEG_BADGE_MAX_USD];
  const checkedPrices: PegBadge["checkedPrices"] = [];
  const sources: [BadgePriceSource, number | null | undefined][] = [
    ["market", inputs.market],
    ["aggregate", inputs.aggregate],
    ["dex", inputs.dex],
  ];
  for (const [source, price] of sources) {
    if (finite(price)) checkedPrices.push({ source, priceUsd: price });
  }
  const market = inputs.market;
  if (!finite(market)) {
    return {
      on: false,
      reason: "No market price: the badge requires at least the market provider price.",
      priceUsd: null,
      toleranceUsd,
      checkedPrices,
      maxSpreadBps:
        checkedPrices.length > 0
          ? maxPairwiseSpreadBps(checkedPrices.map((p) => p.priceUsd))
          : null,
    };
  }
  const spreadBps = maxPairwiseSpreadBps(checkedPrices.map((p) => p.priceUsd));
  const base = { priceUsd: market, toleranceUsd, checkedPrices, maxSpreadBps: spreadBps };
  if (!withinBadgeTolerance(market)) {
    return {
      ...base,
      on: false,
      reason: `Market price ${fmt(market)} USD is outside ${PEG_BADGE_MIN_USD}–${PEG_BADGE_MAX_USD} USD.`,
    };
  }
  const spreadSlackBps = PEG_BADGE_EPSILON_USD * BPS_PER_UNIT;
  if (spreadBps > PRICE_AGREEMENT_BADGE_BPS + spreadSlackBps) {
    return {
      ...base,
      on: false,
      reason: `Independent prices disagree by ${spreadBps.toFixed(1)} bps (limit ${PRICE_AGREEMENT_BADGE_BPS} bps).`,
    };
  }
  const agreement =
    checkedPrices.length > 1
      ? `${checkedPrices.length} independent prices agree within ${PRICE_AGREEMENT_BADGE_BPS} bps`
      : "only the market price was available to check";
  return {
    ...base,
    on: true,
    reason: `Market price ${fmt(market)} USD is within ${PEG_BADGE_MIN_USD}–${PEG_BADGE_MAX_USD} USD; ${agreement}.`,
  };
}
