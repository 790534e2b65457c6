/**
 * An asset's supply distribution (canonical chain → fraction): from the cached on-chain
 * snapshot (supply by chain, docs/route-contract.md) when it covers the asset, otherwise from the aggregate's per-chain
 * circulating figures, labelled as such with a warning.
 */
import { supplyShares } from "@/lib/domain/supply";
import { isoOrNull } from "@/lib/domain/time";
import type { AssetContext } from "./context";
import { W, type Warning } from "./warnings";

/**
 * What a distribution counts: which provider, over which chains, as of when. The scheduled
 * snapshot covers only the chains its query reads, so its shares are not the coin's shares of its
 * supply on every chain (the aggregate's per-chain figures are); the page and the API say which.
 */
export interface DistributionUniverse {
  provider: "Dune" | "DefiLlama";
  /** Every chain the source measures (not only those where this coin has supply), sorted. */
  chains: string[];
  /** ISO time: the snapshot's last run, or when the aggregate was fetched. */
  asOf: string | null;
  description: string;
}

export interface SupplyDistribution {
  shares: Record<string, number>;
  source: "on-chain-scheduled" | "aggregate" | null;
  /** True when the on-chain snapshot provided the shares. */
  usedSnapshot: boolean;
  universe: DistributionUniverse | null;
}

const SNAPSHOT_UNIVERSE =
  "Scheduled on-chain snapshot (minted minus burned per chain) over the chains its query reads; supply on any other chain is not counted, so the shares are of the supply on these chains only.";
const AGGREGATE_UNIVERSE =
  "The aggregate's circulating supply on every chain it lists for this coin (the on-chain snapshot does not cover it).";

const sortedChains = (chains: Iterable<string>) => [...new Set(chains)].sort();

export function supplyDistribution(ctx: AssetContext, warnings: Warning[]): SupplyDistribution {
  const snap = ctx.supplySnapshot;
  if (snap?.ok) {
    const symbol = ctx.asset.symbol.toLowerCase();
    const rows = snap.rows.filter((r) => r.token_symbol.toLowerCase() === symbol);
    const shares = supplyShares(rows.map((r) => [r.blockchain, r.supply] as const));
    if (Object.keys(shares).length > 0)
      return {
        shares,
        source: "on-chain-scheduled",
        usedSnapshot: true,
        universe: {
          provider: "Dune",
          chains: sortedChains(snap.rows.map((r) => r.blockchain)),
          asOf: snap.executionEndedAt,
          description: SNAPSHOT_UNIVERSE,
        },
      };
    warnings.push(W.distributionNotCovered);
  }
  const entry = ctx.aggregateEntry;
  if (entry) {
    const shares = supplyShares(
      Object.entries(entry.chainCirculating).map(([c, v]) => [c, v.currentUsd] as const),
    );
    if (Object.keys(shares).length > 0) {
      if (!snap?.ok) warnings.push(W.distributionFromAggregate);
      return {
        shares,
        source: "aggregate",
        usedSnapshot: false,
        universe: {
          provider: "DefiLlama",
          chains: sortedChains(Object.keys(entry.chainCirculating)),
          asOf: isoOrNull(ctx.aggregate.asOf),
          description: AGGREGATE_UNIVERSE,
        },
      };
    }
  }
  warnings.push(W.distributionUnavailable);
  return { shares: {}, source: null, usedSnapshot: false, universe: null };
}

/** The universe as the API sends it (snake_case). */
export function universeFields(u: DistributionUniverse | null) {
  return u && { provider: u.provider, chains: u.chains, as_of: u.asOf, description: u.description };
}
