/**
 * GET /api/stablecoin-exit-cost: what selling each size of the ladder costs, in bps from $1.00,
 * on each venue (CEX order books, DEX quotes per chain), the best single venue, a split estimate
 * across venues, and the largest size at which the coin holds its peg. Every figure carries its
 * venue, chain, pair, size, source and as-of time; not measured is null with a reason.
 */
import { loadAssetContext, type AssetContext } from "@/lib/assets/context";
import { exitPriceUsd } from "@/lib/assets/exit-venues";
import { measureExitLadder, type MeasuredVenue } from "@/lib/assets/exit-measure";
import { EW } from "@/lib/assets/exit-warnings";
import { type Warning } from "@/lib/assets/warnings";
import { warningFields } from "@/lib/assets/warning-fields";
import { roundTo } from "@/lib/domain/precision";
import { isoOrNull } from "@/lib/domain/time";
import { PEG_HOLD_THRESHOLD_BPS, RISK_EXIT_SIZE_USD } from "@/lib/domain/exit-cost-constants";
import { largestPegHoldingSize, singleVenueOutcome, splitEstimate } from "@/lib/domain/exit-ladder";
import type { ReadOpts } from "@/lib/snapshot/read-opts";
import type { ExitCostResponse } from "./schema";

export const EXIT_COST_METHOD =
  "CEX: a market sell of N USD of the coin (N ÷ its price, in coins) walked level by level through the order book's bids; USDT-quoted books converted at the USDT price of the moment; the book's end leaves an unfilled part (not fillable). DEX: the KyberSwap route for selling N USD of the coin into the chain's deepest USD stablecoin, cost from amountOut ÷ amountIn scaled by token decimals against $1.00 (gas shown beside, not included). Books and quotes are fresh 5 minutes. See /methodology#exit-cost.";
export const SPLIT_METHOD =
  "Estimate: the size cut into 50 equal slices, each sold on the venue where it adds the least loss (greedy on marginal cost); DEX costs interpolated between measured sizes; gas and transfers between venues ignored.";

const round = (n: number | null, places = 2) => (n === null ? null : roundTo(n, places));

function venueRecord(v: MeasuredVenue, sizesUsd: readonly number[]) {
  return {
    id: v.id,
    venue: v.venue,
    kind: v.kind,
    chain: v.chain,
    pair: v.pair,
    source: v.source,
    as_of: isoOrNull(v.asOf),
    stale: v.stale,
    points: v.fills.map((f, i) => ({
      size_usd: sizesUsd[i] as number,
      cost_bps: f.measured ? round(f.costBps) : null,
      fillable: f.measured ? f.fillable : null,
      unfilled_usd: f.measured ? round(f.unfilledUsd) : null,
      gas_usd: round(v.gasUsd[i] ?? null),
      not_measured_reason: f.measured ? null : f.reason,
    })),
  };
}

export type ExitCostBody = Omit<ExitCostResponse, "holderAnalyticsSupported">;

