/**
 * Coinbase Exchange public order book (keyless, docs/upstream.md):
 * `GET /products/{id}/book?level=2` — the whole aggregated book (cut to MAX_BOOK_LEVELS). A
 * product Coinbase does not list (HTTP 404 `{"message":"NotFound"}`) is an answer: an empty book.
 */
import { z } from "zod";
import { getConfig } from "@/lib/config";
import type { OrderBook } from "@/lib/domain/exit-cost";
import { bookSidesSchema, notListed, toOrderBook } from "../book";
import { providerGet, type ProviderCallOptions } from "../http";
import { fillPath, idSegment } from "../segments";

const PROVIDER = "coinbase";
export const COINBASE_ENDPOINTS = { book: "/products/{id}/book" } as const;
const LEVEL_AGGREGATED = "2";
const HTTP_NOT_FOUND = 404;
const notFoundSchema = z.object({ message: z.literal("NotFound") });

const bookSchema = bookSidesSchema.extend({
  sequence: z.number().optional(),
  time: z.string().optional(),
});

/** Coinbase's product id of a pair (`USDT-USD`). */
export function coinbaseProduct(base: string, quote: string): string {
  return `${base}-${quote}`.toUpperCase();
}

export async function fetchCoinbaseBook(
  productId: string,
  options: ProviderCallOptions = {},
): Promise<OrderBook> {
  const endpoint = COINBASE_ENDPOINTS.book;
  const ctx = { provider: PROVIDER, endpoint } as const;
  const body = await providerGet({
    provider: PROVIDER,
    endpoint,
    baseUrl: getConfig().providers.coinbase.baseUrl,
    path: fillPath(endpoint, { id: idSegment(productId, ctx, "product id") }, ctx),
    query: { level: LEVEL_AGGREGATED },
    schema: z.union([bookSchema, notFoundSchema]),
    answerStatuses: [HTTP_NOT_FOUND],
    ...options,
  });
  return "bids" in body ? toOrderBook(body) : notListed();
}
