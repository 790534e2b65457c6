/**
 * Order books and DEX quotes for exit cost (`exit:book:<exchange>`, `exit:dex-quote`). A quote is
 * keyed by its USD size; the stored value keeps the raw amount it was asked for.
 */
import { z } from "zod";
import type { DexQuote, OrderBook } from "@/lib/domain/exit-cost";
import { fetchBinanceBook } from "@/lib/providers/binance/client";
import { fetchCoinbaseBook } from "@/lib/providers/coinbase/client";
import { fetchKrakenBook } from "@/lib/providers/kraken/client";
import { fetchDexQuote } from "@/lib/providers/kyberswap/client";
import type { CachedRead } from "./read-through";
import { readFamily, type ReadOpts } from "./reader";

export type Exchange = "binance" | "kraken" | "coinbase";

const level = z.tuple([z.string(), z.string()]).readonly();
const bookEntry: z.ZodType<OrderBook> = z.object({ bids: z.array(level), asks: z.array(level) });
const quoteEntry: z.ZodType<DexQuote> = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("route"),
    amountInRaw: z.string(),
    amountOutRaw: z.string(),
    gasUsd: z.number().nullable(),
  }),
  z.object({ kind: z.literal("no-route"), code: z.number() }),
]);

const BOOK_FETCH = {
  binance: fetchBinanceBook,
  kraken: fetchKrakenBook,
  coinbase: fetchCoinbaseBook,
} as const satisfies Record<Exchange, (pair: string) => Promise<OrderBook>>;

/** One exchange's book for one pair (`pair` in the exchange's own spelling). */
export function readOrderBook(
  exchange: Exchange,
  pair: string,
  opts?: ReadOpts,
): Promise<CachedRead<OrderBook>> {
  return readFamily({
    family: `exit:book:${exchange}`,
    key: `exit:v1:${exchange}:book:${pair}`,
    schema: bookEntry,
    fetch: () => BOOK_FETCH[exchange](pair),
    // A book with no levels at all is a valid empty answer (negatively cached).
    isEmpty: (b) => b.bids.length === 0 && b.asks.length === 0,
    opts,
  });
}

export interface QuoteRequest {
  chain: string;
  tokenIn: string;
  tokenOut: string;
  sizeUsd: number;
  /** Computed at fetch time from the size, the coin's price and its decimals. */
  amountInRaw: () => string;
}

/** The DEX aggregator's quote for selling `sizeUsd` of `tokenIn` into `tokenOut` on `chain`. */
export function readDexQuote(req: QuoteRequest, opts?: ReadOpts): Promise<CachedRead<DexQuote>> {
  const tokens = `${req.tokenIn.toLowerCase()}:${req.tokenOut.toLowerCase()}`;
  return readFamily({
    family: "exit:dex-quote",
    key: `exit:v1:kyberswap:quote:${req.chain}:${tokens}:${req.sizeUsd}`,
    schema: quoteEntry,
    fetch: () => fetchDexQuote(req.chain, req.tokenIn, req.tokenOut, req.amountInRaw()),
    opts,
  });
}
