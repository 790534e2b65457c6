/**
 * Everything the per-asset routes need about one stablecoin, gathered in parallel through the
 * read layer (cached, coalesced), with a user-safe warning per missing or stale source.
 * Every coin resolves the same way, once per request, by the aggregate list (the overlay's
 * identities while it is unavailable), and its live reads are the same calls whoever the coin is.
 */
import type { AggregateAsset, MarketQuote, MarketTicker } from "@/lib/domain/types";
import type { CoinPrice } from "@/lib/domain/coin-keys";
import { knownAggregate, readAggregate, readTickers } from "@/lib/snapshot/live";
import { isRateBudgetError } from "@/lib/budget/calls";
import { calledUpstream, type CachedRead } from "@/lib/snapshot/read-through";
import { readSnapshot, type SnapshotRead } from "@/lib/snapshot/snapshots";
import { once } from "@/lib/render-once";
import { coinKeyOf, priceIn, quoteIn, readMarketPrices, readMarketQuotes } from "./market-batches";
import { loadPools, type PoolsRead } from "./pools";
import { resolveAsset, toAggregateRef, type AlternativeAsset, type ResolvedAsset } from "./resolve";
import { selectorIn } from "./canonical";
import { canonicalSelectorsOf } from "./selector";
import { staleReason, staleWarning, W, type Warning } from "./warnings";
import { snapshotWarnings } from "./snapshot-warnings";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export interface Sourced<T> {
  value: T | null;
  /** When the value was fetched upstream (ms since epoch); null when unavailable. */
  asOf: number | null;
  stale: boolean;
}

export interface AssetContext {
  asset: ResolvedAsset;
  matchedBy: "symbol" | "coingecko-id" | "defillama-id";
  alternatives: AlternativeAsset[];
  aggregate: Sourced<AggregateAsset[]>;
  /** This asset's aggregate entry, when the list is available and has it. */
  aggregateEntry: AggregateAsset | null;
  quote: Sourced<MarketQuote> | null;
  /** The second independent price (DefiLlama coins), read with the quote; null when not asked. */
  secondPrice?: Sourced<CoinPrice> | null;
  tickers: Sourced<MarketTicker[]> | null;
  pools: PoolsRead | null;
  supplySnapshot: SnapshotRead<"supplyByChain"> | null;
  /** Which providers were actually asked (only those appear as sources). */
  asked: { market: boolean; dex: boolean };
  /** Some read needed a provider call (`calledUpstream`): the answer's rate-limit cost. */
  upstream: boolean;
  warnings: Warning[];
}

export interface ContextNeeds {
  quote?: boolean;
  tickers?: boolean;
  pools?: boolean;
  supplySnapshot?: boolean;
}

export type ContextResult = { ok: true; ctx: AssetContext } | { ok: false; suggestions: string[] };

export { toAggregateRef };

type Settled<T> = Sourced<T> & { error?: unknown; upstream: boolean };

async function settle<T>(p: Promise<CachedRead<T>>): Promise<Settled<T>> {
  try {
    const r = await p;
    return {
      value: r.value,
      asOf: r.storedAt,
      stale: r.source === "stale",
      error: r.error,
      upstream: calledUpstream(r),
    };
  } catch (error) {
    return { value: null, asOf: null, stale: false, error, upstream: false };
  }
}

/**
 * The second price: the coin's DefiLlama coins key (a coin without a CoinGecko id: its cached
 * detail's address, never fetched here), then its price in the one market-wide entry.
 */
async function readSecondPrice(asset: ResolvedAsset, readOpts?: ReadOpts) {
  const key = await coinKeyOf(asset, readOpts);
  if (!key) return null;
  const read = await once("prices:batch", () => settle(readMarketPrices(readOpts)));
  return { key, read };
}

/** The live reads for one resolved asset, started together. */
function readLive(asset: ResolvedAsset, needs: ContextNeeds, readOpts?: ReadOpts) {
  const geckoId = asset.coingeckoId;
  return Promise.all([
    // Every coin's quote is in the one market-wide batch entry.
    needs.quote && geckoId ? once("quotes:batch", () => settle(readMarketQuotes(readOpts))) : null,
    needs.tickers && geckoId
      ? once(`tickers:${geckoId}`, () => settle(readTickers(geckoId, readOpts)))
      : null,
    needs.pools ? once(`pools:${asset.defillamaId}`, () => loadPools(asset, readOpts)) : null,
    needs.supplySnapshot
      ? once("snapshot:supplyByChain", () => readSnapshot("supplyByChain", readOpts))
      : null,
    // The second price: one market-wide entry too.
    needs.quote ? readSecondPrice(asset, readOpts) : null,
  ]);
}

