/**
 * The second independent price of every coin: the DefiLlama coins API's current prices for the
 * whole market in one read-layer entry (`live:coin-prices` family, key `…:prices:all`), keyed
 * `coingecko:<id>` (the aggregate's and the overlay's CoinGecko ids). A coin without a CoinGecko
 * id gets a `<chain>:<address>` key from `coinKeyFor` when its contracts are known.
 */
import { OVERLAY_COINS } from "@/lib/assets/overlay";
import { coinKeyFor } from "@/lib/domain/coin-keys";
import { priceSetKey, readPriceSet, type PriceSet } from "@/lib/snapshot/coin-prices";
import { aggregateHeldLocally, entryHeld, readAggregate } from "@/lib/snapshot/live";
import type { CachedRead } from "@/lib/snapshot/read-through";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export { priceIn, readCurrentPrices, type PriceSet } from "@/lib/snapshot/coin-prices";

/** The overlay's coin keys, sorted. */
export function overlayCoinKeys(): string[] {
  const keys = OVERLAY_COINS.map((t) => coinKeyFor({ coingeckoId: t.coingeckoId }));
  return [...new Set(keys.filter((k): k is string => k !== null))].sort();
}

/** Every coin key of the market: aggregate ∪ overlay, sorted. */
export async function marketCoinKeys(opts?: ReadOpts): Promise<string[]> {
  const keys = new Set<string>(overlayCoinKeys());
  const add = (key: string | null) => {
    if (key) keys.add(key);
  };
  try {
    const aggregate = await readAggregate(opts);
    for (const a of aggregate.value.assets) add(coinKeyFor({ coingeckoId: a.geckoId }));
  } catch {
    // Aggregate unavailable: the overlay's coins still get a second price.
  }
  return [...keys].sort();
}

/**
 * Current DefiLlama coins prices of every coin (one entry; one call per chunk of keys). The key
 * is chosen like the quote batch's (`readMarketQuotes`): `forCoin` is the coin key of a
 * request for one coin.
 */
export async function readMarketPrices(
  opts?: ReadOpts,
  forCoin?: string,
): Promise<CachedRead<PriceSet>> {
  const all = () => readPriceSet("all", () => marketCoinKeys(opts), opts);
  const overlay = () => readPriceSet("overlay", async () => overlayCoinKeys(), opts);
  if (forCoin === undefined) return all();
  // Decided before any await (see readMarketQuotes).
  const aggregateHeld = aggregateHeldLocally(opts);
  if (await entryHeld(priceSetKey("all"), opts)) return all();
  const inOverlay = overlayCoinKeys().includes(forCoin);
  if (inOverlay && (!aggregateHeld || (await entryHeld(priceSetKey("overlay"), opts))))
    return overlay();
  try {
    return await all();
  } catch (error) {
    if (await entryHeld(priceSetKey("overlay"), opts)) return overlay();
    throw error;
  }
}
