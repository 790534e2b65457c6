import {
  CHAIN_AGGREGATE_CALM_BPS,
  CHAIN_LOCAL_DEPEG_BPS,
  CHAIN_PEG_MIN_POOL_TVL_USD,
} from "@/lib/domain/chain-peg";
import { CHAIN_SUM_TOLERANCE, CHAIN_TOP_COINS } from "@/lib/domain/chain-supply";
import { CHAIN_DETAIL_MAX_COINS } from "@/lib/chains";
import { num } from "./fmtConst";
import { Formula, MethodSection, Name } from "./MethodSection";

/** Chains: per-chain supply, native vs bridged, chain-local peg (issue 28). */
export function ChainsSection() {
  return (
    <MethodSection id="chains">
      <p>
        Every chain the aggregate lists, EVM or not, under one canonical lowercase name (aliases
        such as <Name>BSC</Name> → <Name>bnb</Name>, <Name>OP Mainnet</Name> → <Name>optimism</Name>
        ). A chain&apos;s total is the aggregate&apos;s USD-pegged figure from{" "}
        <Name>/stablecoinchains</Name>; its coins come from each coin&apos;s{" "}
        <Name>chainCirculating</Name> and add up to the total within{" "}
        {num(CHAIN_SUM_TOLERANCE * 100)} %. The ranking lists the {CHAIN_TOP_COINS} largest coins
        per chain with their dominance (share of the chain&apos;s coins).
      </p>
      <Formula>{`change_pct = (Σ current − Σ previous) ÷ Σ previous × 100   (coins with a record 1, 7 or 30 days earlier; null when none has one)`}</Formula>
      <p>
        <strong>Native vs bridged</strong>: from the coin&apos;s latest per-chain balance (
        <Name>/stablecoin/&#123;id&#125;</Name>), the bridged-in share{" "}
        <Name>bridgedTo ÷ circulating</Name> (clamped to 0–1) applied to its USD supply on the
        chain; the bridges the aggregate names are listed. Read for the {CHAIN_DETAIL_MAX_COINS}{" "}
        largest coins of a chain; the rest show &quot;not measured&quot;.
      </p>
      <Formula>{`chain_local_price = Σ (pool price × pool TVL) ÷ Σ pool TVL   (the coin's pools on the chain with TVL ≥ ${num(CHAIN_PEG_MIN_POOL_TVL_USD)} USD)
deviation_bps = (chain_local_price − 1.00) × 10 000`}</Formula>
      <p>
        <strong>chain_local_depeg</strong>: a chain where |deviation| exceeds{" "}
        {CHAIN_LOCAL_DEPEG_BPS} bps while the coin&apos;s aggregate price (the market price when the
        aggregate has none) is within {CHAIN_AGGREGATE_CALM_BPS} bps of 1.00 USD: a local
        dislocation the headline price hides. The pool count and TVL used are shown beside every
        figure; chains where the service reads no pools have no chain-local peg.
      </p>
    </MethodSection>
  );
}
