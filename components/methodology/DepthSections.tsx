import { MAX_SWAP_SIZE_USD } from "@/lib/api/params";
import {
  AMPLIFICATION,
  DEPTH_BAND,
  MAX_POOL_PRICE_DEVIATION,
  MAX_POOL_SHARE_OF_MARKET_CAP,
  MAX_POOL_TVL_USD,
} from "@/lib/domain/depth";
import { MAX_FINDER_RESULTS } from "@/lib/pools";
import { ExitCostSection } from "./ExitCostSection";
import { num } from "./fmtConst";
import { Formula, MethodSection, MiniTable, Name } from "./MethodSection";
import { poolChainsText } from "./sourceRows";

const pct = (x: number) => `${num(x * 100)}%`;
const up = 1 + DEPTH_BAND;
const down = 1 - DEPTH_BAND;
const factor = Math.sqrt(up) - Math.sqrt(down);

/** Liquidity depth (CEX + modelled DEX), the pool map, and the deep-liquidity finder. */
export function DepthSections() {
  return (
    <>
      <MethodSection id="depth">
        <p>
          Liquidity depth is the USD needed to move the price by ±{pct(DEPTH_BAND)}, for
          stable↔stable and stable↔volatile pairs together and split.
        </p>
        <p>
          <strong>CEX</strong>: the market provider&apos;s order-book depth per ticker — the USD to
          move the price +{pct(DEPTH_BAND)} plus the USD to move it −{pct(DEPTH_BAND)} — summed over
          the asset&apos;s tickers that are neither stale nor anomalous and report depth.
        </p>
        <p>
          <strong>DEX</strong>: the DEX aggregator reports only a pool&apos;s TVL, so each of the
          coin&apos;s pools (on {poolChainsText()}) is modelled as a constant-product pool on
          virtual reserves <Name>V = k × TVL ÷ 2</Name> per side, with the amplification{" "}
          <Name>k</Name> of its type:
        </p>
        <MiniTable
          caption="Amplification k per pool model"
          head={["Pool model", "Pair type", "k"]}
          rows={[
            [
              "Constant product (Uniswap v2 style, unlabelled pools)",
              "any",
              num(AMPLIFICATION.constantProduct),
            ],
            [
              "Concentrated liquidity (v3/v4 style)",
              "stable↔stable",
              num(AMPLIFICATION.concentratedStable),
            ],
            [
              "Concentrated liquidity (v3/v4 style)",
              "stable↔volatile",
              num(AMPLIFICATION.concentratedVolatile),
            ],
            ["Stableswap (Curve style)", "any", num(AMPLIFICATION.stableswap)],
          ]}
        />
        <p>Moving the price by a factor r on x·y = V² takes V × (√r − 1) USD, so:</p>
        <Formula>{`depth(±${pct(DEPTH_BAND)}) = V × (√${up} − √${down})
              = V × ${factor.toFixed(6)}  ≈ ${num(DEPTH_BAND)} × V
              = k × TVL × ${pct(DEPTH_BAND / 2)}      (never more than the pool's real TVL)`}</Formula>
        <p>
          <strong>Caps</strong>: a pool&apos;s TVL counts at most{" "}
          {pct(MAX_POOL_SHARE_OF_MARKET_CAP)} of the asset&apos;s market cap and at most{" "}
          {num(MAX_POOL_TVL_USD)} USD (the table marks such pools <em>capped</em>). Pools whose
          implied asset price is more than {pct(MAX_POOL_PRICE_DEVIATION)} from 1.00 USD are
          excluded as broken or manipulated, and pools without liquidity are excluded.
        </p>
        <p>
          <strong>Pair type</strong>: stable↔stable when the counter token is a known USD
          stablecoin, otherwise stable↔volatile. <strong>Pool map</strong>: the counted pools
          grouped by DEX venue × chain; the chain, venue and pair-type filters run in the browser on
          the rows already shown, with no request.
        </p>
      </MethodSection>

      <MethodSection id="finder">
        <p>
          For a swap of S USD, every counted pool gets an estimated execution slippage on its
          virtual reserves:
        </p>
        <Formula>{`impact_bps = S ÷ (V + S) × 10,000        V = k × effective TVL ÷ 2
not fillable            when S ≥ effective TVL ÷ 2 (the real reserve on one side)`}</Formula>
        <p>
          Pools are ranked by estimated impact, fillable first; the top {MAX_FINDER_RESULTS} are
          shown. Swap sizes from 0 to {num(MAX_SWAP_SIZE_USD)} USD are accepted. Estimates come from
          pool TVL and the model above, not from executable quotes; they are informational only.
        </p>
      </MethodSection>
      <ExitCostSection />
    </>
  );
}
