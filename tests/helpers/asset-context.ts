/**
 * An asset context for the tests of what is derived from it (market view, history sample): USD+
 * with a quote, no tickers and no pools found; each test overrides what it varies.
 */
import type { AssetContext } from "@/lib/assets/context";
import { W } from "@/lib/assets/warnings";
import type { AggregateAsset, MarketQuote } from "@/lib/domain/types";

export const ENTRY: AggregateAsset = {
  id: "46",
  name: "USD+",
  symbol: "USD+",
  geckoId: "usd",
  pegType: "peggedUSD",
  backing: "crypto-backed",
  priceUsd: 0.9994,
  circulatingUsd: 20_000_000,
  circulatingPrevDayUsd: null,
  circulatingPrevWeekUsd: null,
  circulatingPrevMonthUsd: null,
  chainCirculating: {},
  chains: [],
  deprecated: false,
  delisted: false,
  yieldBearing: false,
};

export const QUOTE: MarketQuote = {
  coingeckoId: "usd",
  symbol: "usd+",
  name: "USD+",
  priceUsd: 1.0002,
  marketCapUsd: 21_000_000,
  volume24hUsd: 1_000_000,
  priceChange24hPct: 0,
  lastUpdated: null,
};

export function assetContext(over: Partial<AssetContext> = {}): AssetContext {
  return {
    asset: {
      symbol: "USD+",
      name: "USD+",
      defillamaId: "46",
      coingeckoId: "usd",
      backing: "crypto-backed",
      issuer: null,
      overlay: null,
    },
    matchedBy: "symbol",
    alternatives: [],
    aggregate: { value: [ENTRY], asOf: 1, stale: false },
    aggregateEntry: ENTRY,
    quote: { value: QUOTE, asOf: 1, stale: false },
    tickers: { value: [], asOf: 1, stale: false },
    pools: {
      value: [],
      asOf: 1,
      failedChains: [],
      queried: 2,
      chains: ["base", "arbitrum"],
      contracts: "market-provider",
      stale: null,
      warnings: [W.dexNoPools],
      upstream: false,
    },
    supplySnapshot: null,
    asked: { market: true, dex: true },
    upstream: false,
    warnings: [],
    ...over,
  };
}
