/**
 * Risk score, 0–100: HIGHER = LOWER OBSERVED RISK. A point-in-time observation from historical and
 * current data; not a prediction of peg stability and not investment advice.
 *
 *   score = Σ_c w_c × scored_c,   scored_c = value_c when measured, UNKNOWN_COMPONENT_SCORE (0) when not
 *   coverage = Σ_{measured} w_c   (share of the weight that was measured, 0–1)
 *
 * Weights RISK_WEIGHTS: transparency 0.3, liquidity 0.3, peg stability 0.4 (sum 1). A component
 * whose input is unknown (null) is scored at the lowest value a known input can give (0: no
 * reserve reporting, no depth, a peg off by more than every penalty) and listed in `missing`, so
 * an unknown fact never raises a score above what a known weak one gives and two coins' scores
 * compare in the same units. The weights are never renormalised. Nothing measured → null.
 * Scores are rounded to 0.1.
 *
 * Components (each 0–100):
 * - transparency = 0.6 × reporting + 0.4 × cadence, where reporting: on-chain 100, attestation 70,
 *   audit 50, none 0 and cadence: real-time 100, daily 90, weekly 75, monthly 60, quarterly 40,
 *   none 0. With no reserve reporting at all the component is 0 whatever the cadence.
 * - liquidity: r = ±2 % depth ÷ market cap, log-scaled between RATIO_FLOOR (1e-5 → 0) and
 *   RATIO_CEIL (1e-1 → 100): clamp(100 × (log10 r − log10 1e-5) ÷ (log10 1e-1 − log10 1e-5), 0, 100).
 * - peg stability (30d de-peg statistics): 100 − penalties, clamped to [0, 100]:
 *     20 × share outside ±10 bps + 30 × share outside ±50 bps + 50 × share outside ±100 bps
 *   + 30 × min(1, |worst deviation| ÷ 500 bps)
 *   + min(25, 5 × excursions beyond ±100 bps).
 *   Every penalty is non-decreasing in its statistic, so worse statistics never raise the score.
 */
import { withMeasuredExitCost, type MeasuredExitCost } from "./liquidity-basis";
import type { DepegStats } from "./depeg";

export type ReserveReporting = "on-chain" | "attestation" | "audit" | "none";
export type AttestationCadence =
  "real-time" | "daily" | "weekly" | "monthly" | "quarterly" | "none";

/** Structurally the overlay's `TransparencyFacts` (declared here so lib/domain does not import lib/assets). */
export interface TransparencyInput {
  reserveReporting: ReserveReporting;
  attestationCadence: AttestationCadence;
}

export const RISK_WEIGHTS = { transparency: 0.3, liquidity: 0.3, pegStability: 0.4 } as const;
export const REPORTING_SCORES: Readonly<Record<ReserveReporting, number>> = {
  "on-chain": 100,
  attestation: 70,
  audit: 50,
  none: 0,
};
export const CADENCE_SCORES: Readonly<Record<AttestationCadence, number>> = {
  "real-time": 100,
  daily: 90,
  weekly: 75,
  monthly: 60,
  quarterly: 40,
  none: 0,
};
export const TRANSPARENCY_BLEND = { reporting: 0.6, cadence: 0.4 } as const;
export const RATIO_FLOOR = 1e-5;
export const RATIO_CEIL = 1e-1;
export const PEG_SHARE_PENALTY_POINTS = {
  outside10Bps: 20,
  outside50Bps: 30,
  outside100Bps: 50,
} as const;
export const PEG_WORST_PENALTY_MAX_POINTS = 30;
export const PEG_WORST_FULL_PENALTY_BPS = 500;
export const PEG_EXCURSION_PENALTY_POINTS = 5;
export const PEG_EXCURSION_PENALTY_MAX_POINTS = 25;
/** What an unknown component counts as: the floor every component's scale shares (see module doc). */
export const UNKNOWN_COMPONENT_SCORE = 0;
export const RISK_SCORE_DISCLAIMER =
  "Point-in-time observation from historical and current data; not a prediction of peg stability and not investment advice.";

export type RiskComponentName = keyof typeof RISK_WEIGHTS;
type InputValue = number | string | null;

