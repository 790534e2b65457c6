/**
 * The market-wide batches' ids, from the asset layer: the quote batch (`live:quotes`, one key)
 * asks for every listed coin's CoinGecko id, the second price set (`live:coin-prices`, one key)
 * for every coin's DefiLlama coins key — `coingecko:<id>`, else `<chain>:<address>` from an
 * overlay contract or the aggregate's `address` in the coin's `/stablecoin/{id}` detail. The coins
 * are the aggregate list's, resolved as a request resolves them (the overlay's identities only
 * while no copy of the list can be read). Ids are asked only when a fill runs.
 */
import { DEX_CHAINS } from "@/lib/domain/chains";
import { coinKeyFor, llamaAddressCoinKey } from "@/lib/domain/coin-keys";
import type { MarketQuote } from "@/lib/domain/types";
import { peekCoinChainBalances, readCoinChainBalances } from "@/lib/snapshot/chains";
import { readPriceSet, type PriceSet } from "@/lib/snapshot/coin-prices";
import { knownAggregate, readAggregate } from "@/lib/snapshot/live";
import { readQuoteBatch, type QuoteBatch } from "@/lib/snapshot/market-batch";
import type { CachedRead } from "@/lib/snapshot/read-through";
import { newWarmLedger, type ReadOpts } from "@/lib/snapshot/read-opts";
import type { OverlayFacts } from "./overlay";
import { resolvedAssets, toAggregateRef, type ResolvedAsset } from "./resolve";

/** Detail reads of address-keyed coins at once, when the refresher fills the price set. */
const ADDRESS_READS_AT_ONCE = 8;

export { priceIn, type PriceSet } from "@/lib/snapshot/coin-prices";
export type { QuoteBatch } from "@/lib/snapshot/market-batch";

/**
 * Every listed coin as a request resolves it: the list as held (no wait), else as read now; the
 * overlay's coins while the list is unavailable.
 */
async function marketAssets(opts?: ReadOpts): Promise<ResolvedAsset[]> {
  const known = await knownAggregate(opts);
  const list = known ?? (await readAggregate(opts).catch(() => null))?.value ?? null;
  return resolvedAssets((list?.assets ?? []).map(toAggregateRef));
}

const sortedUnique = (xs: readonly (string | null)[]) =>
  [...new Set(xs.filter((x): x is string => x !== null && x !== ""))].sort();

/** The market-wide quote batch (one key, one call per 250 ids when it is filled). */
export function readMarketQuotes(opts?: ReadOpts): Promise<CachedRead<QuoteBatch>> {
  return readQuoteBatch(
    async () => sortedUnique((await marketAssets(opts)).map((a) => a.coingeckoId)),
    opts,
  );
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

/**
 * The address keys of coins without a static key. A request only peeks at their cached details;
 * the scheduled refresher reads them (a call each when missing), so its first fill of the set
 * already asks for every coin that has an address.
 */
async function addressKeys(ids: readonly string[], opts?: ReadOpts): Promise<(string | null)[]> {
  const warm = opts?.warm;
  if (!warm) return Promise.all(ids.map((id) => cachedAddressKey(id, opts)));
  // Its own ledger (the pass' call count shared): a coin without a detail does not fail the set.
  const detailOpts = { ...opts, warm: newWarmLedger(warm.leadMs, warm.spent, warm.passStartedMs) };
  const keys: (string | null)[] = [];
  for (let i = 0; i < ids.length; i += ADDRESS_READS_AT_ONCE) {
    const chunk = ids.slice(i, i + ADDRESS_READS_AT_ONCE);
    const details = chunk.map((id) => readCoinChainBalances(id, detailOpts).catch(() => null));
    for (const d of await Promise.all(details)) keys.push(llamaAddressCoinKey(d?.value.address));
  }
  return keys;
}

/** Every coin key of the market, sorted. */
async function marketCoinKeys(opts?: ReadOpts): Promise<string[]> {
  const assets = await marketAssets(opts);
  const keyed = assets.map(staticCoinKey);
  const unkeyed = assets.flatMap((a, i) =>
    keyed[i] === null && a.defillamaId !== null ? [a.defillamaId] : [],
  );
  return sortedUnique([...keyed, ...(await addressKeys(unkeyed, opts))]);
}

/** Current DefiLlama coins prices of every coin (one entry; one call per chunk of keys). */
export function readMarketPrices(opts?: ReadOpts): Promise<CachedRead<PriceSet>> {
  return readPriceSet(() => marketCoinKeys(opts), opts);
}
