import Link from "next/link";
import { backingLabel, formatBps, formatUsd, formatUsdFull } from "@/components/format";
import { Missing } from "./Missing";
import { PegVerified } from "./PegVerified";
import { pickSources, Provenance } from "./Provenance";
import { formatPrice, formatShare } from "./fmt";
import type { RiskBody } from "./types";

const NO_PRICE = "No source has a current price for this coin (not measured).";
const NO_MARKET_CAP = "No source has a market cap for this coin (not measured).";
const NO_SCORE = "No component of the score has data.";
/** Where the market cap came from: the market provider, else the aggregate's circulating USD. */
const MARKET_CAP_SOURCE: Readonly<
  Record<NonNullable<RiskBody["velocity"]["market_cap_source"]>, string>
> = {
  market: "CoinGecko (market)",
  aggregate: "DefiLlama (aggregate), circulating",
};
const small = "block text-xs font-normal text-slate-500 dark:text-slate-400";
/** Shown beside a price that did not come from the market provider. */
const FALLBACK_LABEL: Readonly<Record<string, string>> = {
  aggregate: "from the DefiLlama aggregate",
  dex: "implied by DEX pools",
};

const STATUS_TONE: Readonly<Record<RiskBody["peg"]["status"], string>> = {
  "on-peg": "text-emerald-700 dark:text-emerald-300",
  minor: "text-amber-700 dark:text-amber-300",
  moderate: "text-orange-700 dark:text-orange-300",
  severe: "text-red-700 dark:text-red-300",
  unknown: "text-slate-500 dark:text-slate-400",
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="tabular text-base font-semibold">{children}</dd>
    </div>
  );
}

/**
 * Symbol and name; then what matters first: live price, deviation, peg status, market cap (with
 * its source) and the risk score; then backing and issuer; the peg badge and the sources.
 */
export function AssetHeader({ risk }: { risk: RiskBody }) {
  const { peg, velocity: mcap, risk_score: score } = risk;
  return (
    <header className="space-y-4">
      <nav aria-label="Breadcrumb" className="text-xs">
        <Link prefetch={false} href="/" className="text-sky-700 underline dark:text-sky-400">
          All stablecoins
        </Link>
      </nav>
      <div className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">
            {risk.asset}{" "}
            <span className="font-normal text-slate-600 dark:text-slate-300">{risk.name}</span>
          </h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Risk console: peg, depth, issuer concentration and supply for one USD stablecoin.
            Point-in-time observations, not advice.
          </p>
        </div>
        <PegVerified badge={peg.badge} />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        <Fact label="Price">
          {peg.price_usd === null ? (
            <Missing reason={NO_PRICE} />
          ) : (
            <span data-testid="asset-price" data-source={peg.price_source ?? ""}>
              {formatPrice(peg.price_usd)}
              {peg.price_source && FALLBACK_LABEL[peg.price_source] ? (
                <span className={small}>{FALLBACK_LABEL[peg.price_source]}</span>
              ) : null}
            </span>
          )}
        </Fact>
        <Fact label="Deviation from 1.00 USD">
          {peg.deviation_bps === null ? (
            <Missing reason={NO_PRICE} />
          ) : (
            <span data-testid="peg-deviation">{formatBps(peg.deviation_bps)}</span>
          )}
        </Fact>
        <Fact label="Peg status (latest 24h point)">
          <span className={STATUS_TONE[peg.status]}>{peg.status}</span>
        </Fact>
        <Fact label="Market cap">
          {mcap.market_cap_usd === null ? (
            <Missing reason={NO_MARKET_CAP} />
          ) : (
            <span
              data-testid="header-market-cap"
              data-source={mcap.market_cap_source ?? ""}
              title={formatUsdFull(mcap.market_cap_usd)}
            >
              {formatUsd(mcap.market_cap_usd)}
              {mcap.market_cap_source ? (
                <span className={small}>{MARKET_CAP_SOURCE[mcap.market_cap_source]}</span>
              ) : null}
            </span>
          )}
        </Fact>
        <Fact label="Risk score">
          {score.score === null ? (
            <Missing reason={NO_SCORE} />
          ) : (
            <a
              href="#risk-score"
              data-testid="header-risk-score"
              title={score.scale}
              className="hover:underline"
            >
              {score.score.toFixed(1)}
              <span className="font-normal text-slate-500 dark:text-slate-400"> / 100</span>
              <span className={small}>{formatShare(score.coverage, 0)} of the weight measured</span>
            </a>
          )}
        </Fact>
        <Fact label="Backing">{backingLabel(risk.backing)}</Fact>
        <Fact label="Issuer">
          {risk.issuer ?? <Missing reason="No issuer is registered for this asset." />}
        </Fact>
      </dl>
      <Provenance
        sources={pickSources(risk.metadata.sources, [
          { name: "CoinGecko", type: "market" },
          { name: "DefiLlama", type: "aggregate" },
          { name: "DexScreener", type: "liquidity" },
        ])}
      />
    </header>
  );
}
