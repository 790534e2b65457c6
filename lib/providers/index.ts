/**
 * Upstream provider clients. Every function returns domain types (`@/lib/domain/types`), never
 * raw payloads, and fails with a `ProviderError` (kinds timeout | http | network | schema |
 * too_large). Bad ids/addresses are refused with a `ProviderInputError` before any request;
 * a missing Dune key is a `DuneKeyMissingError`.
 */
export {
  fetchStablecoins,
  fetchSupplyHistory,
  fetchTotalSupplyHistory,
  DEFILLAMA_ENDPOINTS,
} from "./defillama/client";
export {
  fetchStablecoinPrices,
  dailyPricePoints,
  DAILY_PRICE_HISTORY_DAYS,
  type DailyPriceTable,
} from "./defillama/prices";
export {
  fetchMarkets,
  fetchMarketsChunk,
  marketsChunks,
  MARKETS_IDS_PER_CALL,
  fetchMarketChart,
  fetchTickers,
  COINGECKO_ENDPOINTS,
  MARKET_CHART_DAYS,
  type MarketChartDays,
} from "./coingecko/client";
export {
  fetchCurrentPrices,
  fetchHourlyChart,
  DEFILLAMA_COINS_ENDPOINTS,
} from "./defillama-coins/client";
export { fetchTokenPairs, dexscreenerChainId, DEXSCREENER_ENDPOINTS } from "./dexscreener/client";
export {
  fetchLatestResults,
  DuneKeyMissingError,
  isDuneKeyMissingError,
  DUNE_ENDPOINTS,
  DEFAULT_DUNE_PAGE_LIMIT,
  DEFAULT_DUNE_MAX_PAGES,
  type LatestResultsOptions,
} from "./dune/client";
export { normaliseDuneTimestamp } from "./dune/timestamps";
export { ProviderError, isProviderError, type ProviderErrorKind } from "./errors";
export { ProviderInputError, isProviderInputError } from "./segments";
export { type ProviderCallOptions } from "./http";
