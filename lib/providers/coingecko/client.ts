/**
 * Market data provider (CoinGecko). The optional key is sent only as a header
 * (`x-cg-demo-api-key`, or `x-cg-pro-api-key` on the pro plan) — never in the URL. Its 404 for
 * an id it does not know (`{"error":"coin not found"}`) is an answer: no tickers, an empty chart.
 */
import { z } from "zod";
import { getConfig } from "@/lib/config";
import type { ContractAddress, MarketChart, MarketQuote, MarketTicker } from "@/lib/domain/types";
import { providerGet, type ProviderCallOptions } from "../http";
import { fillPath, idSegment, ProviderInputError } from "../segments";
import {
  toContractAddresses,
  toMarketQuote,
  toMarketTicker,
  toPriceSeries,
  toValuePoints,
} from "./map";
import { coinDetailSchema, marketChartSchema, marketsSchema, tickersSchema } from "./schemas";

const PROVIDER = "coingecko";
export const COINGECKO_ENDPOINTS = {
  markets: "/coins/markets",
  marketChart: "/coins/{id}/market_chart",
  tickers: "/coins/{id}/tickers",
  coinDetail: "/coins/{id}",
} as const;

/** Coin detail without the heavy parts: only identity and `platforms` are needed. */
const COIN_DETAIL_QUERY = {
  localization: "false",
  tickers: "false",
  market_data: "false",
  community_data: "false",
  developer_data: "false",
  sparkline: "false",
} as const;

/**
 * `/coins/markets` answers at most `per_page` rows (default 100, max 250): one call per 250 ids,
 * asking for the whole page.
 */
export const MARKETS_IDS_PER_CALL = 250;

/** 1 → 5-minute points, 7–90 → hourly, 365 → daily (CoinGecko's automatic granularity). */
export const MARKET_CHART_DAYS = [1, 7, 30, 90, 365] as const;
export type MarketChartDays = (typeof MARKET_CHART_DAYS)[number];

function keyHeaders(): Record<string, string> {
  const { apiKey, plan } = getConfig().providers.coingecko;
  if (!apiKey) return {};
  return plan === "pro" ? { "x-cg-pro-api-key": apiKey } : { "x-cg-demo-api-key": apiKey };
}

function base() {
  return {
    provider: PROVIDER,
    baseUrl: getConfig().providers.coingecko.baseUrl,
    headers: keyHeaders(),
  } as const;
}

const HTTP_NOT_FOUND = 404;
/** The coin is unknown to CoinGecko (read as null; any other 404 body stays a failure). */
const coinNotFound = z.object({ error: z.literal("coin not found") }).transform(() => null);

/** Validated, de-duplicated ids in chunks of at most `MARKETS_IDS_PER_CALL`: one call each. */
export function marketsChunks(ids: readonly string[]): string[][] {
  const endpoint = COINGECKO_ENDPOINTS.markets;
  const unique = [...new Set(ids)].map((id) =>
    idSegment(id, { provider: PROVIDER, endpoint }, "coin id"),
  );
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += MARKETS_IDS_PER_CALL)
    chunks.push(unique.slice(i, i + MARKETS_IDS_PER_CALL));
  return chunks;
}

/** One `/coins/markets` call for one chunk (at most `MARKETS_IDS_PER_CALL` validated ids). */
export async function fetchMarketsChunk(
  chunk: readonly string[],
  options: ProviderCallOptions = {},
): Promise<MarketQuote[]> {
  const endpoint = COINGECKO_ENDPOINTS.markets;
  const rows = await providerGet({
    ...base(),
    endpoint,
    path: endpoint,
    query: { vs_currency: "usd", ids: chunk.join(","), per_page: String(MARKETS_IDS_PER_CALL) },
    schema: marketsSchema,
    ...options,
  });
  return rows.map(toMarketQuote);
}

/** `GET /coins/markets?vs_currency=usd&ids=…` → one quote per known id (unknown ids are absent). */
export async function fetchMarkets(
  ids: string[],
  options: ProviderCallOptions = {},
): Promise<MarketQuote[]> {
  const quotes: MarketQuote[] = [];
  for (const chunk of marketsChunks(ids)) quotes.push(...(await fetchMarketsChunk(chunk, options)));
  return quotes;
}

/** `GET /coins/{id}/market_chart?vs_currency=usd&days=N` → price, market-cap and volume series. */
export async function fetchMarketChart(
  id: string,
  days: MarketChartDays,
  options: ProviderCallOptions = {},
): Promise<MarketChart> {
  const endpoint = COINGECKO_ENDPOINTS.marketChart;
  const ctx = { provider: PROVIDER, endpoint } as const;
  if (!MARKET_CHART_DAYS.includes(days)) throw new ProviderInputError(PROVIDER, endpoint, "days");
  const raw = await providerGet({
    ...base(),
    endpoint,
    path: fillPath(endpoint, { id: idSegment(id, ctx, "coin id") }, ctx),
    query: { vs_currency: "usd", days: String(days) },
    schema: z.union([coinNotFound, marketChartSchema]),
    answerStatuses: [HTTP_NOT_FOUND],
    ...options,
  });
  if (raw === null) return { prices: [], droppedPrices: 0, marketCaps: [], volumes: [] };
  const prices = toPriceSeries(raw.prices);
  return {
    prices: prices.points,
    droppedPrices: prices.dropped,
    marketCaps: toValuePoints(raw.market_caps),
    volumes: toValuePoints(raw.total_volumes),
  };
}

/** `GET /coins/{id}/tickers?depth=true` → venue tickers with ±2 % depth where the provider has it. */
export async function fetchTickers(
  id: string,
  options: ProviderCallOptions = {},
): Promise<MarketTicker[]> {
  const endpoint = COINGECKO_ENDPOINTS.tickers;
  const ctx = { provider: PROVIDER, endpoint } as const;
  const raw = await providerGet({
    ...base(),
    endpoint,
    path: fillPath(endpoint, { id: idSegment(id, ctx, "coin id") }, ctx),
    query: { depth: "true" },
    schema: z.union([coinNotFound, tickersSchema]),
    answerStatuses: [HTTP_NOT_FOUND],
    ...options,
  });
  return raw === null ? [] : raw.tickers.map(toMarketTicker);
}

/**
 * `GET /coins/{id}?localization=false&tickers=false&market_data=false&…` → the coin's token
 * contracts per platform (`[]` for a native coin).
 */
export async function fetchCoinContracts(
  id: string,
  options: ProviderCallOptions = {},
): Promise<ContractAddress[]> {
  const endpoint = COINGECKO_ENDPOINTS.coinDetail;
  const ctx = { provider: PROVIDER, endpoint } as const;
  const raw = await providerGet({
    ...base(),
    endpoint,
    path: fillPath(endpoint, { id: idSegment(id, ctx, "coin id") }, ctx),
    query: { ...COIN_DETAIL_QUERY },
    schema: coinDetailSchema,
    ...options,
  });
  return toContractAddresses(raw);
}
