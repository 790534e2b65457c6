/**
 * Binance public order book (keyless, docs/upstream.md): `GET /api/v3/depth?symbol=&limit=`. A pair
 * Binance does not list (HTTP 400, code -1121 "Invalid symbol") is an answer: an empty book.
 */
import { z } from "zod";
import { getConfig } from "@/lib/config";
import type { OrderBook } from "@/lib/domain/exit-cost";
import { bookSidesSchema, checked, MAX_BOOK_LEVELS, notListed, toOrderBook } from "../book";
import { ProviderError } from "../errors";
import { providerGet, type ProviderCallOptions } from "../http";

const PROVIDER = "binance";
export const BINANCE_ENDPOINTS = { depth: "/api/v3/depth" } as const;

/** The body has no timestamp (only `lastUpdateId`): the read layer stamps the receive time. */
const depthSchema = bookSidesSchema.extend({ lastUpdateId: z.number().optional() });
/** Binance's error body (HTTP 4xx): `{"code": -1121, "msg": "Invalid symbol."}`. */
const errorSchema = z.object({ code: z.number().int(), msg: z.string().optional() });
const HTTP_BAD_REQUEST = 400;
/** `BAD_SYMBOL`: the pair is not listed. */
const INVALID_SYMBOL = -1121;

/** Binance's symbol of a pair: base and quote run together (`USDCUSDT`). */
export function binanceSymbol(base: string, quote: string): string {
  return `${base}${quote}`.toUpperCase();
}

export async function fetchBinanceBook(
  symbol: string,
  options: ProviderCallOptions = {},
): Promise<OrderBook> {
  const endpoint = BINANCE_ENDPOINTS.depth;
  const ctx = { provider: PROVIDER, endpoint } as const;
  const body = await providerGet({
    provider: PROVIDER,
    endpoint,
    baseUrl: getConfig().providers.binance.baseUrl,
    path: endpoint,
    query: { symbol: checked(symbol, ctx), limit: String(MAX_BOOK_LEVELS) },
    schema: z.union([depthSchema, errorSchema]),
    answerStatuses: [HTTP_BAD_REQUEST],
    ...options,
  });
  if ("bids" in body) return toOrderBook(body);
  if (body.code === INVALID_SYMBOL) return notListed();
  throw new ProviderError("http", PROVIDER, endpoint, `error code ${body.code}`, HTTP_BAD_REQUEST);
}
