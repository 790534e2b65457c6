/**
 * Per coin and chain: the native vs bridged-in split (the coin's `/stablecoin/{id}` balances,
 * cached like its supply history) and the chain-local peg (the coin's pools, read as the pool
 * map reads them). Shared by the chain view (many coins, one chain) and the coin page (one coin,
 * every chain).
 */
import { loadPools, type PoolsRead } from "@/lib/assets/pools";
import { resolvedById, type AggregateRef } from "@/lib/assets/resolve";
import { chainLocalPegs, type ChainLocalPeg } from "@/lib/domain/chain-peg";
import { nativeBridgedSplit, type NativeBridgedSplit } from "@/lib/domain/chain-supply";
import type { CoinChainBalance } from "@/lib/providers/defillama/chains";
import { once } from "@/lib/render-once";
import { readCoinChainBalances } from "@/lib/snapshot/chains";
import { calledUpstream } from "@/lib/snapshot/read-through";
import type { ReadOpts } from "@/lib/snapshot/read-opts";
import type { ChainLocalPegRecord } from "./schema";

export interface ChainSplit extends NativeBridgedSplit {
  bridges: { name: string; source_chain: string | null }[];
}

export interface Balances {
  /** Canonical chain → latest rows (labels of one chain merged); null when the read failed. */
  byChain: Map<string, CoinChainBalance[]> | null;
  asOf: number | null;
  upstream: boolean;
}

export async function coinBalances(defillamaId: string, readOpts?: ReadOpts): Promise<Balances> {
  try {
    const r = await once(`coin-chains:${defillamaId}`, () =>
      readCoinChainBalances(defillamaId, readOpts),
    );
    const byChain = new Map<string, CoinChainBalance[]>();
    for (const b of r.value.balances) byChain.set(b.chain, [...(byChain.get(b.chain) ?? []), b]);
    return { byChain, asOf: r.storedAt, upstream: calledUpstream(r) };
  } catch {
    return { byChain: null, asOf: null, upstream: false };
  }
}

/** The split on one chain; null when the coin has no balance row there or no bridged record. */
export function splitOn(balances: Balances, chain: string, currentUsd: number): ChainSplit | null {
  const rows = balances.byChain?.get(chain);
  if (!rows) return null;
  const split = nativeBridgedSplit(rows, currentUsd);
  if (!split) return null;
  const bridges = rows.flatMap((r) =>
    r.bridges.map((b) => ({ name: b.name, source_chain: b.sourceChain })),
  );
  return { ...split, bridges };
}

export interface PegRead {
  pegs: ChainLocalPeg[];
  /** Null when no pool lookup answered. */
  pools: PoolsRead | null;
}

/** The coin's pools (one read per render) → its chain-local peg on every chain with pools. */
export async function coinPegs(
  id: string,
  refs: readonly AggregateRef[],
  readOpts?: ReadOpts,
): Promise<PegRead> {
  // Found by id: the coin is already known, resolving a spelling of it again would be a second pass.
  const asset = resolvedById(id, refs);
  if (!asset) return { pegs: [], pools: null };
  const pools = await once(`pools:${asset.defillamaId}`, () => loadPools(asset, readOpts)).catch(
    () => null,
  );
  if (!pools || pools.value === null) return { pegs: [], pools };
  return { pegs: chainLocalPegs(pools.value), pools };
}

export function pegRecord(p: ChainLocalPeg | undefined): ChainLocalPegRecord {
  return p
    ? {
        price_usd: p.priceUsd,
        deviation_bps: p.deviationBps,
        pools: p.pools,
        tvl_usd: p.tvlUsd,
        pools_excluded: p.poolsExcluded,
      }
    : null;
}
