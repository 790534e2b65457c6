/**
 * Kraken public order book (keyless, docs/upstream.md): `GET /0/public/Depth?pair=&count=`. Errors
 * come with HTTP 200 in `error` and no `result`; the `result` key is Kraken's own pair name,
 * which may differ from the request (`USDTUSD` → `USDTZUSD`), so the single key is read
 * positionally. `EQuery:Unknown asset pair` is an answer (the pair is not listed): an empty book.
 */
import { z } from "zod";
import { getConfig } from "@/lib/config";
import type { OrderBook } from "@/lib/domain/exit-cost";
import { bookSidesSchema, checked, MAX_BOOK_LEVELS, notListed, toOrderBook } from "../book";
import { ProviderError } from "../errors";
import { providerGet, type ProviderCallOptions } from "../http";
import { ownRecord } from "../parse";

const PROVIDER = "kraken";
export const KRAKEN_ENDPOINTS = { depth: "/0/public/Depth" } as const;

const UNKNOWN_PAIR = "EQuery:Unknown asset pair";

const depthSchema = z.object({
  error: z.array(z.string()),
  result: ownRecord(bookSidesSchema).optional(),
});

/** Kraken's request pair name: base and quote run together (`USDCUSD`). */
export function krakenPair(base: string, quote: string): string {
  return `${base}${quote}`.toUpperCase();
}

export async function fetchKrakenBook(
  pair: string,
  options: ProviderCallOptions = {},
): Promise<OrderBook> {
  const endpoint = KRAKEN_ENDPOINTS.depth;
  const ctx = { provider: PROVIDER, endpoint } as const;
  const body = await providerGet({
    provider: PROVIDER,
    endpoint,
    baseUrl: getConfig().providers.kraken.baseUrl,
    path: endpoint,
    query: { pair: checked(pair, ctx), count: String(MAX_BOOK_LEVELS) },
    schema: depthSchema,
    ...options,
  });
  if (body.error.includes(UNKNOWN_PAIR)) return notListed();
  const book = body.result ? Object.values(body.result)[0] : undefined;
  // The exchange's own error text is not passed on (user-safe messages only).
  if (body.error.length > 0 || !book)
    throw new ProviderError("http", PROVIDER, endpoint, "the exchange answered an error");
  return toOrderBook(book);
}
