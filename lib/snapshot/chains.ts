/**
 * The aggregate's per-chain key families (chain totals, one chain's supply history, one coin's
 * chain balances); keys carry canonical chain names and numeric ids only.
 */
import { z } from "zod";
import type { SupplyPoint } from "@/lib/domain/types";
import {
  fetchChainSupplyHistory,
  fetchCoinChainBalances,
  fetchStablecoinChains,
  type ChainTotal,
  type CoinChains,
} from "@/lib/providers/defillama/chains";
import type { CachedRead } from "./read-through";
import { isEmptyList, type Peeked, peekFamily, readFamily, type ReadOpts } from "./reader";

const chainTotalsShape = z.array(
  z.object({ chain: z.string(), label: z.string(), totalUsd: z.number().nullable() }),
);
const supplyShape = z.array(z.object({ timestampMs: z.number(), circulatingUsd: z.number() }));
const coinChainsShape = z.object({
  address: z.string().nullable(),
  balances: z.array(
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
  ),
});

const coinChainsKey = (defillamaId: string) => `live:v2:defillama:coin-chains:${defillamaId}`;

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

/** `/stablecoin/{id}`: the coin's address and only each chain's latest row. */
export function readCoinChainBalances(
  defillamaId: string,
  opts?: ReadOpts,
): Promise<CachedRead<CoinChains>> {
  return readFamily({
    family: "live:coin-chains",
    key: coinChainsKey(defillamaId),
    schema: coinChainsShape,
    fetch: () => fetchCoinChainBalances(defillamaId),
    isEmpty: (v) => v.balances.length === 0,
    opts,
  });
}

/** A coin's stored detail, never a provider call (the market-wide price set's token keys). */
export function peekCoinChainBalances(
  defillamaId: string,
  opts?: ReadOpts,
): Promise<Peeked<CoinChains> | null> {
  return peekFamily({
    family: "live:coin-chains",
    key: coinChainsKey(defillamaId),
    schema: coinChainsShape,
    opts,
  });
}
