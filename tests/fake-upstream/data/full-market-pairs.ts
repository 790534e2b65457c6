/**
 * DexScreener `/token-pairs/v1/{chainId}/{tokenAddress}` in the `full` world. The fixture's
 * tracked token addresses answer exactly as in the fixture world (dexscreener-pairs.ts). Every
 * other address the full-world coin detail hands out answers:
 *   - on the coin's PRIMARY platform (largest circulating): 1–3 stable/stable pools;
 *   - on any other platform: pools for one address in three (by hash), `[]` for the rest
 *     ("many bridged addresses answer nothing");
 *   - unknown addresses, or a chain id that does not match the address's platform: `[]`.
 */
import {
  COINGECKO_PLATFORM_TO_DEXSCREENER,
  coinPlatforms,
  platformAddress,
} from "./coingecko-detail";
import { buildPair, tokenPairs, type PoolSpec, type Tok } from "./dexscreener-pairs";
import { findTokenByAddress } from "./assets";
import { fullMarketAsset, fullMarketEntry, fullMarketKnownIds } from "./full-market";
import { addressFor, hash32, rngFor } from "./rng";

/** One secondary-platform address in this many answers with pools. */
const SECONDARY_POOLS_ONE_IN = 3;
/** Liquidity of the primary contract: this share of market cap, clamped. */
const LIQ_SHARE_OF_CAP = 0.02;
const LIQ_MIN_USD = 40_000;
const LIQ_MAX_USD = 90_000_000;
const SECONDARY_FACTOR = 0.3;

interface IndexedAddress {
  geckoId: string;
  dexChain: string;
  primary: boolean;
}

let index: Map<string, IndexedAddress> | undefined;

function addressIndex(): Map<string, IndexedAddress> {
  if (index) return index;
  index = new Map();
  for (const id of fullMarketKnownIds()) {
    const platforms = coinPlatforms(id, fullMarketAsset(id)).filter(
      (p) => COINGECKO_PLATFORM_TO_DEXSCREENER[p] !== undefined,
    );
    platforms.forEach((p, i) => {
      const dexChain = COINGECKO_PLATFORM_TO_DEXSCREENER[p] as string;
      index?.set(`${dexChain}|${platformAddress(id, p).toLowerCase()}`, {
        geckoId: id,
        dexChain,
        primary: i === 0,
      });
    });
  }
  return index;
}

/** Whether a full-world address answers with pools (exported for tests' expectations). */
export function fullMarketAddressHasPools(dexChain: string, address: string): boolean {
  const hit = addressIndex().get(`${dexChain}|${address.toLowerCase()}`);
  if (!hit) return false;
  return (
    hit.primary ||
    hash32(`pools|${dexChain}|${address.toLowerCase()}`) % SECONDARY_POOLS_ONE_IN === 0
  );
}

function partner(symbol: string, chain: string): Tok {
  return {
    address: addressFor("full-partner", symbol, chain),
    name: symbol === "USDC" ? "USD Coin" : "Tether USD",
    symbol,
    usd: 1,
    cap: 0,
  };
}

export function fullMarketTokenPairs(chainId: string, address: string): Record<string, unknown>[] {
  if (findTokenByAddress(chainId, address)) return tokenPairs(chainId, address);
  if (!fullMarketAddressHasPools(chainId, address)) return [];
  const hit = addressIndex().get(`${chainId}|${address.toLowerCase()}`) as IndexedAddress;
  const entry = fullMarketEntry(hit.geckoId);
  if (!entry) return [];
  const self: Tok = {
    address,
    name: entry.name,
    symbol: entry.symbol.toUpperCase(),
    usd: entry.current_price,
    cap: entry.market_cap,
  };
  const clamp = Math.min(LIQ_MAX_USD, Math.max(LIQ_MIN_USD, entry.market_cap * LIQ_SHARE_OF_CAP));
  const total = clamp * (hit.primary ? 1 : SECONDARY_FACTOR);
  const r = rngFor("full-pools", chainId, address.toLowerCase());
  const count = 1 + Math.floor(r() * 3);
  const specs: PoolSpec[] = [
    {
      dexId: "uniswap",
      labels: ["v3"],
      base: self,
      quote: partner("USDC", chainId),
      liquidityUsd: total * 0.55,
      turnover: 0.8,
    },
    {
      dexId: "curve",
      base: partner("USDT", chainId),
      quote: self,
      liquidityUsd: total * 0.3,
      turnover: 0.2,
    },
    {
      dexId: "uniswap",
      labels: ["v2"],
      base: self,
      quote: partner("USDT", chainId),
      liquidityUsd: total * 0.15,
      turnover: 0.5,
    },
  ].slice(0, count);
  return specs.map((s, i) =>
    buildPair(chainId, s, `full|${chainId}|${address.toLowerCase()}|${i}`),
  );
}