/** Measures the ladder for an already loaded asset context (also used by the risk console). */
export async function exitCostFor(
  ctx: AssetContext,
  sizesUsd: readonly number[],
  readOpts?: ReadOpts,
): Promise<{ body: ExitCostBody; upstream: boolean; warnings: Warning[] }> {
  const coinPriceUsd = exitPriceUsd(ctx);
  const m = await measureExitLadder(ctx, sizesUsd, readOpts);
  const warnings = [...m.warnings];
  if (m.venues.length === 0) warnings.push(EW.notMeasured);

  const curves = m.venues.flatMap((v) => (v.loss ? [{ id: v.id, loss: v.loss }] : []));
  const ladder = sizesUsd.map((sizeUsd, i) => {
    const fills = m.venues.map((v) => ({
      id: v.id,
      fill: v.fills[i] as MeasuredVenue["fills"][number],
    }));
    const single = singleVenueOutcome(fills);
    const best = single.best;
    const measured = single.fillable !== null;
    // No coin price: no size in coins to split, so no estimate (never a $0 unfilled part).
    const split =
      coinPriceUsd !== null && curves.length > 0
        ? {
            ...splitEstimate(curves, sizeUsd / coinPriceUsd, { priceUsd: coinPriceUsd }),
            priceUsd: coinPriceUsd,
          }
        : null;
    return {
      size_usd: sizeUsd,
      best: best && { venue_id: best.id, cost_bps: round(best.costBps) as number },
      best_fillable: single.fillable,
      best_unfilled_usd: round(single.unfilledUsd),
      split_estimate: split && {
        estimate: true as const,
        cost_bps: round(split.costBps),
        unfilled_usd: round(split.unfilledQty * split.priceUsd) as number,
        allocations: split.allocations.map((a) => ({
          venue_id: a.id,
          share: round(a.share, 4) as number,
        })),
      },
      holds_peg: measured ? best !== null && best.costBps <= PEG_HOLD_THRESHOLD_BPS : null,
      bestCostBps: best?.costBps ?? null,
      measured,
    };
  });
  const peg = largestPegHoldingSize(
    ladder.map((r) => ({ sizeUsd: r.size_usd, bestCostBps: r.bestCostBps, measured: r.measured })),
  );
  const sources = [...new Set(m.venues.map((v) => v.source))].map((name) => {
    const times = m.venues
      .filter((v) => v.source === name && v.asOf !== null)
      .map((v) => v.asOf as number);
    return {
      name,
      type: name === "KyberSwap" ? "dex-quote" : "order-book",
      as_of: isoOrNull(times.length > 0 ? Math.min(...times) : null),
    };
  });
  return {
    upstream: m.upstream,
    warnings,
    body: {
      asset: ctx.asset.symbol,
      sizes_usd: [...sizesUsd],
      venues: m.venues.map((v) => venueRecord(v, sizesUsd)),
      ladder: ladder.map(({ bestCostBps: _b, measured: _m, ...rung }) => rung),
      holds_peg_up_to_usd: peg.sizeUsd,
      peg_measured: peg.measured,
      peg_threshold_bps: PEG_HOLD_THRESHOLD_BPS,
      metadata: { sources, method: EXIT_COST_METHOD, split_method: SPLIT_METHOD },
      ...warningFields(warnings),
    },
  };
}

export type ExitCostResult =
  | { ok: true; body: ExitCostBody; degraded: boolean; upstream: boolean }
  | { ok: false; suggestions: string[] };

export async function getExitCost(
  q: string,
  sizesUsd: readonly number[],
  readOpts?: ReadOpts,
): Promise<ExitCostResult> {
  const r = await loadAssetContext(q, { quote: true, tickers: true, pools: true }, readOpts);
  if (!r.ok) return r;
  const out = await exitCostFor(r.ctx, sizesUsd, readOpts);
  const warnings = [...r.ctx.warnings, ...out.warnings];
  return {
    ok: true,
    degraded: warnings.length > 0,
    upstream: r.ctx.upstream || out.upstream,
    body: { ...out.body, ...warningFields(warnings) },
  };
}

/** What the risk console shows of the ladder, and the $1M figure its liquidity score reads. */
export function riskExitSummary(body: ExitCostBody): {
  body: {
    holds_peg_up_to_usd: number | null;
    peg_measured: boolean;
    cost_at_1m_bps: number | null;
    peg_threshold_bps: number;
  };
  measuredAt1m: { costBps: number | null } | null;
} {
  const rung = body.ladder.find((r) => r.size_usd === RISK_EXIT_SIZE_USD);
  // holds_peg is null exactly when no venue measured that size.
  const measuredAt1m =
    rung && rung.holds_peg !== null ? { costBps: rung.best?.cost_bps ?? null } : null;
  return {
    measuredAt1m,
    body: {
      holds_peg_up_to_usd: body.holds_peg_up_to_usd,
      peg_measured: body.peg_measured,
      cost_at_1m_bps: measuredAt1m?.costBps ?? null,
      peg_threshold_bps: body.peg_threshold_bps,
    },
  };
}
