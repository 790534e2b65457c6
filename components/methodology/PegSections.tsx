import {
  PEG_BADGE_EPSILON_USD,
  PEG_BADGE_MAX_USD,
  PEG_BADGE_MIN_USD,
  PRICE_AGREEMENT_BADGE_BPS,
} from "@/lib/domain/badge";
import {
  DEVIATION_EPSILON_BPS,
  EXCURSION_THRESHOLD_BPS,
  GAP_FACTOR,
  MINOR_DEPEG_MAX_BPS,
  MODERATE_DEPEG_MAX_BPS,
  ON_PEG_MAX_BPS,
  WINDOW_MS,
} from "@/lib/domain/depeg";
import { BPS_PER_UNIT, PEG_TARGET_USD } from "@/lib/domain/peg";
import { millis, num } from "./fmtConst";
import { Formula, MethodSection, MiniTable, Name } from "./MethodSection";

/** Peg deviation, de-peg statistics and the peg verification badge. */
export function PegSections() {
  return (
    <>
      <MethodSection id="peg">
        <p>Deviation from the {PEG_TARGET_USD.toFixed(2)} USD peg, in basis points:</p>
        <Formula>{`peg_deviation_bps = (price − ${PEG_TARGET_USD}) × ${num(BPS_PER_UNIT)}`}</Formula>
        <MiniTable
          caption="Peg status of one price"
          head={["Status", "|deviation|"]}
          rows={[
            ["on-peg", `≤ ${ON_PEG_MAX_BPS} bps`],
            ["minor", `> ${ON_PEG_MAX_BPS} and ≤ ${MINOR_DEPEG_MAX_BPS} bps`],
            ["moderate", `> ${MINOR_DEPEG_MAX_BPS} and ≤ ${MODERATE_DEPEG_MAX_BPS} bps`],
            ["severe", `> ${MODERATE_DEPEG_MAX_BPS} bps`],
            ["unknown", "no price"],
          ]}
        />
        <p>
          A price is a finite number above zero. A zero, negative or non-finite value from a
          provider is no price: a current price becomes unknown, and such points are dropped from a
          price series and counted in a warning — never read as a −{num(BPS_PER_UNIT)} bps de-peg.
        </p>
        <p>
          Comparisons allow {num(DEVIATION_EPSILON_BPS)} bps of floating-point slack, so{" "}
          {PEG_BADGE_MAX_USD} USD is exactly {ON_PEG_MAX_BPS} bps.
        </p>
      </MethodSection>

      <MethodSection id="depeg">
        <p>
          Windows:{" "}
          {Object.entries(WINDOW_MS)
            .map(([w, ms]) => `${w} (${millis(ms)})`)
            .join(", ")}
          , trailing from now. Built from market-provider price history — 5-minute points for 24h,
          hourly points for 7d and 30d — and DEX aggregator data, never from scheduled on-chain
          queries. The same statistics feed the sparklines.
        </p>
        <Formula>{`each point stands for the interval until the next point (the last one: until now)
median interval = median of positive intervals between points in the window
gap             = an interval longer than ${GAP_FACTOR} × median interval
share outside ±X bps = time with |deviation| > X ÷ covered time     (X = ${ON_PEG_MAX_BPS}, ${MINOR_DEPEG_MAX_BPS}, ${MODERATE_DEPEG_MAX_BPS})
coverage        = covered time ÷ window length`}</Formula>
        <p>
          <strong>Gaps</strong>: a point followed by a gap counts for one median interval only; the
          rest of the gap is counted neither on nor off peg and is reported as <Name>gap_ms</Name>.
          Time before the first point is uncovered too. With fewer than two distinct timestamps
          every point counts equally.
        </p>
        <p>
          <strong>Excursions</strong>: a run of consecutive points beyond ±{EXCURSION_THRESHOLD_BPS}{" "}
          bps is one excursion; a gap ends a run. <strong>Worst deviation</strong>: the largest
          |deviation| in the window, sign kept (earliest on ties), with its time.{" "}
          <strong>Status</strong>: from the latest point in the window.
        </p>
      </MethodSection>

      <MethodSection id="badge">
        <p>
          The peg verification badge signals a stablecoin trading within a strict tolerance of{" "}
          <strong>
            {PEG_BADGE_MIN_USD}–{PEG_BADGE_MAX_USD} USD
          </strong>
          . It is on only while both hold:
        </p>
        <ol className="list-inside list-decimal space-y-1">
          <li>
            the market price is within {PEG_BADGE_MIN_USD} ≤ price ≤ {PEG_BADGE_MAX_USD} USD, bounds
            inclusive (with {num(PEG_BADGE_EPSILON_USD)} USD of floating-point slack);
          </li>
          <li>
            the independent prices that are present — market provider, aggregate, DEX-implied (mean
            pool price weighted by effective TVL) — agree within {PRICE_AGREEMENT_BADGE_BPS} bps:
            max |price_i − price_j| × {num(BPS_PER_UNIT)} ≤ {PRICE_AGREEMENT_BADGE_BPS}.
          </li>
        </ol>
        <p>
          The market price is required. The badge is a point-in-time observation, not a guarantee of
          future peg stability. Yield-bearing (NAV) tokens drift above 1.00 USD by design and are
          flagged as such rather than as a depeg.
        </p>
        <p>
          The embeddable SVG badge checks fresh prices only: when the market price is an old copy
          (its refresh failed, the call budget is spent or a refresh is still under way) it says
          “stale” with the time that price is from, never “within peg”, and a stale aggregate price
          is left out of the agreement check.
        </p>
      </MethodSection>
    </>
  );
}
