/** DEX aggregator (DexScreener, keyless). */
import { getConfig } from "@/lib/config";
import { canonicalChain } from "@/lib/domain/chains";
import type { DexPool } from "@/lib/domain/types";
import { providerGet, type ProviderCallOptions } from "../http";
import { fillPath, idSegment, tokenAddressSegment } from "../segments";
import { toDexPool } from "./map";
import { tokenPairsSchema } from "./schemas";

const PROVIDER = "dexscreener";
export const DEXSCREENER_ENDPOINTS = {
  tokenPairs: "/token-pairs/v1/{chainId}/{tokenAddress}",
} as const;

/** Canonical chain → DexScreener `chainId`, where they differ. */
const DEXSCREENER_CHAIN_IDS: Readonly<Record<string, string>> = {
  bnb: "bsc",
};

/** The DexScreener chain id for a canonical chain name or a DexScreener id. */
export function dexscreenerChainId(chain: string): string {
  const canonical = canonicalChain(chain);
  return Object.hasOwn(DEXSCREENER_CHAIN_IDS, canonical)
    ? (DEXSCREENER_CHAIN_IDS[canonical] ?? canonical)
    : canonical;
}

/**
 * `GET /token-pairs/v1/{chainId}/{tokenAddress}` → the token's pools on that chain (`[]` when
 * the token is unknown). `chainId` may be canonical (`bnb`) or DexScreener's (`bsc`).
 */
export async function fetchTokenPairs(
  chainId: string,
  tokenAddress: string,
  options: ProviderCallOptions = {},
): Promise<DexPool[]> {
  const endpoint = DEXSCREENER_ENDPOINTS.tokenPairs;
  const ctx = { provider: PROVIDER, endpoint } as const;
  const chain = canonicalChain(chainId);
  const path = fillPath(
    endpoint,
    {
      chainId: idSegment(dexscreenerChainId(chain), ctx, "chain id"),
      tokenAddress: tokenAddressSegment(chain, tokenAddress, ctx),
    },
    ctx,
  );
  const pairs = await providerGet({
    provider: PROVIDER,
    endpoint,
    baseUrl: getConfig().providers.dexscreener.baseUrl,
    path,
    schema: tokenPairsSchema,
    ...options,
  });
  const pools: DexPool[] = [];
  for (const pair of pairs) {
    const pool = toDexPool(pair, tokenAddress);
    if (pool && pool.chain === chain) pools.push(pool);
  }
  return pools;
}
