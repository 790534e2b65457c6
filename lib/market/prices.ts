/**
 * The second independent price of every coin: the DefiLlama coins API's current prices for the
 * whole market in one read-layer entry (`live:coin-prices` family, key `…:prices:all`), keyed
 * `coingecko:<id>` (the aggregate's and the overlay's CoinGecko ids). A coin without a CoinGecko
 * id is keyed `<chain>:<address>`: the overlay's contract overrides, else the aggregate's own
 * `address` from the coin's cached `/stablecoin/{id}` detail (peeked, never fetched here: the
 * refresher warms those details, `lib/refresh/families`), else it has no key and no such price.
 */
import { OVERLAY_COINS, type OverlayFacts } from "@/lib/assets/overlay";
import { DEX_CHAINS } from "@/lib/domain/chains";
import { coinKeyFor, llamaAddressCoinKey } from "@/lib/domain/coin-keys";
import { peekCoinChainBalances } from "@/lib/snapshot/chains";
import { priceSetKey, readPriceSet, type PriceSet } from "@/lib/snapshot/coin-prices";
import { aggregateHeldLocally, entryHeld, readAggregate } from "@/lib/snapshot/live";
import type { CachedRead } from "@/lib/snapshot/read-through";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export { priceIn, type PriceSet } from "@/lib/snapshot/coin-prices";

/** The overlay's contract overrides (DEX chain names are the coins API's slugs). */
const overlayContracts = (overlay: OverlayFacts | null | undefined) =>
  overlay
    ? DEX_CHAINS.flatMap((chain) => overlay.addresses[chain].map((c) => ({ chain, ...c })))
    : [];

/** A coin's key known without any read: its CoinGecko id, else an overlay contract. */
export function staticCoinKey(coin: {
  coingeckoId: string | null;
  overlay?: OverlayFacts | null;
}): string | null {
  return coinKeyFor({ coingeckoId: coin.coingeckoId, contracts: overlayContracts(coin.overlay) });
}

/** The key of the aggregate's `address` in the coin's cached detail; null when not cached. */
export async function cachedAddressKey(
  defillamaId: string | null,
  opts?: ReadOpts,
): Promise<string | null> {
  if (defillamaId === null) return null;
  const detail = await peekCoinChainBalances(defillamaId, opts).catch(() => null);
  return llamaAddressCoinKey(detail?.value.address);
}

/** A coin's DefiLlama coins key: `staticCoinKey`, else its cached address's (cache-only). */
export async function coinKeyOf(
  coin: { defillamaId: string | null; coingeckoId: string | null; overlay?: OverlayFacts | null },
  opts?: ReadOpts,
): Promise<string | null> {
  return staticCoinKey(coin) ?? cachedAddressKey(coin.defillamaId, opts);
}

/** The overlay's coin keys, sorted. */
export function overlayCoinKeys(): string[] {
  const keys = OVERLAY_COINS.map((t) => staticCoinKey({ coingeckoId: t.coingeckoId, overlay: t }));
  return [...new Set(keys.filter((k): k is string => k !== null))].sort();
}

/**
 * Every coin key of the market: aggregate ∪ overlay, sorted. A listed coin without a CoinGecko
 * id counts when its detail is cached (one store read each, only when the set is filled).
 */
export async function marketCoinKeys(opts?: ReadOpts): Promise<string[]> {
  const keys = new Set<string>(overlayCoinKeys());
  const add = (key: string | null) => {
    if (key) keys.add(key);
  };
  try {
    const aggregate = await readAggregate(opts);
    const unkeyed: string[] = [];
    for (const a of aggregate.value.assets) {
      const key = staticCoinKey({ coingeckoId: a.geckoId });
      if (key) add(key);
      else unkeyed.push(a.id);
    }
    (await Promise.all(unkeyed.map((id) => cachedAddressKey(id, opts)))).forEach(add);
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
