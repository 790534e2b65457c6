import {
  DEFAULT_EXIT_SIZES_USD,
  EXIT_COST_FRESH_SECONDS,
  MAX_EXIT_SIZE_USD,
  MAX_EXIT_SIZES,
  MIN_EXIT_SIZE_USD,
  PEG_HOLD_THRESHOLD_BPS,
  RISK_EXIT_SIZE_USD,
} from "@/lib/domain/exit-cost-constants";
import { SPLIT_STEPS } from "@/lib/domain/exit-ladder";
import { DEX_MIN_CHAIN_POOLS_USD } from "@/lib/assets/exit-venues";
import { EXIT_SCORE_FULL_BPS, EXIT_SCORE_ZERO_BPS } from "@/lib/domain/liquidity-basis";
import { num } from "./fmtConst";
import { Formula, MethodSection } from "./MethodSection";
import { overlayChainsText, sourceNames } from "./sourceRows";

/** Measured, executable exit cost: order-book walks and DEX quotes over a ladder of sizes. */
export function ExitCostSection() {
  return (
    <MethodSection id="exit-cost">
      <p>
        What selling N USD of the coin now costs, in bps below $1.00. Default ladder{" "}
        {DEFAULT_EXIT_SIZES_USD.map(num).join(", ")} USD; up to {MAX_EXIT_SIZES} sizes from{" "}
        {num(MIN_EXIT_SIZE_USD)} to {num(MAX_EXIT_SIZE_USD)} USD.
      </p>
      <p>
        <strong>CEX order books</strong> ({sourceNames("order-book")}; the coin&apos;s USD and USDT
        markets listed by the market provider): a market sell of N ÷ price coins walks the bids
        level by level. USDT-quoted prices are converted at the USDT price of the moment. When the
        book runs out the rest is the unfilled part and the size is not fillable there (no cost
        number). Empty or crossed books are not measured.
      </p>
      <Formula>{`cost_bps = (1 − Σ fill_qty × bid_price × quote_usd ÷ Σ fill_qty) × 10,000`}</Formula>
      <p>
        <strong>DEX quotes</strong> ({sourceNames("dex-quote")} aggregator) on each chain of{" "}
        {overlayChainsText()} where the coin has at least {num(DEX_MIN_CHAIN_POOLS_USD)} USD of
        pools, selling into the chain&apos;s deepest USD stablecoin. The cost uses the raw amounts
        scaled by token decimals, the output valued at $1.00 (not the aggregator&apos;s USD fields);
        gas is shown beside it. &quot;Route not found&quot; means not fillable.
      </p>
      <Formula>{`cost_bps = (1 − (amountOut ÷ 10^decimals_out) ÷ (amountIn ÷ 10^decimals_in)) × 10,000`}</Formula>
      <p>
        Books and quotes are fresh {num(EXIT_COST_FRESH_SECONDS / 60)} minutes; an older copy is
        marked stale. <strong>Best</strong>: the cheapest fillable venue. <strong>Split</strong> (an
        estimate): the size cut into {SPLIT_STEPS} slices, each sold where it adds the least loss;
        DEX costs interpolated between measured sizes; gas and transfers ignored.{" "}
        <strong>Holds its peg</strong> up to the largest ladder size at which the best exit is
        within {PEG_HOLD_THRESHOLD_BPS} bps of $1.00 at every size up to it.
      </p>
      <p>
        The risk score&apos;s liquidity component uses the best exit at {num(RISK_EXIT_SIZE_USD)}{" "}
        USD where measured (100 at ≤ {EXIT_SCORE_FULL_BPS} bps, 0 at ≥ {EXIT_SCORE_ZERO_BPS} bps or
        not fillable, linear between) and the depth model otherwise; `inputs.liquidity_basis` says
        which.
      </p>
    </MethodSection>
  );
}
