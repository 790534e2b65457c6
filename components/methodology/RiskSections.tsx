import { CONFIDENCE_METHOD } from "@/lib/intel";
import {
  CONFIDENCE_WEIGHTS,
  PRICE_AGREEMENT_ZERO_BPS,
  PRICE_PAIR_WEIGHT,
} from "@/lib/domain/confidence";
import {
  CADENCE_SCORES,
  PEG_EXCURSION_PENALTY_MAX_POINTS,
  PEG_EXCURSION_PENALTY_POINTS,
  PEG_SHARE_PENALTY_POINTS,
  PEG_WORST_FULL_PENALTY_BPS,
  PEG_WORST_PENALTY_MAX_POINTS,
  RATIO_CEIL,
  RATIO_FLOOR,
  REPORTING_SCORES,
  RISK_SCORE_DISCLAIMER,
  RISK_WEIGHTS,
  TRANSPARENCY_BLEND,
  UNKNOWN_COMPONENT_SCORE,
} from "@/lib/domain/risk-score";
import { num } from "./fmtConst";
import { Formula, MethodSection, MiniTable } from "./MethodSection";

const entries = (r: Readonly<Record<string, number>>) =>
  Object.entries(r).map(([k, v]) => [k, num(v)]);
const sum = (r: Readonly<Record<string, number>>) => Object.values(r).reduce((a, b) => a + b, 0);
const shareTerms = Object.entries(PEG_SHARE_PENALTY_POINTS)
  .map(([k, v]) => `${v} × ${k}`)
  .join(" + ");

/** The risk score (components, blends, weights, unknown inputs) and the confidence score. */
export function RiskSections() {
  return (
    <>
      <MethodSection id="risk-score">
        <p>
          A 0–100 score where <strong>higher means lower observed risk</strong>, from
          collateralization transparency, liquidity depth and historical peg stability:
        </p>
        <Formula>{`score = Σ_c w_c × scored_c,    scored_c = value_c if measured, else ${num(UNKNOWN_COMPONENT_SCORE)}
coverage = Σ_{measured components} w_c
weights: ${Object.entries(RISK_WEIGHTS)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}   (sum ${num(sum(RISK_WEIGHTS))})`}</Formula>
        <p>
          <strong>Unknown facts are scored conservatively.</strong> A component whose input is
          unknown (no public reserve facts on file for the coin, depth not measured, no 30-day price
          history) counts as {num(UNKNOWN_COMPONENT_SCORE)} points — the weakest value a known input
          can give (no reserve reporting, no depth, a broken peg) — and keeps its weight; the
          weights are never renormalised. So an unknown never lifts a score above what a known weak
          value gives, and two coins&apos; scores can be compared in the same units. Every unknown
          component is listed in <code>risk_score.missing</code>, for every coin alike, and{" "}
          <code>risk_score.coverage</code> is the share of the weight that was measured (1 =
          everything known). With nothing measured the score is null. Scores are rounded to 0.1.
        </p>
        <p>
          <strong>Transparency</strong> = {TRANSPARENCY_BLEND.reporting} × reporting +{" "}
          {TRANSPARENCY_BLEND.cadence} × cadence, from the issuer&apos;s public reserve pages; 0
          without any reserve reporting.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <MiniTable
            caption="Reserve reporting (points)"
            head={["Method", "Points"]}
            rows={entries(REPORTING_SCORES)}
          />
          <MiniTable
            caption="Report cadence (points)"
            head={["Cadence", "Points"]}
            rows={entries(CADENCE_SCORES)}
          />
        </div>
        <p>
          <strong>Liquidity</strong>: r = ±2% depth ÷ market cap on a log scale:
        </p>
        <Formula>{`liquidity = clamp(100 × (log10 r − log10 ${num(RATIO_FLOOR)}) ÷ (log10 ${num(RATIO_CEIL)} − log10 ${num(RATIO_FLOOR)}), 0, 100)`}</Formula>
        <p>
          <strong>Peg stability</strong> (30-day de-peg statistics), clamped to 0–100:
        </p>
        <Formula>{`peg = 100 − (${shareTerms})
          − ${PEG_WORST_PENALTY_MAX_POINTS} × min(1, |worst deviation| ÷ ${PEG_WORST_FULL_PENALTY_BPS} bps)
          − min(${PEG_EXCURSION_PENALTY_MAX_POINTS}, ${PEG_EXCURSION_PENALTY_POINTS} × excursions beyond ±100 bps)`}</Formula>
        <p>
          Every penalty is non-decreasing in its statistic, so worse statistics never raise the
          score.
        </p>
        <p className="font-medium text-slate-900 dark:text-slate-100">{RISK_SCORE_DISCLAIMER}</p>
      </MethodSection>

      <MethodSection id="confidence">
        <p>
          <code>metadata.confidence_score</code> (0–1) of the stablecoin lookup.{" "}
          {CONFIDENCE_METHOD.replace(/ See \/methodology#confidence\.$/, "")}
        </p>
        <Formula>{`score = Σ_source W_source × available × freshness     (weights sum ${num(sum(CONFIDENCE_WEIGHTS))})
      + Σ_pair   ${PRICE_PAIR_WEIGHT} × agreement(price_i, price_j)   (3 pairs)
freshness = 1 for live sources; clamp(1 − age ÷ (2 × TTL), 0, 1) for the on-chain snapshot
agreement = clamp(1 − |a − b| in bps ÷ ${PRICE_AGREEMENT_ZERO_BPS}, 0, 1)`}</Formula>
        <MiniTable
          caption="Source weights"
          head={["Source", "Weight"]}
          rows={entries(CONFIDENCE_WEIGHTS)}
        />
        <p>
          The price pairs are market provider, aggregate and DEX-implied. Losing a source never
          raises the score, and a wider price gap never raises it.
        </p>
      </MethodSection>
    </>
  );
}
