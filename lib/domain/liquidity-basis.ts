/**
 * The risk score's liquidity component from a measured exit cost (issue 27): where the cost of
 * selling RISK_EXIT_SIZE_USD ($1M) was measured, it replaces the ±2 % depth ÷ market cap model,
 * and `inputs.liquidity_basis` says which was used (`"measured_exit_cost"` or `"model"`).
 *
 * Score: 100 at or below EXIT_SCORE_FULL_BPS, 0 at or above EXIT_SCORE_ZERO_BPS, linear between;
 * a measured size no venue could fill scores 0.
 */
import { RISK_EXIT_SIZE_USD } from "./exit-cost-constants";

export const EXIT_SCORE_FULL_BPS = 5;
export const EXIT_SCORE_ZERO_BPS = 200;
const FULL_SCORE = 100;

export type LiquidityBasis = "measured_exit_cost" | "model";

/** The best exit at $1M: `costBps` null = measured, not fillable. Absent or null: not measured. */
export interface MeasuredExitCost {
  costBps: number | null;
}

export const EXIT_COST_LIQUIDITY_METHOD = `Measured exit cost of selling $${RISK_EXIT_SIZE_USD.toLocaleString("en-US")} on the best venue, in bps from $1.00: 100 at ${EXIT_SCORE_FULL_BPS} bps or less, 0 at ${EXIT_SCORE_ZERO_BPS} bps or more (or when no venue can fill it), linear between. See /methodology#exit-cost.`;

export function exitCostLiquidityScore(m: MeasuredExitCost): number {
  if (m.costBps === null) return 0;
  const t = (m.costBps - EXIT_SCORE_FULL_BPS) / (EXIT_SCORE_ZERO_BPS - EXIT_SCORE_FULL_BPS);
  return Math.min(FULL_SCORE, Math.max(0, FULL_SCORE * (1 - t)));
}

type Component<I> = { value: number | null; method: string; inputs: Record<string, I> };

/** The model's component, or the measured one when the exit cost at $1M was measured. */
export function withMeasuredExitCost<I, C extends Component<I | string | number | null>>(
  model: C,
  measured: MeasuredExitCost | null | undefined,
): C {
  if (!measured)
    return {
      ...model,
      inputs: { ...model.inputs, liquidity_basis: "model" satisfies LiquidityBasis },
    };
  return {
    ...model,
    value: Math.round(exitCostLiquidityScore(measured) * 10) / 10,
    method: EXIT_COST_LIQUIDITY_METHOD,
    inputs: {
      ...model.inputs,
      liquidity_basis: "measured_exit_cost" satisfies LiquidityBasis,
      exit_cost_1m_bps: measured.costBps === null ? null : Math.round(measured.costBps * 100) / 100,
    },
  };
}
