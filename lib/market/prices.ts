/**
 * The second independent price of every coin: the DefiLlama coins API's current prices for the
 * whole market in one read-layer entry (`live:coin-prices` family, key `…:prices:all`), keyed
 * `coingecko:<id>` (the aggregate's and the overlay's CoinGecko ids). A coin without a CoinGecko
 * id gets a `<chain>:<address>` key from `coinKeyFor` when its contracts are known.
 */
import { TRACKED_ASSETS } from "@/lib/assets/registry";
import { coinKeyFor } from "@/lib/domain/coin-keys";
import { readPriceSet, type PriceSet } from "@/lib/snapshot/coin-prices";
import { readAggregate } from "@/lib/snapshot/live";
import type { CachedRead } from "@/lib/snapshot/read-through";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export { priceIn, readCurrentPrices, type PriceSet } from "@/lib/snapshot/coin-prices";

const MARKET_SET = "all";

/** Every coin key of the market: aggregate ∪ overlay, sorted. */
export async function marketCoinKeys(opts?: ReadOpts): Promise<string[]> {
  const keys = new Set<string>();
  const add = (key: string | null) => {
    if (key) keys.add(key);
  };
  for (const t of TRACKED_ASSETS) add(coinKeyFor({ coingeckoId: t.coingeckoId }));
  try {
    const aggregate = await readAggregate(opts);
    for (const a of aggregate.value.assets) add(coinKeyFor({ coingeckoId: a.geckoId }));
  } catch {
    // Aggregate unavailable: the overlay's coins still get a second price.
  }
  return [...keys].sort();
}

/** Current DefiLlama coins prices of every coin (one entry; one call per chunk of keys). */
export function readMarketPrices(opts?: ReadOpts): Promise<CachedRead<PriceSet>> {
  return readPriceSet(MARKET_SET, () => marketCoinKeys(opts), opts);
}
