/**
 * An asset's supply distribution (canonical chain → fraction): from the cached on-chain
 * snapshot (supply by chain, docs/route-contract.md) when it covers the asset, otherwise from the aggregate's per-chain
 * circulating figures, labelled as such with a warning.
 */
import { supplyShares } from "@/lib/domain/supply";
import type { AssetContext } from "./context";
import { W, type Warning } from "./warnings";

export interface SupplyDistribution {
  shares: Record<string, number>;
  source: "on-chain-scheduled" | "aggregate" | null;
  /** True when the on-chain snapshot provided the shares. */
  usedSnapshot: boolean;
}

export function supplyDistribution(ctx: AssetContext, warnings: Warning[]): SupplyDistribution {
  const snap = ctx.supplySnapshot;
  if (snap?.ok) {
    const symbol = ctx.asset.symbol.toLowerCase();
    const rows = snap.rows.filter((r) => r.token_symbol.toLowerCase() === symbol);
    const shares = supplyShares(rows.map((r) => [r.blockchain, r.supply] as const));
    if (Object.keys(shares).length > 0)
      return { shares, source: "on-chain-scheduled", usedSnapshot: true };
    warnings.push(W.distributionNotCovered);
  }
  const entry = ctx.aggregateEntry;
  if (entry) {
    const shares = supplyShares(
      Object.entries(entry.chainCirculating).map(([c, v]) => [c, v.currentUsd] as const),
    );
    if (Object.keys(shares).length > 0) {
      if (!snap?.ok) warnings.push(W.distributionFromAggregate);
      return { shares, source: "aggregate", usedSnapshot: false };
    }
  }
  warnings.push(W.distributionUnavailable);
  return { shares: {}, source: null, usedSnapshot: false };
}
