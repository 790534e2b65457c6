import { chainLabel, formatInt, formatPct, formatUsd, formatUtc } from "@/components/format";
import { concentrationLabel, HHI_MAX } from "@/lib/domain/concentration";
import { Missing } from "./Missing";
import { Panel, Row } from "./Panel";
import { pickSources, Provenance, type SourceRef } from "./Provenance";
import { formatShare } from "./fmt";
import type { RiskBody } from "./types";

type Conc = RiskBody["issuer_concentration"];
const BAND_LABEL = {
  unconcentrated: "unconcentrated",
  moderate: "moderately concentrated",
  high: "highly concentrated",
  unknown: "unknown",
};
const tokens = (n: number, symbol: string) => `${formatUsd(n).replace("$", "")} ${symbol}`;
const chainList = (chains: readonly string[]) => chains.map(chainLabel).join(", ");

/** Which supply the distribution (and the HHI over it) counts: provider, chains, as of when. */
function universeText(c: Conc): string {
  const u = c.supply_distribution_universe;
  if (!u) return "unavailable";
  const when = `as of ${formatUtc(u.as_of)}`;
  return u.provider === "Dune"
    ? `Dune on-chain snapshot (scheduled), ${when}: only the ${u.chains.length} chains it reads (${chainList(u.chains)}); supply elsewhere is not counted, so these shares differ from "Supply by chain: native vs bridged" (DefiLlama, every chain)`
    : `DefiLlama aggregate, ${when}: every chain it lists for this coin (the on-chain snapshot does not cover it)`;
}

function Distribution({ shares }: { shares: Conc["supply_distribution"] }) {
  const rows = Object.entries(shares).sort((a, b) => b[1] - a[1]);
  if (rows.length === 0) return <Missing reason="No supply distribution is available." />;
  return (
    <ul className="space-y-1" aria-label="Supply distribution">
      {rows.map(([chain, share]) => (
        <li key={chain} className="grid grid-cols-[6.5rem_1fr_3.75rem] items-center gap-2 text-xs">
          <span className="truncate">{chainLabel(chain)}</span>
          <span aria-hidden="true" className="h-2 rounded bg-slate-100 dark:bg-slate-800">
            <span
              className="block h-2 rounded bg-sky-500"
              style={{ width: `${Math.max(share * 100, 0.5)}%` }}
            />
          </span>
          <span className="tabular text-right">{formatShare(share, 1)}</span>
        </li>
      ))}
    </ul>
  );
}

function Exposure({ c, asset, source }: { c: Conc; asset: string; source: SourceRef }) {
  const e = c.exposure;
  const entities = e
    ? [...new Map(e.entities.map((x) => [`${x.label}|${x.label_source}`, x])).values()].map(
        (x) => ({
          ...x,
          chains: e.entities
            .filter((y) => y.label === x.label && y.label_source === x.label_source)
            .map((y) => chainLabel(y.chain)),
        }),
      )
    : [];
  return (
    <div className="space-y-2 border-t border-slate-200 pt-3 dark:border-slate-800">
      <h3 className="text-sm font-semibold">Issuer exposure</h3>
      <Provenance sources={[source]} />
      <dl>
        <Row
          label="Supply held by issuer entities"
          hint="minting / redemption wallets, public labels only"
        >
          {e?.share_of_supply == null ? (
            <Missing reason="Dune (on-chain-scheduled): the issuer exposure snapshot is unavailable for this asset." />
          ) : (
            <span data-testid="issuer-exposure-share">{formatShare(e.share_of_supply)}</span>
          )}
        </Row>
        {e ? (
          <Row
            label="Held / total supply"
            hint={`Dune snapshot, on the ${e.chains.length} ${e.chains.length === 1 ? "chain" : "chains"} with a labelled issuer entity (${chainList(e.chains)}), not the circulating supply on every chain`}
          >
            <span className="whitespace-nowrap">
              {tokens(e.held_by_issuer_entities_tokens, asset)} of{" "}
              {tokens(e.total_supply_tokens, asset)}
            </span>
          </Row>
        ) : null}
      </dl>
      {entities.length > 0 ? (
        <ul
          className="space-y-1 text-xs text-slate-600 dark:text-slate-300"
          aria-label="Labelled issuer entities"
        >
          {entities.map((x) => (
            <li key={`${x.label}|${x.label_source}`}>
              <span className="font-medium text-slate-800 dark:text-slate-100">{x.label}</span> on{" "}
              {x.chains.join(", ")}{" "}
              <span className="text-slate-500 dark:text-slate-400">(label: {x.label_source})</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Issuer share of the USD market, chain HHI with the supply distribution, and issuer exposure. */
export function ConcentrationPanel({ risk }: { risk: RiskBody }) {
  const c = risk.issuer_concentration;
  const src = risk.metadata.sources;
  const distSource: SourceRef[] =
    c.supply_distribution_source === "on-chain-scheduled"
      ? pickSources(src, [
          { name: "Dune", type: "on-chain-scheduled", role: "supply distribution" },
        ])
      : [];
  const [exposureSource] = pickSources(src, [
    { name: "Dune", type: "on-chain-scheduled", role: "issuer exposure" },
  ]);
  const band = concentrationLabel(c.chain_hhi);
  return (
    <Panel
      id="concentration"
      title="Issuer concentration"
      method="concentration"
      sources={[...pickSources(src, [{ name: "DefiLlama", type: "aggregate" }]), ...distSource]}
    >
      <dl>
        <Row label={`${c.issuer ?? "Issuer"} share of the USD stablecoin market`}>
          {c.issuer_share_of_usd_market_pct === null ? (
            <Missing reason="DefiLlama (aggregate): market totals are unavailable, or no issuer is registered." />
          ) : (
            formatPct(c.issuer_share_of_usd_market_pct, { digits: 1, signed: false })
          )}
        </Row>
        <Row
          label="Chain HHI"
          hint={`0–${formatInt(HHI_MAX)}; ${BAND_LABEL[band]}; over the supply distribution below`}
        >
          {c.chain_hhi === null ? (
            <Missing reason="No supply distribution is available." />
          ) : (
            `${formatInt(c.chain_hhi)} HHI`
          )}
        </Row>
      </dl>
      <div className="space-y-1.5">
        <p
          className="text-xs text-slate-500 dark:text-slate-400"
          data-testid="distribution-universe"
        >
          Supply distribution · {universeText(c)}
        </p>
        <Distribution shares={c.supply_distribution} />
      </div>
      <Exposure c={c} asset={risk.asset} source={exposureSource!} />
    </Panel>
  );
}
