/**
 * Market provider quotes for every coin, from one batch (`lib/snapshot/market-batch.ts`): the
 * ids are every CoinGecko id of the aggregate list plus the overlay's (so the overlay's coins
 * keep a quote while the aggregate is unavailable). A request for any coin reads the batch.
 */
import { OVERLAY_COINS } from "@/lib/assets/overlay";
import type { MarketQuote } from "@/lib/domain/types";
import { aggregateHeldLocally, entryHeld, readAggregate } from "@/lib/snapshot/live";
import { quoteBatchKey, readQuoteBatch, type QuoteBatch } from "@/lib/snapshot/market-batch";
import type { CachedRead } from "@/lib/snapshot/read-through";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export type { QuoteBatch } from "@/lib/snapshot/market-batch";

const isId = (id: string | null | undefined): id is string => typeof id === "string" && id !== "";

/** The overlay's CoinGecko ids, sorted. */
export function overlayQuoteIds(): string[] {
  return [...new Set(OVERLAY_COINS.map((t) => t.coingeckoId).filter(isId))].sort();
}

/** Every CoinGecko id the batch asks for, sorted: aggregate ∪ overlay. */
export async function marketQuoteIds(opts?: ReadOpts): Promise<string[]> {
  const ids = new Set(overlayQuoteIds());
  try {
    const aggregate = await readAggregate(opts);
    for (const a of aggregate.value.assets) if (isId(a.geckoId)) ids.add(a.geckoId);
  } catch {
    // Aggregate unavailable: the overlay's ids still get quotes.
  }
  return [...ids].sort();
}

/**
 * The market-wide quote batch (one read-layer key, one call per 250 ids when it is filled).
 * Without `forCoin` (the refresher, the depeg log) it is always the market-wide entry. A request
 * for one coin (`forCoin`) reads it too when it is held here or in the store; until then (a cold
 * start) an overlay coin reads the overlay's batch, so its quote call never waits on the
 * aggregate, and keeps reading that copy while it exists; a coin outside the overlay waits on the
 * aggregate to be resolved anyway, and then fills the whole batch.
 */
export async function readMarketQuotes(
  opts?: ReadOpts,
  forCoin?: string,
): Promise<CachedRead<QuoteBatch>> {
  const all = () => readQuoteBatch("all", () => marketQuoteIds(opts), opts);
  const overlay = () => readQuoteBatch("overlay", async () => overlayQuoteIds(), opts);
  if (forCoin === undefined) return all();
  // Decided before any await: the aggregate read running beside this one must not switch a
  // cold request over to the market-wide key half way.
  const aggregateHeld = aggregateHeldLocally(opts);
  if (await entryHeld(quoteBatchKey("all"), opts)) return all();
  const inOverlay = overlayQuoteIds().includes(forCoin);
  if (inOverlay && (!aggregateHeld || (await entryHeld(quoteBatchKey("overlay"), opts))))
    return overlay();
  try {
    return await all();
  } catch (error) {
    // The first market-wide fill failed: the overlay's copy, when there is one, still serves.
    if (await entryHeld(quoteBatchKey("overlay"), opts)) return overlay();
    throw error;
  }
}

/**
 * One coin's quote in a batch: `asked` false when the batch's fill did not include the id (the
 * coin joined the list after it), so its absence does not mean "not found".
 */
export function quoteIn(
  batch: QuoteBatch | null | undefined,
  coingeckoId: string,
): { quote: MarketQuote | null; asked: boolean } {
  if (!batch) return { quote: null, asked: false };
  const quote = batch.quotes.find((x) => x.coingeckoId === coingeckoId) ?? null;
  return { quote, asked: quote !== null || batch.ids.includes(coingeckoId) };
}
