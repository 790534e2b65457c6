import { SPEC_TTL_SECONDS } from "@/lib/config";
import {
  HHI_HIGHLY_CONCENTRATED_MIN,
  HHI_MAX,
  HHI_UNCONCENTRATED_MAX,
} from "@/lib/domain/concentration";
import { MOMENTUM_MATCH_TOLERANCE_MS, MOMENTUM_WINDOW_MS } from "@/lib/domain/momentum";
import { SHARE_SUM_TOLERANCE } from "@/lib/domain/supply";
import { VELOCITY_ACTIVE_MIN, VELOCITY_PARKED_MAX } from "@/lib/domain/velocity";
import { RAIL_MIN_CIRCULATING_USD, YIELD_BEARING_NOTE } from "@/lib/supply/panel";
import { millis, num, seconds } from "./fmtConst";
import { Formula, MethodSection, MiniTable, Name } from "./MethodSection";

/** Supply panel and rail, concentration, velocity and momentum. */
export function SupplySections() {
  return (
    <>
      <MethodSection id="supply">
        <p>
          The supply panel lists every USD-pegged stablecoin of the aggregate with a positive
          supply, ranked by circulating supply in USD, served from a{" "}
          {seconds(SPEC_TTL_SECONDS.supplyPanel)} cache. Coins the aggregate marks dead (
          <Name>deadFrom</Name>, <Name>delisted</Name> or <Name>deprecated</Name>) are left out of
          the list, the total and the rail; they can be shown, marked dead, with a filter (
          <Name>include_dead=true</Name>), and never count in the total or the rail.
        </p>
        <Formula>{`change_usd = current − previous        (previous = circulating 7 or 30 days ago)
change_pct = change_usd ÷ previous × 100   (null when previous is missing or ≤ 0)`}</Formula>
        <p>
          This is net supply change, not mint/redeem transaction flow. The 7-day figure uses the
          aggregate&apos;s <Name>circulatingPrevWeek</Name>.
        </p>
        <p>
          <strong>Market total</strong> (the home page&apos;s headline): the sum over the live
          coins, and its 7- and 30-day change against the sum of their earlier records; a coin
          without one (new in the window) counts as growth, as on the chain pages.
        </p>
        <p>
          <strong>Market rail</strong>: one chip shows the largest stablecoin and its share of the
          listed total (dominance); the other shows the largest absolute 7-day percentage change
          from <Name>circulatingPrevWeek</Name>, among assets above {num(RAIL_MIN_CIRCULATING_USD)}{" "}
          USD both now and a week earlier, so a small coin&apos;s noisy percentage cannot win (a
          coin grown from 0.36 M to 99 M USD is +27,000 %, from a base too small to mean much).
        </p>
        <p>
          <strong>Yield-bearing tokens</strong>: {YIELD_BEARING_NOTE}
        </p>
        <p>
          <strong>Supply distribution</strong> (per asset): chain → fraction of supply from the
          scheduled on-chain snapshot when it covers the asset, otherwise from the aggregate&apos;s
          per-chain circulating figures (with a warning). Shares add up to 1 within{" "}
          {num(SHARE_SUM_TOLERANCE)}.
        </p>
      </MethodSection>

      <MethodSection id="concentration">
        <Formula>{`issuer share = Σ circulating of the issuer's assets ÷ Σ circulating of all listed USD stablecoins
HHI          = Σ_i (100 × s_i)²,  s_i = x_i ÷ Σ x      (0–${num(HHI_MAX)})`}</Formula>
        <p>
          One participant gives {num(HHI_MAX)}; n equal participants give {num(HHI_MAX)} ÷ n. The
          HHI is computed over issuers (the whole market) and over chains (one asset&apos;s supply
          distribution, the <em>chain HHI</em>). A coin whose issuer the data overlay does not name
          has an unknown issuer: it is counted apart from the known issuers (
          <Name>concentration.coverage</Name>), and stands under its own name in the treemap and the
          HHI, so the HHI is a lower bound of the issuer concentration.
        </p>
        <MiniTable
          caption="HHI bands (U.S. DOJ/FTC Horizontal Merger Guidelines, 2010)"
          head={["Band", "HHI"]}
          rows={[
            ["unconcentrated", `< ${num(HHI_UNCONCENTRATED_MAX)}`],
            [
              "moderately concentrated",
              `${num(HHI_UNCONCENTRATED_MAX)}–${num(HHI_HIGHLY_CONCENTRATED_MIN)}`,
            ],
            ["highly concentrated", `> ${num(HHI_HIGHLY_CONCENTRATED_MIN)}`],
          ]}
        />
        <p>
          <strong>Issuer exposure</strong> (scheduled on-chain snapshot): the share of an
          asset&apos;s supply held by its own minting and redemption entities (treasuries, PSMs),
          identified by public, source-backed labels only:
        </p>
        <Formula>{`exposure share = Σ balance of labelled issuer entities ÷ Σ total supply over the chains covered`}</Formula>
      </MethodSection>

      <MethodSection id="velocity">
        <Formula>{`velocity = volume_24h_usd ÷ market_cap_usd      (per day)`}</Formula>
        <MiniTable
          caption="Velocity labels (bounds inclusive in the middle band)"
          head={["Label", "Velocity"]}
          rows={[
            ["parked — capital mostly sits idle", `< ${VELOCITY_PARKED_MAX}`],
            ["moderate", `${VELOCITY_PARKED_MAX}–${VELOCITY_ACTIVE_MIN}`],
            ["active — capital trades often", `> ${VELOCITY_ACTIVE_MIN}`],
            ["unknown", "volume missing or negative, or market cap missing or ≤ 0"],
          ]}
        />
      </MethodSection>

      <MethodSection id="momentum">
        <p>
          Change in circulating supply over{" "}
          {Object.entries(MOMENTUM_WINDOW_MS)
            .map(([w, ms]) => `${w} (${millis(ms)})`)
            .join(" and ")}
          :
        </p>
        <Formula>{`change_usd = current − previous;   change_pct = change_usd ÷ previous × 100`}</Formula>
        <p>
          The previous values are the aggregate&apos;s previous-day and previous-week circulating
          figures. From a supply history, the baseline is the point nearest to the window start
          within ±{millis(MOMENTUM_MATCH_TOLERANCE_MS)}. Net supply change only — never mint/redeem
          transaction flow.
        </p>
      </MethodSection>
    </>
  );
}
