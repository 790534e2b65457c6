/**
 * Every upstream source the service reads, once: /api/health reports on each and the
 * methodology page lists each, so neither can name a different set.
 */
import type { ProviderName } from "@/lib/telemetry";

/** What a source gives the service (the `type` beside its name on every number). */
export type SourceType =
  | "aggregate"
  | "market"
  | "price"
  | "liquidity"
  | "order-book"
  | "dex-quote"
  | "on-chain-scheduled";

export interface SourceEntry {
  name: string;
  provider: ProviderName;
  type: SourceType;
}

export const SOURCES: readonly SourceEntry[] = [
  { name: "DefiLlama", provider: "defillama", type: "aggregate" },
  { name: "CoinGecko", provider: "coingecko", type: "market" },
  { name: "DefiLlama coins", provider: "defillama-coins", type: "price" },
  { name: "DexScreener", provider: "dexscreener", type: "liquidity" },
  { name: "Binance", provider: "binance", type: "order-book" },
  { name: "Kraken", provider: "kraken", type: "order-book" },
  { name: "Coinbase", provider: "coinbase", type: "order-book" },
  { name: "KyberSwap", provider: "kyberswap", type: "dex-quote" },
  { name: "Dune", provider: "dune", type: "on-chain-scheduled" },
];
