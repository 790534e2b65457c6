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
} from "@/lib/domain/risk-score";
import { num } from "./fmtConst";
import { Formula, MethodSection, MiniTable } from "./MethodSection";

const entries = (r: Readonly<Record<string, number>>) =>
  Object.entries(r).map(([k, v]) => [k, num(v)]);
const sum = (r: Readonly<Record<string, number>>) => Object.values(r).reduce((a, b) => a + b, 0);
const shareTerms = Object.entries(PEG_SHARE_PENALTY_POINTS)
  .map(([k, v]) => `${v} × ${k}`)
  .join(" + ");

/** The risk score (components, blends, weights, renormalisation) and the confidence score. */
export function RiskSections() {
  return (
    <>
      <MethodSection id="risk-score">
        <p>
          A 0–100 score where <strong>higher means lower observed risk</strong>, from
          collateralization transparency, liquidity depth and historical peg stability:
        </p>
        <Formula>{`score = Σ_c w'_c × value_c,    w'_c = w_c ÷ Σ_{present components} w
weights: ${Object.entries(RISK_WEIGHTS)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}   (sum ${num(sum(RISK_WEIGHTS))})`}</Formula>
        <p>
          A component whose input is missing is excluded and the remaining weights are renormalised
          (the <em>effective weight</em>); with every component missing the score is null. Scores
          are rounded to 0.1.
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
