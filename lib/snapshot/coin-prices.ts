/**
 * Current prices from the DefiLlama coins API, many coins per call: one market-wide entry filled
 * in chunks (`chunkCoinKeys`), one budget call per chunk.
 */
import { z } from "zod";
import { chunkCoinKeys, type CoinPrice } from "@/lib/domain/coin-keys";
import { fetchCurrentPrices } from "@/lib/providers/defillama-coins/client";
import type { CachedRead } from "./read-through";
import { fetchChunks, readFamily, type ReadOpts } from "./reader";

/** Every price names its source. */
export const COIN_PRICES_SOURCE = "defillama-coins";

export interface PriceSet {
  source: typeof COIN_PRICES_SOURCE;
  /** Every key the fill asked for: a key listed here without a price has none at the source. */
  keys: string[];
  prices: CoinPrice[];
}

const priceSetEntry: z.ZodType<PriceSet> = z.object({
  source: z.literal(COIN_PRICES_SOURCE),
  keys: z.array(z.string()),
  prices: z.array(
    z.object({
      key: z.string(),
      priceUsd: z.number(),
      timestampMs: z.number(),
      confidence: z.number().nullable(),
    }),
  ),
});

export const PRICE_SET_KEY = "live:v1:defillama-coins:prices:all";

/** The one entry: `keys` is asked only when a fill runs. */
export function readPriceSet(
  keys: () => Promise<readonly string[]>,
  opts?: ReadOpts,
): Promise<CachedRead<PriceSet>> {
  return readFamily({
    family: "live:coin-prices",
    key: PRICE_SET_KEY,
    schema: priceSetEntry,
    fetch: async ({ spendExtraCall }) => {
      const chunks = chunkCoinKeys(await keys());
      const got = await fetchChunks(chunks, (chunk) => fetchCurrentPrices(chunk), spendExtraCall);
      return { source: COIN_PRICES_SOURCE, keys: got.asked, prices: got.results };
    },
    isEmpty: (v) => v.prices.length === 0,
    opts,
  });
}

/** One key's price in a set: `asked` false when the set's fill did not include the key. */
export function priceIn(
  set: PriceSet | null | undefined,
  key: string,
): { price: CoinPrice | null; asked: boolean } {
  if (!set) return { price: null, asked: false };
  const price = set.prices.find((p) => p.key === key) ?? null;
  return { price, asked: price !== null || set.keys.includes(key) };
}