export interface RiskComponent {
  name: RiskComponentName;
  /** The measured value; null when its input is unknown. */
  value: number | null;
  /** What the score counts: `value`, or UNKNOWN_COMPONENT_SCORE when unknown. */
  scoredValue: number;
  weight: number;
  /** Its weight in the score: always `weight` (unknown components are floored, not dropped). */
  effectiveWeight: number;
  /** The component's inputs, keys in snake_case like every response body. */
  inputs: Record<string, InputValue>;
  method: string;
}

export interface RiskScore {
  /** 0–100, higher = lower observed risk; null when every component is missing. */
  score: number | null;
  /** Share of the weight that was measured, 0–1 (1 = every component known). */
  coverage: number;
  components: RiskComponent[];
  missing: RiskComponentName[];
  disclaimer: typeof RISK_SCORE_DISCLAIMER;
}

/** The 30d de-peg statistics the peg-stability component reads. */
export type PegStabilityInput = Pick<
  DepegStats,
  | "points"
  | "shareOutside10Bps"
  | "shareOutside50Bps"
  | "shareOutside100Bps"
  | "worstDeviationBps"
  | "excursionsBeyond100Bps"
>;

export interface LiquidityInput {
  depth2pctUsd: number | null;
  marketCapUsd: number | null;
  /** Best exit cost at $1M where measured (replaces the model: ./liquidity-basis). */
  exitCostAt1m?: MeasuredExitCost | null;
}

export interface RiskScoreInputs {
  transparency: TransparencyInput | null;
  liquidity: LiquidityInput | null;
  /** 30d window. */
  pegStability: PegStabilityInput | null;
}

const clamp100 = (x: number): number => Math.min(100, Math.max(0, x));
const round1 = (x: number): number => Math.round(x * 10) / 10;
const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

export function transparencyScore(t: TransparencyInput): number {
  if (t.reserveReporting === "none") return 0;
  return (
    TRANSPARENCY_BLEND.reporting * REPORTING_SCORES[t.reserveReporting] +
    TRANSPARENCY_BLEND.cadence * CADENCE_SCORES[t.attestationCadence]
  );
}

/** Depth ÷ market cap; null when depth is missing/negative or the market cap is not positive. */
export function depthToMarketCap(l: LiquidityInput): number | null {
  const { depth2pctUsd: d, marketCapUsd: m } = l;
  if (d === null || m === null || !Number.isFinite(d) || !Number.isFinite(m) || d < 0 || m <= 0) {
    return null;
  }
  return d / m;
}

export function liquidityScore(ratio: number): number {
  if (!(ratio > RATIO_FLOOR)) return 0;
  const span = Math.log10(RATIO_CEIL) - Math.log10(RATIO_FLOOR);
  return clamp100((100 * (Math.log10(ratio) - Math.log10(RATIO_FLOOR))) / span);
}

/** Penalty points of the peg-stability component (see module doc). */
export function pegStabilityPenalties(p: PegStabilityInput): {
  sharePoints: number;
  worstPoints: number;
  excursionPoints: number;
} {
  const share = (x: number | null): number => Math.min(1, Math.max(0, x ?? 0));
  const sharePoints =
    PEG_SHARE_PENALTY_POINTS.outside10Bps * share(p.shareOutside10Bps) +
    PEG_SHARE_PENALTY_POINTS.outside50Bps * share(p.shareOutside50Bps) +
    PEG_SHARE_PENALTY_POINTS.outside100Bps * share(p.shareOutside100Bps);
  const worstBps = Math.abs(p.worstDeviationBps ?? 0);
  const worstPoints =
    PEG_WORST_PENALTY_MAX_POINTS * Math.min(1, worstBps / PEG_WORST_FULL_PENALTY_BPS);
  const excursionPoints = Math.min(
    PEG_EXCURSION_PENALTY_MAX_POINTS,
    PEG_EXCURSION_PENALTY_POINTS * Math.max(0, p.excursionsBeyond100Bps),
  );
  return { sharePoints, worstPoints, excursionPoints };
}

