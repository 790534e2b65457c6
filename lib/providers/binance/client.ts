/** Binance public order book (keyless, docs/upstream.md): `GET /api/v3/depth?symbol=&limit=`. */
import { z } from "zod";
import { getConfig } from "@/lib/config";
import type { OrderBook } from "@/lib/domain/exit-cost";
import { bookSidesSchema, checked, MAX_BOOK_LEVELS, toOrderBook } from "../book";
import { providerGet, type ProviderCallOptions } from "../http";

const PROVIDER = "binance";
export const BINANCE_ENDPOINTS = { depth: "/api/v3/depth" } as const;

/** The body has no timestamp (only `lastUpdateId`): the read layer stamps the receive time. */
const depthSchema = bookSidesSchema.extend({ lastUpdateId: z.number().optional() });

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
    schema: depthSchema,
    ...options,
  });
  return toOrderBook(body);
}
