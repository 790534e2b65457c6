import { formatInt, formatPct, formatUsd } from "@/components/format";
import { AsOf } from "@/components/ui/AsOf";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { WarningsNotice } from "@/components/ui/Notice";
import { Section } from "@/components/ui/Section";
import { SourceBadge } from "@/components/ui/SourceBadge";
import type { IssuersResponse } from "@/lib/issuers/schema";
import { IssuerShareTable } from "./IssuerShareTable";
import { IssuerTreemap } from "./IssuerTreemap";
import { compactTree } from "./treemapData";

type IssuersBody = Omit<IssuersResponse, "holderAnalyticsSupported">;
export type IssuersSectionResult = { ok: true; body: IssuersBody } | { ok: false; warning: string };

const SHARE_DECIMALS = 100;
/** The table shows one decimal of share and rounded dollars: the page sends no more. */
function roundShare<T extends { share_pct: number; circulating_usd: number }>(i: T): T {
  return {
    ...i,
    share_pct: Math.round(i.share_pct * SHARE_DECIMALS) / SHARE_DECIMALS,
    circulating_usd: Math.round(i.circulating_usd),
  };
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="tabular text-base font-semibold">{value}</dd>
      {hint ? <dd className="text-[11px] text-slate-500 dark:text-slate-400">{hint}</dd> : null}
    </div>
  );
}

/** Issuer/chain treemap with the concentration figures and a table alternative. */
export function IssuerSection({
  result,
  hideWarnings = [],
}: {
  result: IssuersSectionResult;
  /** Warnings already shown higher up the page. */
  hideWarnings?: readonly string[];
}) {
  const body = result.ok ? result.body : null;
  const provenance = body ? (
    <>
      {body.metadata.sources.map((s) => (
        <span key={`${s.name}-${s.type}`} className="inline-flex flex-wrap items-center gap-1.5">
          <SourceBadge name={s.name} type={s.type} />
          <AsOf
            iso={s.as_of ?? s.last_updated ?? null}
            label={s.last_updated && !s.as_of ? "last run" : "as of"}
          />
        </span>
      ))}
    </>
  ) : (
    <SourceBadge name="DefiLlama" type="aggregate" />
  );
  const top = body?.concentration.top_issuer;
  const coverage = body?.concentration.coverage;
  // One compact copy of the tree for both client leaves (the page payload carries it once).
  const tree = body ? compactTree(body.tree) : [];
  return (
    <Section
      id="issuers"
      title="Issuers and chains"
      description="Market cap of listed USD stablecoins by issuer, split by chain. Tile area is circulating supply."
      provenance={provenance}
      methodHref="/methodology#concentration"
    >
      {!result.ok ? (
        <ErrorState title="Issuer data is unavailable" message={result.warning} retryHref="/" />
      ) : body && body.tree.children.length > 0 ? (
        <>
          <WarningsNotice warnings={body.warnings.filter((w) => !hideWarnings.includes(w))} />
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Stat
              label="Top issuer"
              value={
                top ? `${top.name} ${formatPct(top.share_pct, { digits: 1, signed: false })}` : "—"
              }
            />
            <Stat
              label="Issuer HHI"
              value={formatInt(body.concentration.hhi)}
              hint="0–10,000; higher is more concentrated"
            />
            <Stat
              label="Known issuers"
              value={formatInt(coverage?.known_issuers)}
              hint={`${formatInt(coverage?.coins_with_known_issuer)} of ${formatInt(coverage?.coins)} coins have a known issuer`}
            />
            <Stat
              label="Issuer unknown"
              value={`${formatInt(coverage?.coins_with_unknown_issuer)} coins`}
              hint={`${formatUsd(coverage?.unknown_issuer_circulating_usd)} circulating; each stands under its own name in the treemap`}
            />
          </dl>
          <IssuerTreemap
            tree={tree}
            total={body.metadata.total_circulating_usd}
            label={`Treemap of USD stablecoin market cap by issuer and chain; ${
              top
                ? `${top.name} holds ${formatPct(top.share_pct, { digits: 1, signed: false })}`
                : ""
            }. The same figures are in the issuer table below.`}
          />
          <IssuerShareTable tree={tree} issuers={body.concentration.issuers.map(roundShare)} />
        </>
      ) : (
        <EmptyState title="No issuer data yet">The aggregate lists no USD stablecoins.</EmptyState>
      )}
    </Section>
  );
}
