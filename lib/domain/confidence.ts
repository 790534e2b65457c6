/**
 * `metadata.confidence_score` in [0, 1]:
 *
 *   score = Σ_source  W_source × available × freshness          (availability, weights sum to 0.7)
 *         + Σ_pair    W_PAIR × agreement(price_i, price_j)        (3 pairs × 0.1 = 0.3)
 *
 * - available ∈ {0, 1}; freshness is 1 for live sources and, for the scheduled on-chain
 *   snapshot, `clamp(1 − age / (2 × TTL), 0, 1)` (age of the result's `execution_ended_at`).
 * - agreement(a, b) = clamp(1 − |a − b| in bps / PRICE_AGREEMENT_ZERO_BPS, 0, 1) for each pair
 *   of independent prices (market provider, aggregate, DEX-implied) that are both present.
 *
 * Every term is ≥ 0 and tied to the presence of its source(s), so losing a source never raises
 * the score; agreement only falls as a price gap widens, so more disagreement never raises it.
 */
import { priceSpreadBps } from "./peg";

export const CONFIDENCE_WEIGHTS = {
  market: 0.25,
  cexDepth: 0.1,
  dex: 0.1,
  aggregate: 0.1,
  onChain: 0.15,
} as const;
export const PRICE_PAIR_WEIGHT = 0.1;
export const PRICE_AGREEMENT_ZERO_BPS = 100;

export interface ConfidenceInputs {
  market: boolean;
  cexDepth: boolean;
  dex: boolean;
  aggregate: boolean;
  /** Age of the on-chain snapshot (ms) and its TTL (ms); null when the snapshot is unavailable. */
  onChain: { ageMs: number; ttlMs: number } | null;
  prices: { market: number | null; aggregate: number | null; dex: number | null };
}

export function snapshotFreshness(ageMs: number, ttlMs: number): number {
  if (!(ttlMs > 0)) return 0;
  return Math.min(1, Math.max(0, 1 - Math.max(0, ageMs) / (2 * ttlMs)));
}

export function priceAgreement(a: number | null, b: number | null): number {
  if (a === null || b === null || !Number.isFinite(a) || !Number.isFinite(b)) return 0;
  return Math.min(1, Math.max(0, 1 - priceSpreadBps(a, b) / PRICE_AGREEMENT_ZERO_BPS));
}

export interface ConfidenceBreakdown {
  score: number;
  availability: number;
  agreement: number;
}

export function confidenceScore(i: ConfidenceInputs): ConfidenceBreakdown {
  const w = CONFIDENCE_WEIGHTS;
  const availability =
    (i.market ? w.market : 0) +
    (i.cexDepth ? w.cexDepth : 0) +
    (i.dex ? w.dex : 0) +
    (i.aggregate ? w.aggregate : 0) +
    (i.onChain ? w.onChain * snapshotFreshness(i.onChain.ageMs, i.onChain.ttlMs) : 0);
  const { market, aggregate, dex } = i.prices;
  const agreement =
    PRICE_PAIR_WEIGHT *
    (priceAgreement(market, aggregate) +
      priceAgreement(market, dex) +
      priceAgreement(aggregate, dex));
  const score = Math.min(1, Math.max(0, availability + agreement));
  return { score: Math.round(score * 1000) / 1000, availability, agreement };
}
