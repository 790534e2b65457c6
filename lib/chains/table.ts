/**
 * The chain ranking every chain view starts from: the aggregate list (coins per chain, USD) and
 * the aggregate's chain list (totals, display labels), both through the read layer. A failed
 * chain list leaves totals as the coin sums (with a warning); a missing aggregate list is no answer.
 */
import { selectorIn } from "@/lib/assets/canonical";
import { toAggregateRef, type AggregateRef } from "@/lib/assets/resolve";
import { canonicalSelectorsOf } from "@/lib/assets/selector";
import { W, type Warning } from "@/lib/assets/warnings";
import { rankChains, type ChainSummary, CHAIN_TOP_COINS } from "@/lib/domain/chain-supply";
import { percentShares } from "@/lib/domain/precision";
import { isoOrNull } from "@/lib/domain/time";
import type { AggregateAsset } from "@/lib/domain/types";
import type { ChainTotal } from "@/lib/providers/defillama/chains";
import { readChainTotals } from "@/lib/snapshot/chains";
import { readAggregate } from "@/lib/snapshot/live";
import { calledUpstream } from "@/lib/snapshot/read-through";
import type { ReadOpts } from "@/lib/snapshot/read-opts";
import type { ChainSummaryRecord } from "./schema";
import { CW } from "./warnings";

export const CHAINS_METHOD =
  "Per chain: USD-pegged stablecoin supply from the aggregate's chain list; changes compare the coins' current supply on the chain with their recorded supply 1, 7 and 30 days earlier. See /methodology#chains.";

export interface ChainTable {
  assets: AggregateAsset[];
  refs: AggregateRef[];
  /** The list's selector table (built once per version of the list): coins' links. */
  selectors: ReadonlyMap<string, string>;
  summaries: ChainSummary[];
  /** Canonical chain → display label. */
  labels: Map<string, string>;
  marketTotalUsd: number;
  /** Canonical chain → its share of `marketTotalUsd` in percent; the chains add up to 100. */
  marketSharePct: Map<string, number>;
  warnings: Warning[];
  sources: { name: string; type: string; as_of: string | null }[];
  upstream: boolean;
}

/** `bnb` → `Bnb` when the aggregate's chain list (and so its label) is unavailable. */
export const fallbackLabel = (chain: string): string =>
  chain.charAt(0).toUpperCase() + chain.slice(1);

export async function loadChainTable(readOpts?: ReadOpts): Promise<ChainTable | null> {
  const [aggregate, totals] = await Promise.all([
    readAggregate(readOpts).catch(() => null),
    readChainTotals(readOpts).catch(() => null),
  ]);
  if (!aggregate) return null;
  const warnings: Warning[] = [];
  if (aggregate.source === "stale")
    warnings.push(W.aggregateStale(aggregate.storedAt, aggregate.error));
  if (!totals) warnings.push(CW.chainTotalsUnavailable);
  else if (totals.source === "stale" && totals.error !== undefined)
    warnings.push(CW.chainTotalsStale);

  const listed = totals
    ? new Map(totals.value.map((t: ChainTotal) => [t.chain, t.totalUsd]))
    : null;
  const labels = new Map((totals?.value ?? []).map((t) => [t.chain, t.label]));
  const assets = aggregate.value.assets;
  const summaries = rankChains(assets, listed);
  const marketTotalUsd = summaries.reduce((s, c) => s + c.totalUsd, 0);
  const sharesPct = percentShares(summaries.map((s) => s.totalUsd));
  const sources = [
    { name: "DefiLlama", type: "aggregate", as_of: isoOrNull(aggregate.storedAt) },
    ...(totals
      ? [{ name: "DefiLlama", type: "aggregate-chains", as_of: isoOrNull(totals.storedAt) }]
      : []),
  ];
  return {
    assets,
    refs: assets.map(toAggregateRef),
    selectors: canonicalSelectorsOf({ storedAt: aggregate.storedAt, assets }),
    summaries,
    labels,
    marketTotalUsd,
    marketSharePct: new Map(summaries.map((s, i) => [s.chain, sharesPct[i] as number])),
    warnings,
    sources,
    upstream: calledUpstream(aggregate) || (totals !== null && calledUpstream(totals)),
  };
}

export function labelOf(table: Pick<ChainTable, "labels">, chain: string): string {
  return table.labels.get(chain) ?? fallbackLabel(chain);
}

export function summaryRecord(
  table: ChainTable,
  s: ChainSummary,
  rank: number,
): ChainSummaryRecord {
  return {
    chain: s.chain,
    name: labelOf(table, s.chain),
    rank,
    total_circulating_usd: s.totalUsd,
    coins_sum_usd: s.coinsSumUsd,
    share_of_market_pct: table.marketSharePct.get(s.chain) ?? 0,
    change_1d_pct: s.change1dPct,
    change_7d_pct: s.change7dPct,
    change_30d_pct: s.change30dPct,
    change_1d_usd: s.change1dUsd,
    change_7d_usd: s.change7dUsd,
    change_30d_usd: s.change30dUsd,
    coins: s.coins.length,
    top_coins: s.coins.slice(0, CHAIN_TOP_COINS).map((c) => ({
      id: c.id,
      symbol: c.symbol,
      name: c.name,
      selector: selectorIn(table.selectors, c.id),
      circulating_usd: c.circulatingUsd,
      dominance_pct: c.dominancePct,
    })),
  };
}
