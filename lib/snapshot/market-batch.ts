/**
 * The market-wide quote batch: one `live:quotes` entry for every coin with a CoinGecko id,
 * filled in chunks of `MARKETS_IDS_PER_CALL`, one budget call per chunk, spent before the first.
 */
import { z } from "zod";
import type { MarketQuote } from "@/lib/domain/types";
import { fetchMarketsChunk, marketsChunks } from "@/lib/providers/coingecko/client";
import { quotesEntry } from "./entry-schemas";
import type { CachedRead } from "./read-through";
import { fetchChunks, type Peeked, peekFamily, readFamily, type ReadOpts } from "./reader";

export interface QuoteBatch {
  /** Every id the fill asked for: a coin absent from `quotes` but listed here was not found. */
  ids: string[];
  quotes: MarketQuote[];
}

/** The one market-wide key (its ids from the asset layer: lib/assets/market-batches.ts). */
export const QUOTE_BATCH_KEY = "live:v1:coingecko:markets-batch:all";

const quoteBatchEntry: z.ZodType<QuoteBatch> = z.object({
  ids: z.array(z.string()),
  quotes: quotesEntry,
});

export function readQuoteBatch(
  ids: () => Promise<readonly string[]>,
  opts?: ReadOpts,
): Promise<CachedRead<QuoteBatch>> {
  return readFamily({
    family: "live:quotes",
    key: QUOTE_BATCH_KEY,
    schema: quoteBatchEntry,
    fetch: async ({ spendExtraCall }) => {
      const chunks = marketsChunks(await ids());
      const got = await fetchChunks(chunks, (chunk) => fetchMarketsChunk(chunk), spendExtraCall);
      return { ids: got.asked, quotes: got.results };
    },
    isEmpty: (v) => v.quotes.length === 0,
    opts,
  });
}

/** The market-wide batch as cached, never a provider call. */
export function peekQuoteBatch(opts?: ReadOpts): Promise<Peeked<QuoteBatch> | null> {
  return peekFamily({
    family: "live:quotes",
    key: QUOTE_BATCH_KEY,
    schema: quoteBatchEntry,
    opts,
  });
}
