/**
 * Which contracts to look up on the DEX aggregator, and the lookup itself. The registry's
 * addresses win for a registry asset (override); every other coin with a CoinGecko id gets its
 * contracts from the market provider's coin detail (cached 24 h), mapped to the aggregator's
 * chains by COINGECKO_PLATFORM_DEX_CHAINS. One pool call per chain and contract.
 */
import { canonicalChain, COINGECKO_PLATFORM_DEX_CHAINS, DEX_CHAINS } from "@/lib/domain/chains";
import type { ContractAddress, DexPool } from "@/lib/domain/types";
import { isTokenAddress } from "@/lib/providers/segments";
import { EmptyResultError } from "@/lib/snapshot/cached-read";
import { readCoinContracts } from "@/lib/snapshot/coin-detail";
import { readDexPools } from "@/lib/snapshot/live";
import type { ResolvedAsset } from "./resolve";
import { W, type Warning } from "./warnings";

export interface PoolTarget {
  chain: string;
  address: string;
}

export interface PoolsRead {
  /** Pools found; null when every lookup failed; [] when none was made or none found. */
  value: DexPool[] | null;
  asOf: number | null;
  failedChains: string[];
  /** Pool lookups made (0 = the DEX aggregator was not asked). */
  queried: number;
  /** Canonical chains looked up, in order. */
  chains: string[];
  /** Where the contracts came from. */
  contracts: "registry" | "market-provider" | null;
  warnings: Warning[];
}

/** Coin-detail contracts on chains the DEX aggregator covers, one per chain. */
export function dexTargets(contracts: readonly ContractAddress[]): PoolTarget[] {
  const out: PoolTarget[] = [];
  for (const c of contracts) {
    const chain = COINGECKO_PLATFORM_DEX_CHAINS[c.platform];
    if (!chain || !isTokenAddress(chain, c.address)) continue;
    if (!out.some((t) => t.chain === chain)) out.push({ chain, address: c.address });
  }
  return out;
}

async function targetsFor(
  asset: ResolvedAsset,
  signal?: AbortSignal,
): Promise<{ targets: PoolTarget[]; warning: Warning | null; contracts: PoolsRead["contracts"] }> {
  const tracked = asset.tracked;
  if (tracked) {
    const targets = DEX_CHAINS.flatMap((chain) =>
      tracked.addresses[chain].map((c) => ({ chain: chain as string, address: c.address })),
    );
    if (targets.length > 0) return { targets, warning: null, contracts: "registry" };
  }
  if (!asset.coingeckoId) return { targets: [], warning: W.contractsNotListed, contracts: null };
  try {
    const read = await readCoinContracts(asset.coingeckoId, { signal });
    if (!read.value.listed) return { targets: [], warning: W.contractsNotFound, contracts: null };
    const targets = dexTargets(read.value.contracts);
    return {
      targets,
      warning: targets.length === 0 ? W.contractsNoSupportedChain : null,
      contracts: "market-provider",
    };
  } catch {
    return { targets: [], warning: W.contractsNoAnswer, contracts: null };
  }
}

export async function loadPools(asset: ResolvedAsset, signal?: AbortSignal): Promise<PoolsRead> {
  const { targets, warning, contracts } = await targetsFor(asset, signal);
  const chains = [...new Set(targets.map((t) => canonicalChain(t.chain)))];
  if (targets.length === 0) {
    return {
      value: [],
      asOf: null,
      failedChains: [],
      queried: 0,
      chains,
      contracts,
      warnings: warning ? [warning] : [],
    };
  }
  const results = await Promise.all(
    targets.map(async (t) => {
      try {
        const r = await readDexPools(t.chain, t.address, { signal });
        return { chain: t.chain, pools: r.value, asOf: r.storedAt, failed: false };
      } catch (e) {
        // A token with no pools on a chain is an empty answer, not a failure (and is not cached).
        if (e instanceof EmptyResultError)
          return { chain: t.chain, pools: [], asOf: Date.now(), failed: false };
        return { chain: t.chain, pools: [] as DexPool[], asOf: null, failed: true };
      }
    }),
  );
  const failedChains = [
    ...new Set(results.filter((r) => r.failed).map((r) => canonicalChain(r.chain))),
  ];
  const ok = results.filter((r) => !r.failed);
  const base = { failedChains, queried: targets.length, chains, contracts };
  if (ok.length === 0) return { ...base, value: null, asOf: null, warnings: [W.dexNoAnswer] };
  const value = ok.flatMap((r) => r.pools);
  const warnings: Warning[] = [];
  if (failedChains.length > 0) warnings.push(W.dexPartial(failedChains));
  else if (value.length === 0) warnings.push(W.dexNoPools);
  const asOf = Math.min(...ok.map((r) => r.asOf ?? Date.now()));
  return { ...base, value, asOf, warnings };
}