/** The selector table of the list a context was built from (built once per version of it). */
export function contextSelectors(
  aggregate: Sourced<readonly AggregateAsset[]>,
): ReadonlyMap<string, string> {
  return canonicalSelectorsOf(
    aggregate.value && aggregate.asOf !== null
      ? { storedAt: aggregate.asOf, assets: aggregate.value }
      : null,
  );
}

export async function loadAssetContext(
  q: string,
  needs: ContextNeeds,
  readOpts?: ReadOpts,
): Promise<ContextResult> {
  // Each source read once per page render (lib/render-once.ts), whatever the needs.
  const aggRead = once("aggregate", () => settle(readAggregate(readOpts)));
  // Who `q` is comes from the list as held, in process or in the store, whatever its age (it
  // changes far more slowly than the list is refreshed): the coin's reads then start beside the
  // list's own, so a request costs its slowest provider, not the list's fetch plus it. Only while
  // nobody holds a list is it read first (the overlay's identities if that fails).
  const known = await once("aggregate:known", () => knownAggregate(readOpts));
  const list = known ?? (await aggRead).value;
  const resolution = resolveAsset(q, (list?.assets ?? []).map(toAggregateRef));
  if (!resolution.ok) return resolution;
  const asset = resolution.asset;
  const geckoId = asset.coingeckoId;
  const [agg, [quotes, tickers, pools, supplySnapshot, secondRead]] = await Promise.all([
    aggRead,
    readLive(asset, needs, readOpts),
  ]);
  const aggregateAssets = agg.value?.assets ?? [];
  const prices = secondRead?.read;
  const second = secondRead ? priceIn(prices?.value, secondRead.key).price : null;

  const aggregate = { value: agg.value?.assets ?? null, asOf: agg.asOf, stale: agg.stale };
  // Each alternative's link: its canonical selector, from the table built once per list version.
  const alternatives = resolution.alternatives.map((a) => ({
    ...a,
    selector: selectorIn(contextSelectors(aggregate), a.defillamaId),
  }));
  const aggregateEntry = aggregateAssets.find((a) => a.id === asset.defillamaId) ?? null;

  const warnings: Warning[] = [];
  if (agg.value === null) warnings.push(W.aggregateUnavailable);
  else if (agg.stale) warnings.push(W.aggregateStale(agg.asOf, agg.error));

  let quote: Sourced<MarketQuote> | null = null;
  // The market provider answered, but not for this coin (absent from /coins/markets).
  let marketNotFound = false;
  if (needs.quote) {
    const found = geckoId ? quoteIn(quotes?.value, geckoId) : { quote: null, asked: false };
    const q1 = found.quote;
    quote = { value: q1, asOf: q1 ? (quotes?.asOf ?? null) : null, stale: quotes?.stale ?? false };
    // Asked and answered without this coin (an empty answer is a valid, cached answer too).
    marketNotFound = geckoId !== null && !q1 && found.asked;
    if (!geckoId) warnings.push(W.marketNotListed);
    else if (marketNotFound) warnings.push(W.marketNotFound);
    else if (!q1)
      warnings.push(isRateBudgetError(quotes?.error) ? W.marketBudget : W.marketNoAnswer);
    else {
      const why = quotes ? staleReason(quotes) : null;
      if (why) warnings.push(staleWarning("market", why, quote.asOf));
    }
  }
  if (needs.tickers && geckoId && !marketNotFound) {
    if (!tickers || tickers.value === null)
      warnings.push(isRateBudgetError(tickers?.error) ? W.tickersBudget : W.tickersNoAnswer);
    else {
      if (tickers.value.length === 0) warnings.push(W.tickersEmpty);
      const why = staleReason(tickers);
      if (why) warnings.push(staleWarning("tickers", why, tickers.asOf));
    }
  }
  if (pools) warnings.push(...pools.warnings);
  if (supplySnapshot) warnings.push(...snapshotWarnings(supplySnapshot));

  return {
    ok: true,
    ctx: {
      asset,
      matchedBy: resolution.matchedBy,
      alternatives,
      aggregate,
      aggregateEntry,
      quote,
      secondPrice: needs.quote
        ? {
            value: second,
            asOf: second ? (prices?.asOf ?? null) : null,
            stale: prices?.stale ?? false,
          }
        : null,
      tickers: needs.tickers ? (tickers ?? { value: null, asOf: null, stale: false }) : null,
      pools,
      supplySnapshot,
      asked: {
        market: geckoId !== null && (needs.quote === true || needs.tickers === true),
        dex: (pools?.queried ?? 0) > 0,
      },
      upstream:
        agg.upstream ||
        (quotes?.upstream ?? false) ||
        (prices?.upstream ?? false) ||
        (tickers?.upstream ?? false) ||
        (pools?.upstream ?? false) ||
        (supplySnapshot?.ok === true && calledUpstream(supplySnapshot)),
      warnings,
    },
  };
}
