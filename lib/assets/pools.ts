/**
 * Which contracts to look up on the DEX aggregator, and the lookup itself. The overlay's contract
 * addresses win where it has them (override); every other coin with a CoinGecko id gets its
 * contracts from the market provider's coin detail (cached 24 h), mapped to the aggregator's
 * chains by COINGECKO_PLATFORM_DEX_CHAINS. One pool call per chain and contract.
 */
import { canonicalChain, DEX_CHAINS, dexChainOfPlatform } from "@/lib/domain/chains";
import type { ContractAddress, DexPool } from "@/lib/domain/types";
import { isTokenAddress } from "@/lib/providers/segments";
import { readCoinContracts } from "@/lib/snapshot/coin-detail";
import { readDexPools } from "@/lib/snapshot/live";
import { calledUpstream } from "@/lib/snapshot/read-through";
import { isRateBudgetError } from "@/lib/budget/calls";
import type { ResolvedAsset } from "./resolve";
import { staleReason, staleWarning, W, type StaleReason, type Warning } from "./warnings";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

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
  /** Some chain's pool list is past its fresh time: why (the oldest copy's as-of is `asOf`). */
  stale: StaleReason | null;
  warnings: Warning[];
  /** A contract or pool read needed a provider call. */
  upstream: boolean;
}

/** Coin-detail contracts on chains the DEX aggregator covers, one per chain. */
export function dexTargets(contracts: readonly ContractAddress[]): PoolTarget[] {
  const out: PoolTarget[] = [];
  for (const c of contracts) {
    const chain = dexChainOfPlatform(c.platform);
    if (!chain || !isTokenAddress(chain, c.address)) continue;
    if (!out.some((t) => t.chain === chain)) out.push({ chain, address: c.address });
  }
  return out;
}

async function targetsFor(
  asset: ResolvedAsset,
  readOpts?: ReadOpts,
): Promise<{
  targets: PoolTarget[];
  warning: Warning | null;
  contracts: PoolsRead["contracts"];
  upstream?: boolean;
}> {
  const overrides = asset.overlay?.addresses;
  const targets = DEX_CHAINS.flatMap((chain) =>
    (overrides?.[chain] ?? []).map((c) => ({ chain: chain as string, address: c.address })),
  );
  if (targets.length > 0) return { targets, warning: null, contracts: "registry" };
  if (!asset.coingeckoId) return { targets: [], warning: W.contractsNotListed, contracts: null };
  try {
    const read = await readCoinContracts(asset.coingeckoId, readOpts);
    const upstream = calledUpstream(read);
    if (!read.value.listed)
      return { targets: [], warning: W.contractsNotFound, contracts: null, upstream };
    const targets = dexTargets(read.value.contracts);
    return {
      targets,
      warning: targets.length === 0 ? W.contractsNoSupportedChain : null,
      contracts: "market-provider",
      upstream,
    };
  } catch (error) {
    const why = isRateBudgetError(error) ? W.contractsBudget : W.contractsNoAnswer;
    return { targets: [], warning: why, contracts: null };
  }
}

export async function loadPools(asset: ResolvedAsset, readOpts?: ReadOpts): Promise<PoolsRead> {
  const {
    targets,
    warning,
    contracts,
    upstream: contractsUpstream,
  } = await targetsFor(asset, readOpts);
  const chains = [...new Set(targets.map((t) => canonicalChain(t.chain)))];
  if (targets.length === 0) {
    return {
      value: [],
      asOf: null,
      failedChains: [],
      queried: 0,
      chains,
      contracts,
      stale: null,
      warnings: warning ? [warning] : [],
      upstream: contractsUpstream ?? false,
    };
  }
  const results = await Promise.all(
    targets.map(async (t) => {
      try {
        // A token with no pools on a chain is a valid (negatively cached) empty answer.
        const r = await readDexPools(t.chain, t.address, readOpts);
        const stale = staleReason({ stale: r.source === "stale", error: r.error });
        return {
          chain: t.chain,
          pools: r.value,
          asOf: r.storedAt,
          failed: false,
          stale,
          error: null,
          upstream: calledUpstream(r),
        };
      } catch (error) {
        const pools: DexPool[] = [];
        return {
          chain: t.chain,
          pools,
          asOf: null,
          failed: true,
          stale: null,
          error,
          upstream: false,
        };
      }
    }),
  );
  const failedChains = [
    ...new Set(results.filter((r) => r.failed).map((r) => canonicalChain(r.chain))),
  ];
  const failed = results.filter((r) => r.failed);
  const ok = results.filter((r) => !r.failed);
  // The most telling reason a copy is old: a spent budget or a failing source, else a refresh.
  const stale =
    ok.find((r) => r.stale === "budget" || r.stale === "failed")?.stale ??
    ok.find((r) => r.stale)?.stale ??
    null;
  const upstream = (contractsUpstream ?? false) || results.some((r) => r.upstream);
  const base = { failedChains, queried: targets.length, chains, contracts, stale, upstream };
  if (ok.length === 0) {
    const overBudget = failed.every((r) => isRateBudgetError(r.error));
    return {
      ...base,
      value: null,
      asOf: null,
      warnings: [overBudget ? W.dexBudget : W.dexNoAnswer],
    };
  }
  const value = ok.flatMap((r) => r.pools);
  const asOf = Math.min(...ok.flatMap((r) => (r.asOf === null ? [] : [r.asOf])));
  const warnings: Warning[] = [];
  if (failedChains.length > 0) warnings.push(W.dexPartial(failedChains));
  if (failed.some((r) => isRateBudgetError(r.error))) warnings.push(W.dexBudgetPartial);
  else if (value.length === 0) warnings.push(W.dexNoPools);
  if (stale) warnings.push(staleWarning("dex", stale, asOf));
  return { ...base, value, asOf, warnings };
}
