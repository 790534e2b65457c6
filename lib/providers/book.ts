/**
 * Shared pieces of the three CEX order-book clients (Binance, Kraken, Coinbase Exchange): rows
 * are `[price, size, ...]` with decimal strings (trailing zeros trimmed or not, any number of
 * decimals); extra columns (Kraken's timestamp, Coinbase's order count) are ignored. Books are
 * cut to MAX_BOOK_LEVELS per side: Coinbase's level-2 book is the whole book (tens of
 * thousands of rows), and an exit of at most MAX_EXIT_SIZE_USD never walks that far.
 */
import { z } from "zod";
import type { BookLevel, OrderBook } from "@/lib/domain/exit-cost";
import { ProviderInputError, type SegmentContext } from "./segments";

/** Levels kept per side; also the depth asked of Binance (weight 25) and Kraken (max 500). */
export const MAX_BOOK_LEVELS = 500;

const decimalString = z.string().regex(/^\d{1,20}(\.\d{1,20})?$/, "expected a decimal string");

const levelSchema = z
  .tuple([decimalString, decimalString])
  .rest(z.unknown())
  .transform((row): BookLevel => [row[0], row[1]]);

export const sideSchema = z.array(levelSchema).transform((rows) => rows.slice(0, MAX_BOOK_LEVELS));

export const bookSidesSchema = z.object({ bids: sideSchema, asks: sideSchema });

/**
 * An exchange's own "this pair is not listed" answer, as a book: empty (an answer, cached like
 * any valid empty one, never a failure retried every cooldown).
 */
export const notListed = (): OrderBook => ({ bids: [], asks: [] });

export function toOrderBook(sides: z.output<typeof bookSidesSchema>): OrderBook {
  return { bids: sides.bids, asks: sides.asks };
}

const PAIR_PATTERN = /^[A-Z0-9]{2,24}$/;

/** A pair symbol for a query string: letters and digits only, else refused before any call. */
export function checked(symbol: string, ctx: SegmentContext): string {
  if (!PAIR_PATTERN.test(symbol)) throw new ProviderInputError(ctx.provider, ctx.endpoint, "pair");
  return symbol;
}
