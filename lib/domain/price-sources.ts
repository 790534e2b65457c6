/**
 * Independent prices of one coin and whether they agree (pure). Two sources disagree when their
 * prices are more than `PRICE_SOURCES_DISAGREE_BPS` apart (`priceSpreadBps`: basis points of the
 * peg), which answers carry as the warning `price_sources_disagree`.
 */
import { priceSpreadBps, validPriceUsd } from "./peg";

/** More than this many bps between two sources' prices is a disagreement. */
export const PRICE_SOURCES_DISAGREE_BPS = 50;

export interface SourcedPrice {
  /** Which source answered, e.g. `market`, `defillama-coins`, `aggregate`, `dex`. */
  source: string;
  priceUsd: number | null;
}

export interface Disagreement {
  spreadBps: number;
  low: SourcedPrice & { priceUsd: number };
  high: SourcedPrice & { priceUsd: number };
}

/**
 * The widest pair of measured prices when it is more than the threshold apart, else null
 * (fewer than two prices: nothing to compare, null).
 */
export function priceDisagreement(
  prices: readonly SourcedPrice[],
  thresholdBps: number = PRICE_SOURCES_DISAGREE_BPS,
): Disagreement | null {
  const measured = prices
    .map((p) => ({ ...p, priceUsd: validPriceUsd(p.priceUsd) }))
    .filter((p): p is SourcedPrice & { priceUsd: number } => p.priceUsd !== null)
    .sort((a, b) => a.priceUsd - b.priceUsd);
  const low = measured[0];
  const high = measured[measured.length - 1];
  if (!low || !high || low === high) return null;
  const spreadBps = priceSpreadBps(low.priceUsd, high.priceUsd);
  return spreadBps > thresholdBps ? { spreadBps, low, high } : null;
}
