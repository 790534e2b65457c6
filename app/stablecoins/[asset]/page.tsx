import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache, Suspense } from "react";
import { AssetHeader } from "@/components/asset/AssetHeader";
import { ConcentrationPanel } from "@/components/asset/ConcentrationPanel";
import { DepthPanel } from "@/components/asset/DepthPanel";
import { ExitCostPanel } from "@/components/asset/ExitCostPanel";
import { LiquidityFinder } from "@/components/asset/LiquidityFinder";
import { MomentumPanel } from "@/components/asset/MomentumPanel";
import { PegHistoryPanel } from "@/components/asset/PegHistoryPanel";
import { PegPanel } from "@/components/asset/PegPanel";
import { PoolMap } from "@/components/asset/PoolMap";
import { RiskScorePanel } from "@/components/asset/RiskScorePanel";
import { SharedSymbol } from "@/components/asset/SharedSymbol";
import { VelocityPanel } from "@/components/asset/VelocityPanel";
import { CoinChainsPanel } from "@/components/chains/CoinChainsPanel";
import { BadgeSnippet } from "@/components/depegs/BadgeSnippet";
import { CoinDepegEvents } from "@/components/depegs/CoinDepegEvents";
import { HistorySection } from "@/components/history/HistorySection";
import { CoinSupplyHistoryPanel } from "@/components/supply-history/CoinSupplyHistoryPanel";
import { ErrorState } from "@/components/ui/ErrorState";
import { WarningsNotice } from "@/components/ui/Notice";
import { MAX_SWAP_SIZE_USD, selectorSchema } from "@/lib/api/params";
import { getConfig } from "@/lib/config";
import { getExitCost } from "@/lib/exit-cost";
import { DEFAULT_EXIT_SIZES_USD } from "@/lib/domain/exit-cost-constants";
import { getPegHistory } from "@/lib/peg-history";
import { getPools } from "@/lib/pools";
import { getRiskConsole } from "@/lib/risk";
import { keepDegradedBriefly } from "@/lib/page-cache";

// Rendered on first visit, then regenerated in the background every minute (live prices and
// pools); a render with warnings is kept only briefly. Next stores every render under its path, so
// only canonical spellings reach this page: proxy.ts answers any other spelling with a 308 and
// rewrites unknown ones to one shared 404 path (lib/assets/canonical.ts).
export const revalidate = 60;

export function generateStaticParams(): { asset: string }[] {
  return [];
}

type Props = { params: Promise<{ asset: string }> };

/** One risk-console read per request, shared by the metadata and the page. */
const loadRisk = cache((q: string) => getRiskConsole(q));

/** A secondary panel's failure becomes its error state, never the page's. */
async function settle<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch {
    return null;
  }
}

/** The path segment as the user typed it: `usd%2B` → `usd+` (validated after decoding). */
function decodeSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

async function selectorOf(params: Props["params"]): Promise<string | null> {
  const decoded = decodeSegment((await params).asset);
  const parsed = selectorSchema.safeParse(decoded);
  return parsed.success ? parsed.data : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const q = await selectorOf(params);
  const risk = q ? await settle(loadRisk(q)) : null;
  if (!risk?.ok) return { title: "Stablecoin not found", robots: { index: false } };
  const { asset, name } = risk.body;
  return {
    title: `${asset} (${name}) risk console`,
    description: `Peg deviation, liquidity depth, issuer concentration, supply momentum and risk score for ${name} (${asset}). Informational only.`,
  };
}

export default async function AssetPage({ params }: Props) {
  const q = await selectorOf(params);
  if (q === null) notFound();
  const [risk, pools, history, exit] = await Promise.all([
    loadRisk(q),
    settle(getPools(q, null)),
    settle(getPegHistory(q, "7d")),
    settle(getExitCost(q, DEFAULT_EXIT_SIZES_USD)),
  ]);
  if (!risk.ok) notFound();
  const body = risk.body;
  const poolsBody = pools?.ok ? pools.body : null;
  const historyBody = history?.ok ? history.body : null;
  const exitBody = exit?.ok ? exit.body : null;
  const warnings = [
    ...new Set([
      ...body.warnings,
      ...(poolsBody?.warnings ?? []),
      ...(historyBody?.warnings ?? []),
      ...(exitBody?.warnings ?? []),
    ]),
  ];
  await keepDegradedBriefly(warnings.length > 0 || !poolsBody || !historyBody || !exitBody);

  return (
    <div className="space-y-6">
      <AssetHeader risk={body} />
      <SharedSymbol risk={body} />
      <WarningsNotice warnings={warnings} label="Partial data: some sources are unavailable" />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <PegPanel risk={body} />
        <PegHistoryPanel asset={q} initial={historyBody} hideWarnings={warnings} />
        <CoinDepegEvents asset={q} hideWarnings={warnings} />
        <Suspense fallback={null}>
          <CoinSupplyHistoryPanel q={q} />
        </Suspense>
        <DepthPanel risk={body} />
        <ConcentrationPanel risk={body} />
        <Suspense fallback={null}>
          <CoinChainsPanel
            q={q}
            pegs={poolsBody?.chain_local_peg ?? null}
            flags={poolsBody?.flags ?? []}
          />
        </Suspense>
        <VelocityPanel risk={body} />
        <MomentumPanel risk={body} />
        <RiskScorePanel risk={body} />
        {poolsBody ? (
          <PoolMap body={poolsBody} backing={body.backing} />
        ) : (
          <div className="md:col-span-2">
            <ErrorState
              title="The pool map is unavailable"
              message="DexScreener (liquidity): pool data could not be loaded. Try again in a minute."
            />
          </div>
        )}
        {exitBody ? (
          <ExitCostPanel body={exitBody} />
        ) : (
          <div className="md:col-span-2">
            <ErrorState
              title="Exit cost is unavailable"
              message="Order books and DEX quotes could not be loaded. Try again in a minute."
            />
          </div>
        )}
        <HistorySection asset={q} hideWarnings={warnings} />
        <LiquidityFinder
          asset={q}
          maxSizeUsd={MAX_SWAP_SIZE_USD}
          sources={poolsBody?.metadata.sources ?? []}
        />
        <BadgeSnippet asset={q} symbol={body.asset} baseUrl={getConfig().publicBaseUrl ?? null} />
      </div>
    </div>
  );
}
