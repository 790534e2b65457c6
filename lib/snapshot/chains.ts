/**
 * The aggregate's per-chain key families (issue 28), each one read-through call under its
 * policy row (`./policy`). Keys carry only canonical chain names the aggregate listed and
 * numeric DefiLlama ids.
 *
 *   aggregate:v1:defillama:stablecoinchains             every chain's USD total (like the aggregate)
 *   history:v1:defillama:supply-chain:{chain}           one chain's daily supply (6 h class)
 *   live:v1:defillama:coin-chains:{id}                  one coin's latest per-chain balances
 *                                                       (6 h, like the coin's supply history)
 */
import { z } from "zod";
import type { SupplyPoint } from "@/lib/domain/types";
import {
  fetchChainSupplyHistory,
  fetchCoinChainBalances,
  fetchStablecoinChains,
  type ChainTotal,
  type CoinChainBalance,
} from "@/lib/providers/defillama/chains";
import type { CachedRead } from "./read-through";
import { isEmptyList, readFamily, type ReadOpts } from "./reader";

const chainTotalsShape = z.array(
  z.object({ chain: z.string(), label: z.string(), totalUsd: z.number().nullable() }),
);
const supplyShape = z.array(z.object({ timestampMs: z.number(), circulatingUsd: z.number() }));
const balancesShape = z.array(
  z.object({
    chain: z.string(),
    label: z.string(),
    dateMs: z.number().nullable(),
    circulating: z.number().nullable(),
    minted: z.number().nullable(),
    unreleased: z.number().nullable(),
    bridgedTo: z.number().nullable(),
    bridges: z.array(z.object({ name: z.string(), sourceChain: z.string().nullable() })),
  }),
);

/** `/stablecoinchains`: an empty list is a broken answer, never stored. */
export function readChainTotals(opts?: ReadOpts): Promise<CachedRead<ChainTotal[]>> {
  return readFamily({
    family: "aggregate:chains",
    key: "aggregate:v1:defillama:stablecoinchains",
    schema: chainTotalsShape,
    fetch: () => fetchStablecoinChains(),
    isEmpty: isEmptyList,
    opts,
  });
}

/** `/stablecoincharts/{label}` under the chain's canonical name. */
export function readChainSupplyHistory(
  chain: string,
  label: string,
  opts?: ReadOpts,
): Promise<CachedRead<SupplyPoint[]>> {
  return readFamily({
    family: "history:supply-chain",
    key: `history:v1:defillama:supply-chain:${chain}`,
    schema: supplyShape,
    fetch: () => fetchChainSupplyHistory(label),
    isEmpty: isEmptyList,
    opts,
  });
}

/** `/stablecoin/{id}`, only each chain's latest row kept. */
export function readCoinChainBalances(
  defillamaId: string,
  opts?: ReadOpts,
): Promise<CachedRead<CoinChainBalance[]>> {
  return readFamily({
    family: "live:coin-chains",
    key: `live:v1:defillama:coin-chains:${defillamaId}`,
    schema: balancesShape,
    fetch: () => fetchCoinChainBalances(defillamaId),
    isEmpty: isEmptyList,
    opts,
  });
}
