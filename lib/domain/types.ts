/**
 * Domain types returned by `lib/providers/*` clients. Types only: no runtime code here.
 * Raw upstream payloads never leave `lib/providers/<provider>/`; everything outside sees these.
 *
 * Conventions: USD amounts are plain numbers; `null` means "not reported / no record" (never 0
 * as a stand-in); chain names are canonical (see `canonicalChain` in `lib/domain/chains.ts`);
 * timestamps in series are unix milliseconds.
 */

/** The three backing mechanism labels (DefiLlama `pegMechanism` maps 1:1). */
export type BackingLabel = "fiat-backed" | "crypto-backed" | "algorithmic";

/** Per-chain circulating values of one aggregate asset, in USD (pre-Dec-2025 upstream: peg units). */
export interface ChainCirculating {
  currentUsd: number;
  prevDayUsd: number | null;
  prevWeekUsd: number | null;
  prevMonthUsd: number | null;
}

/** One stablecoin from the aggregate API (DefiLlama `/stablecoins`). */
export interface AggregateAsset {
  /** DefiLlama id, e.g. `"1"` for USDT. */
  id: string;
  name: string;
  symbol: string;
  geckoId: string | null;
  /** `peggedUSD`, `peggedEUR`, `peggedVAR`, … */
  pegType: string;
  backing: BackingLabel | null;
  priceUsd: number | null;
  /** `null` when the upstream had no current record: unknown, never 0. */
  circulatingUsd: number | null;
  /** `null` when the upstream had no record (`{}` in current responses, `0` in the 2024 ones). */
  circulatingPrevDayUsd: number | null;
  circulatingPrevWeekUsd: number | null;
  circulatingPrevMonthUsd: number | null;
  /** Keyed by canonical chain; labels that map to one chain (`OP Mainnet`, `Optimism`) are merged. */
  chainCirculating: Record<string, ChainCirculating>;
  /** Canonical chains, largest first, without duplicates. */
  chains: string[];
  deprecated: boolean;
  delisted: boolean;
  yieldBearing: boolean;
  /** DefiLlama's `deadFrom` as sent (absent in entries cached before it was read). */
  deadFrom?: string | null;
}

export interface AggregateSnapshot {
  assets: AggregateAsset[];
}

export interface SupplyPoint {
  timestampMs: number;
  circulatingUsd: number;
}

/** One row of the market provider's `/coins/markets`. */
export interface MarketQuote {
  coingeckoId: string;
  symbol: string;
  name: string;
  priceUsd: number | null;
  marketCapUsd: number | null;
  volume24hUsd: number | null;
  /** Percent, e.g. `-0.00338` means −0.00338 %. */
  priceChange24hPct: number | null;
  /** ISO timestamp as sent by the provider. */
  lastUpdated: string | null;
}

export interface PricePoint {
  timestampMs: number;
  priceUsd: number;
}

/** A USD-valued point of a market-cap or volume series. */
export interface ValuePoint {
  timestampMs: number;
  valueUsd: number;
}

/** Series sorted by time ascending; points with non-finite values are dropped. */
export interface MarketChart {
  /** Only real prices (finite, positive): see `droppedPrices`. */
  prices: PricePoint[];
  /** Points of the provider's price series that were not prices (zero, negative, non-finite). */
  droppedPrices: number;
  marketCaps: ValuePoint[];
  volumes: ValuePoint[];
}

/** One venue ticker of the market provider (`/coins/{id}/tickers?depth=true`). */
export interface MarketTicker {
  /** Venue display name, e.g. `Binance`. */
  exchange: string;
  /** Venue identifier, e.g. `binance`. */
  exchangeId: string;
  /** Symbols on CEXes; contract addresses on DEX tickers. */
  base: string;
  target: string;
  /** Last price in `target` units. */
  lastPrice: number | null;
  /** Last price converted to USD, when the provider sent it. */
  lastPriceUsd?: number | null;
  volumeUsd: number | null;
  /** USD needed to move the price +2 % (only with `depth=true`, absent on many tickers). */
  costToMoveUpUsd: number | null;
  /** USD needed to move the price −2 %. */
  costToMoveDownUsd: number | null;
  isStale: boolean;
  isAnomaly: boolean;
  trustScore: string | null;
  isDex: boolean;
}

/** A token contract of a coin on one chain, as the market provider lists it (coin detail). */
export interface ContractAddress {
  /** The market provider's platform id (`arbitrum-one`, `binance-smart-chain`, …). */
  platform: string;
  address: string;
  decimals: number | null;
}

export interface DexToken {
  address: string;
  symbol: string;
  name: string;
}

/** One DEX pool containing the queried token (DexScreener `/token-pairs/v1`). */
export interface DexPool {
  /** Canonical chain (`bsc` → `bnb`). */
  chain: string;
  dexId: string;
  pairAddress: string;
  url: string | null;
  labels: string[];
  baseToken: DexToken;
  quoteToken: DexToken;
  /** Which side of the pair the queried token is on. */
  assetSide: "base" | "quote";
  /** USD price of the queried token, computed from its own side of the pair. */
  assetPriceUsd: number | null;
  /** Symbol of the other token of the pair. */
  counterSymbol: string;
  /** Pool TVL in USD (not ±2 % depth); missing on bonding-curve pools. */
  liquidityUsd: number | null;
  liquidityBase: number | null;
  liquidityQuote: number | null;
  volume24hUsd: number | null;
  /** Unix ms. */
  pairCreatedAt: number | null;
}

/** Latest stored result of a scheduled on-chain query (Dune `/query/{id}/results`). */
export interface DuneResult {
  queryId: string;
  executionId: string;
  /** e.g. `QUERY_STATE_COMPLETED`. */
  state: string;
  /** ISO 8601 (`…Z`); the time of the last successful run, surfaced as `last_updated`. */
  executionEndedAt: string;
  /** Cells keep their SQL types: numbers may be strings, timestamps `2024-03-11 00:00:00.000 UTC`. */
  rows: Record<string, unknown>[];
  /** Rows of the whole result (all pages), as reported by the provider. */
  totalRowCount: number;
  /** True when the page cap stopped pagination before the last page. */
  truncated?: boolean;
}
