/** Client-side pool-map filters over the rows already on the page (no request). */
import type { PoolRecord } from "@/lib/pools/schema";

export const ALL = "all";

export interface PoolFilters {
  chain: string;
  venue: string;
  /** `stable-stable`, `stable-volatile` or `all`. */
  pairKind: string;
}

export const NO_FILTERS: PoolFilters = { chain: ALL, venue: ALL, pairKind: ALL };

export function filterPools(pools: readonly PoolRecord[], f: PoolFilters): PoolRecord[] {
  return pools.filter(
    (p) =>
      (f.chain === ALL || p.chain === f.chain) &&
      (f.venue === ALL || p.venue === f.venue) &&
      (f.pairKind === ALL || p.pair_kind === f.pairKind),
  );
}

/** Distinct values of one field, sorted, for a filter's options. */
export function optionsOf(pools: readonly PoolRecord[], field: "chain" | "venue"): string[] {
  return [...new Set(pools.map((p) => p[field]))].sort();
}

export interface MatrixCell {
  pools: number;
  depthUsd: number;
  effectiveTvlUsd: number;
}

/** Venue × chain totals of the (filtered) rows, venues and chains ordered by depth. */
export function venueChainMatrix(pools: readonly PoolRecord[]): {
  venues: string[];
  chains: string[];
  cells: Map<string, MatrixCell>;
} {
  const cells = new Map<string, MatrixCell>();
  const byVenue = new Map<string, number>();
  const byChain = new Map<string, number>();
  for (const p of pools) {
    const key = `${p.venue}|${p.chain}`;
    const c = cells.get(key) ?? { pools: 0, depthUsd: 0, effectiveTvlUsd: 0 };
    c.pools += 1;
    c.depthUsd += p.depth_2pct_usd;
    c.effectiveTvlUsd += p.effective_tvl_usd;
    cells.set(key, c);
    byVenue.set(p.venue, (byVenue.get(p.venue) ?? 0) + p.depth_2pct_usd);
    byChain.set(p.chain, (byChain.get(p.chain) ?? 0) + p.depth_2pct_usd);
  }
  const order = (m: Map<string, number>) =>
    [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
  return { venues: order(byVenue), chains: order(byChain), cells };
}

export const cellKey = (venue: string, chain: string) => `${venue}|${chain}`;
