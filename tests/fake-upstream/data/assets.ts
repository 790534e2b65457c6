/**
 * The tracked stablecoins as the fake upstream knows them: CoinGecko id, DefiLlama id and the
 * contract addresses per DEX chain from `fixtures/samples/token-addresses.json`.
 */
import { sampleJson } from "./samples";

export const DEX_CHAIN_IDS = ["ethereum", "base", "arbitrum", "optimism"] as const;
export type DexChainId = (typeof DEX_CHAIN_IDS)[number];

/** The CoinGecko ids the service tracks (markets, market_chart and tickers are served for them). */
export const TRACKED_COINGECKO_IDS = [
  "tether",
  "usd-coin",
  "dai",
  "usds",
  "ethena-usde",
  "first-digital-usd",
  "paypal-usd",
  "usd1-wlfi",
  "frax",
  "liquity-usd",
  "crvusd",
  "gho",
] as const;

export interface TokenAddress {
  address: string;
  decimals: number;
  kind: string;
}

export interface TrackedToken {
  symbol: string;
  coingeckoId: string;
  defillamaId: string;
  name: string;
  addresses: Record<DexChainId, TokenAddress[]>;
}

interface TokenAddressesFile {
  tokens: Record<
    string,
    {
      coingecko_id: string;
      defillama_id: string;
      defillama_name: string;
      addresses: Partial<Record<DexChainId, TokenAddress[]>>;
    }
  >;
}

let cache: TrackedToken[] | undefined;

/** USDT, USDC, DAI, USDe, FDUSD, PYUSD, USDS, FRAX, LUSD, crvUSD, GHO (the address list's tokens). */
export function trackedTokens(): TrackedToken[] {
  if (cache) return cache;
  const file = sampleJson<TokenAddressesFile>("token-addresses.json");
  cache = Object.entries(file.tokens).map(([symbol, t]) => ({
    symbol,
    coingeckoId: t.coingecko_id,
    defillamaId: t.defillama_id,
    name: t.defillama_name,
    addresses: {
      ethereum: t.addresses.ethereum ?? [],
      base: t.addresses.base ?? [],
      arbitrum: t.addresses.arbitrum ?? [],
      optimism: t.addresses.optimism ?? [],
    },
  }));
  return cache;
}

export function tokenBySymbol(symbol: string): TrackedToken | undefined {
  return trackedTokens().find((t) => t.symbol === symbol);
}

/** The tracked token whose address on `chain` equals `address` (case-insensitive). */
export function findTokenByAddress(
  chain: string,
  address: string,
): { token: TrackedToken; entry: TokenAddress; chain: DexChainId } | undefined {
  if (!(DEX_CHAIN_IDS as readonly string[]).includes(chain)) return undefined;
  const c = chain as DexChainId;
  const needle = address.toLowerCase();
  for (const token of trackedTokens()) {
    const entry = token.addresses[c].find((a) => a.address.toLowerCase() === needle);
    if (entry) return { token, entry, chain: c };
  }
  return undefined;
}

/** Wrapped ether per DEX chain (well-known canonical addresses). */
export const WETH: Record<DexChainId, string> = {
  ethereum: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
  base: "0x4200000000000000000000000000000000000006",
  arbitrum: "0x82aF49447D8a07e3bd95FD0d56f35241523fBab1",
  optimism: "0x4200000000000000000000000000000000000006",
};

/** Fixed reference prices for the volatile side of synthetic pairs and tickers. */
export const REF_PRICES = { WETH: 2450.37, BTC: 77_000, ETH: 2450.37 } as const;
