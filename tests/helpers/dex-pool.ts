/** A DEX pool for the chain-local peg tests: only chain, pair, price and TVL vary. */
import type { DexPool } from "@/lib/domain/types";

export function dexPool(
  chain: string,
  price: number | null,
  tvl: number | null,
  addr: string,
): DexPool {
  return {
    chain,
    dexId: "uniswap",
    pairAddress: addr,
    url: null,
    labels: [],
    baseToken: { address: "0x1", name: "A", symbol: "A" },
    quoteToken: { address: "0x2", name: "B", symbol: "B" },
    assetSide: "base",
    assetPriceUsd: price,
    counterSymbol: "B",
    liquidityUsd: tvl,
    liquidityBase: null,
    liquidityQuote: null,
    volume24hUsd: null,
    pairCreatedAt: null,
  } as DexPool;
}