/** Peg-stability component; null without any price point in the window. */
export function pegStabilityScore(p: PegStabilityInput): number | null {
  if (p.points <= 0 || p.worstDeviationBps === null) return null;
  const { sharePoints, worstPoints, excursionPoints } = pegStabilityPenalties(p);
  return clamp100(100 - sharePoints - worstPoints - excursionPoints);
}

const UNKNOWN_NOTE = " Unknown input: scored 0, the weakest known value, and listed in missing.";
const METHODS: Record<RiskComponentName, string> = {
  transparency:
    "0.6 × reserve reporting (on-chain 100, attestation 70, audit 50, none 0) + 0.4 × report cadence (real-time 100, daily 90, weekly 75, monthly 60, quarterly 40, none 0); 0 without reserve reporting." +
    UNKNOWN_NOTE,
  liquidity:
    "±2 % depth ÷ market cap on a log scale: 0 at 1e-5 or below, 100 at 1e-1 or above, linear in log10 between." +
    UNKNOWN_NOTE,
  pegStability:
    "100 − (20 × share outside ±10 bps + 30 × share outside ±50 bps + 50 × share outside ±100 bps) − 30 × min(1, |worst deviation| ÷ 500 bps) − min(25, 5 × excursions beyond ±100 bps), over 30 days, clamped to 0–100." +
    UNKNOWN_NOTE,
};

function evaluate(
  name: RiskComponentName,
  i: RiskScoreInputs,
): Omit<RiskComponent, "effectiveWeight" | "scoredValue"> {
  const base = { name, weight: RISK_WEIGHTS[name], method: METHODS[name] };
  if (name === "transparency") {
    const t = i.transparency;
    if (t === null) return { ...base, value: null, inputs: {} };
    return {
      ...base,
      value: round1(transparencyScore(t)),
      inputs: {
        reserve_reporting: t.reserveReporting,
        attestation_cadence: t.attestationCadence,
        reporting_score: REPORTING_SCORES[t.reserveReporting],
        cadence_score: CADENCE_SCORES[t.attestationCadence],
      },
    };
  }
  if (name === "liquidity") {
    const l = i.liquidity;
    const ratio = l === null ? null : depthToMarketCap(l);
    const inputs: Record<string, InputValue> =
      l === null
        ? {}
        : {
            depth_2pct_usd: l.depth2pctUsd,
            market_cap_usd: l.marketCapUsd,
            depth_to_market_cap: ratio,
          };
    const model = { ...base, value: ratio === null ? null : round1(liquidityScore(ratio)), inputs };
    return withMeasuredExitCost(model, l?.exitCostAt1m);
  }
  const p = i.pegStability;
  const value = p === null ? null : pegStabilityScore(p);
  if (p === null || value === null) return { ...base, value: null, inputs: {} };
  const penalties = pegStabilityPenalties(p);
  return {
    ...base,
    value: round1(value),
    inputs: {
      window: "30d",
      points: p.points,
      share_outside_10_bps: p.shareOutside10Bps,
      share_outside_50_bps: p.shareOutside50Bps,
      share_outside_100_bps: p.shareOutside100Bps,
      worst_deviation_bps: p.worstDeviationBps,
      excursions_beyond_100_bps: p.excursionsBeyond100Bps,
      share_penalty_points: penalties.sharePoints,
      worst_penalty_points: penalties.worstPoints,
      excursion_penalty_points: penalties.excursionPoints,
    },
  };
}

/** Weighted risk score; unknown components scored at the floor (see module doc). */
export function riskScore(inputs: RiskScoreInputs): RiskScore {
  const names = Object.keys(RISK_WEIGHTS) as RiskComponentName[];
  const components = names.map((n) => {
    const c = evaluate(n, inputs);
    return { ...c, scoredValue: c.value ?? UNKNOWN_COMPONENT_SCORE, effectiveWeight: c.weight };
  });
  const measured = components.filter((c) => c.value !== null);
  const coverage = round6(measured.reduce((a, c) => a + c.weight, 0));
  const missing = components.filter((c) => c.value === null).map((c) => c.name);
  const score =
    measured.length > 0
      ? round1(clamp100(components.reduce((a, c) => a + c.weight * c.scoredValue, 0)))
      : null;
  return { score, coverage, components, missing, disclaimer: RISK_SCORE_DISCLAIMER };
}
