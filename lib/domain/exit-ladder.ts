/**
 * The exit-cost ladder across venues (issue 27; /methodology#exit-cost): per size the best
 * single venue, a split estimate across venues, and the largest size at which the coin holds its
 * peg (best exit within PEG_HOLD_THRESHOLD_BPS of $1.00).
 *
 * The split is an ESTIMATE: greedy on marginal cost over SPLIT_STEPS equal slices, each slice
 * sold where it adds the least loss. CEX venues use their book exactly; a DEX venue's loss is
 * interpolated linearly between its measured ladder quotes (through zero at size zero) and is
 * unavailable beyond its largest fillable quote. Gas and fees between venues are ignored.
 */
import { FILL_TOLERANCE_USD, PEG_HOLD_THRESHOLD_BPS } from "./exit-cost-constants";
import { BPS_PER_UNIT, PEG_TARGET_USD } from "./peg";
import { sellInto, type Level, type VenueFill } from "./exit-cost";

/** USD lost against $1.00 selling `qty` coins on one venue; null when it cannot take them. */
export type LossCurve = (qty: number) => number | null;

/** Slices of the greedy split: 2 % each (finer slices change the estimate by < 0.1 bps). */
export const SPLIT_STEPS = 50;

/** Loss of selling into parsed bids (`parsedBids`; quote currency worth `quoteUsd` USD). */
export function bookLossCurve(levels: readonly Level[], quoteUsd: number): LossCurve {
  return (qty) => {
    if (qty <= 0) return 0;
    const { proceedsUsd, leftQty } = sellInto(levels, qty, quoteUsd);
    return leftQty > 0 ? null : qty - proceedsUsd;
  };
}

/**
 * Loss interpolated through measured `(qty, costBps)` points of a venue (fillable ones only);
 * up to `toleranceQty` past the largest point counts as that point (float noise, not size).
 */
export function pointsLossCurve(
  points: readonly { qty: number; costBps: number }[],
  toleranceQty = 0,
): LossCurve {
  const known = [
    { qty: 0, loss: 0 },
    ...points.map((p) => ({ qty: p.qty, loss: (p.qty * p.costBps) / BPS_PER_UNIT })),
  ]
    .filter((p) => Number.isFinite(p.loss))
    .sort((a, b) => a.qty - b.qty);
  return (qty) => {
    if (qty <= 0) return 0;
    const last = known.at(-1) as { qty: number; loss: number };
    if (qty > last.qty && qty <= last.qty + toleranceQty) return last.loss;
    for (let i = 1; i < known.length; i++) {
      const hi = known[i] as { qty: number; loss: number };
      if (qty <= hi.qty) {
        const lo = known[i - 1] as { qty: number; loss: number };
        return lo.loss + ((hi.loss - lo.loss) * (qty - lo.qty)) / (hi.qty - lo.qty);
      }
    }
    return null;
  };
}

export interface SplitResult {
  /** Cost in bps from $1.00 of the whole size; null when the venues together cannot take it. */
  costBps: number | null;
  unfilledQty: number;
  /** Share of the size sold on each venue (0..1), largest first; venues given nothing omitted. */
  allocations: { id: string; share: number }[];
}

/**
 * Greedy split of `qty` coins across venues on marginal loss (an estimate, see above). Each venue's
 * amount is its count of slices × the size ÷ `steps`, never a running sum of slices, and an
 * unfilled part below `FILL_TOLERANCE_USD` (at `priceUsd`) is none: float noise is not a shortfall.
 */
export function splitEstimate(
  venues: readonly { id: string; loss: LossCurve }[],
  qty: number,
  { steps = SPLIT_STEPS, priceUsd = PEG_TARGET_USD }: { steps?: number; priceUsd?: number } = {},
): SplitResult {
  const amount = (slices: number) => (slices / steps) * qty;
  const slicesOf = new Map<string, number>(venues.map((v) => [v.id, 0]));
  const lossNow = new Map<string, number>(venues.map((v) => [v.id, 0]));
  let filledSlices = 0;
  for (let step = 0; step < steps; step++) {
    let pick: { id: string; loss: number; marginal: number } | null = null;
    for (const v of venues) {
      const next = v.loss(amount((slicesOf.get(v.id) ?? 0) + 1));
      if (next === null) continue;
      const marginal = next - (lossNow.get(v.id) ?? 0);
      if (pick === null || marginal < pick.marginal) pick = { id: v.id, loss: next, marginal };
    }
    if (pick === null) break;
    slicesOf.set(pick.id, (slicesOf.get(pick.id) ?? 0) + 1);
    lossNow.set(pick.id, pick.loss);
    filledSlices += 1;
  }
  const leftQty = Math.max(0, qty - amount(filledSlices));
  const unfilledQty = leftQty * priceUsd < FILL_TOLERANCE_USD ? 0 : leftQty;
  const totalLoss = [...lossNow.values()].reduce((a, b) => a + b, 0);
  const allocations = [...slicesOf.entries()]
    .filter(([, n]) => n > 0)
    .map(([id, n]) => ({ id, share: n / steps }))
    .sort((a, b) => b.share - a.share);
  return {
    costBps: unfilledQty > 0 || qty <= 0 ? null : (totalLoss / qty) * BPS_PER_UNIT,
    unfilledQty,
    allocations,
  };
}

/** The cheapest fillable venue at one size, or null when none was measured fillable. */
export function bestVenue(
  fills: readonly { id: string; fill: VenueFill }[],
): { id: string; costBps: number } | null {
  let best: { id: string; costBps: number } | null = null;
  for (const { id, fill } of fills) {
    if (!fill.measured || !fill.fillable || fill.costBps === null) continue;
    if (best === null || fill.costBps < best.costBps) best = { id, costBps: fill.costBps };
  }
  return best;
}

/**
 * One venue alone at one size: the cheapest venue that fills it (`fillable`, nothing unfilled);
 * when venues were measured and none takes the whole size, not fillable with the smallest part a
 * venue leaves unfilled; when no venue was measured, nulls (not measured).
 */
export function singleVenueOutcome(fills: readonly { id: string; fill: VenueFill }[]): {
  best: { id: string; costBps: number } | null;
  fillable: boolean | null;
  unfilledUsd: number | null;
} {
  const best = bestVenue(fills);
  if (best) return { best, fillable: true, unfilledUsd: 0 };
  const unfilled = fills.flatMap(({ fill }) => (fill.measured ? [fill.unfilledUsd] : []));
  if (unfilled.length === 0) return { best: null, fillable: null, unfilledUsd: null };
  return { best: null, fillable: false, unfilledUsd: Math.min(...unfilled) };
}

/**
 * The largest ladder size up to which every size's best exit is within the threshold.
 * `measured` is false when no size had any measured venue (then the size is null: not
 * measured); a measured coin that fails at the smallest size has `sizeUsd: null`.
 */
export function largestPegHoldingSize(
  rungs: readonly { sizeUsd: number; bestCostBps: number | null; measured: boolean }[],
  thresholdBps = PEG_HOLD_THRESHOLD_BPS,
): { sizeUsd: number | null; measured: boolean } {
  const sorted = [...rungs].sort((a, b) => a.sizeUsd - b.sizeUsd);
  const measured = sorted.some((r) => r.measured);
  let sizeUsd: number | null = null;
  for (const r of sorted) {
    if (r.bestCostBps === null || r.bestCostBps > thresholdBps) break;
    sizeUsd = r.sizeUsd;
  }
  return { sizeUsd, measured };
}
