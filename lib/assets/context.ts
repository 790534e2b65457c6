/**
 * Everything the per-asset routes need about one stablecoin, gathered in parallel through the
 * read layer (cached, coalesced), with a user-safe warning per missing or stale source.
 * A cold request costs about the slowest provider, not the sum: tracked assets resolve from the
 * registry, so the aggregate list is fetched alongside the live calls instead of before them.
 */
import { DEX_CHAINS } from "@/lib/domain/chains";
import type { AggregateAsset, DexPool, MarketQuote, MarketTicker } from "@/lib/domain/types";
import { EmptyResultError, type CachedRead } from "@/lib/snapshot/cached-read";
import { readAggregate, readDexPools, readMarketQuotes, readTickers } from "@/lib/snapshot/live";
import { readSnapshot, type SnapshotRead } from "@/lib/snapshot/snapshots";
import { once } from "@/lib/render-once";
import { TRACKED_ASSETS } from "./registry";
import {
  resolveAsset,
  type AggregateRef,
  type AlternativeAsset,
  type ResolvedAsset,
} from "./resolve";
import { W } from "./warnings";

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
  tickers: Sourced<MarketTicker[]> | null;
  pools: {
    value: DexPool[] | null;
    asOf: number | null;
    failedChains: string[];
    queried: number;
  } | null;
  supplySnapshot: SnapshotRead<"supplyByChain"> | null;
  warnings: string[];
}

export interface ContextNeeds {
  quote?: boolean;
  tickers?: boolean;
  pools?: boolean;
  supplySnapshot?: boolean;
}

export type ContextResult = { ok: true; ctx: AssetContext } | { ok: false; suggestions: string[] };

const TRACKED_GECKO_IDS = TRACKED_ASSETS.map((t) => t.coingeckoId);

export function toAggregateRef(a: AggregateAsset): AggregateRef {
  return {
    id: a.id,
    symbol: a.symbol,
    name: a.name,
    geckoId: a.geckoId,
    circulatingUsd: a.circulatingUsd,
    backing: a.backing,
    pegType: a.pegType,
  };
}

async function settle<T>(p: Promise<CachedRead<T>>): Promise<Sourced<T> & { error?: unknown }> {
  try {
    const r = await p;
    return { value: r.value, asOf: r.storedAt, stale: r.source === "stale", error: r.error };
  } catch (error) {
    return { value: null, asOf: null, stale: false, error };
  }
}

async function loadPools(
  asset: ResolvedAsset,
  signal?: AbortSignal,
): Promise<AssetContext["pools"]> {
  const targets = asset.tracked
    ? DEX_CHAINS.flatMap((chain) =>
        asset.tracked!.addresses[chain].map((c) => ({ chain, address: c.address })),
      )
    : [];
  if (targets.length === 0) return { value: [], asOf: null, failedChains: [], queried: 0 };
  const results = await Promise.all(
    targets.map(async (t) => {
      try {
        const r = await readDexPools(t.chain, t.address, { signal });
        return { chain: t.chain, pools: r.value, asOf: r.storedAt, failed: false };
      } catch (e) {
        // A token with no pools on a chain is an empty answer, not a failure (and is not cached).
        if (e instanceof EmptyResultError)
          return { chain: t.chain, pools: [], asOf: Date.now(), failed: false };
        return { chain: t.chain, pools: [] as DexPool[], asOf: null, failed: true };
      }
    }),
  );
  const failedChains = [...new Set(results.filter((r) => r.failed).map((r) => r.chain))];
  const ok = results.filter((r) => !r.failed);
  if (ok.length === 0) return { value: null, asOf: null, failedChains, queried: targets.length };
  const asOf = Math.min(...ok.map((r) => r.asOf ?? Date.now()));
  return { value: ok.flatMap((r) => r.pools), asOf, failedChains, queried: targets.length };
}

export async function loadAssetContext(
  q: string,
  needs: ContextNeeds,
  signal?: AbortSignal,
): Promise<ContextResult> {
  // Each source read once per page render (lib/render-once.ts), whatever the needs.
  const aggregatePromise = once("aggregate", () => settle(readAggregate({ signal })));
  let resolution = resolveAsset(q, []);
  let aggregate: Awaited<typeof aggregatePromise> | undefined;
  if (!resolution.ok || !resolution.asset.tracked) {
    // Untracked selectors need the aggregate list before anything else can be asked.
    aggregate = await aggregatePromise;
    resolution = resolveAsset(q, (aggregate.value?.assets ?? []).map(toAggregateRef));
    if (!resolution.ok) return resolution;
  }
  const asset = resolution.asset;
  const geckoId = asset.coingeckoId;
  const quoteIds = asset.tracked ? TRACKED_GECKO_IDS : geckoId ? [geckoId] : [];

  const [agg, quotes, tickers, pools, supplySnapshot] = await Promise.all([
    aggregate ?? aggregatePromise,
    needs.quote && quoteIds.length > 0
      ? once(`quotes:${quoteIds.join(",")}`, () => settle(readMarketQuotes(quoteIds, { signal })))
      : null,
    needs.tickers && geckoId
      ? once(`tickers:${geckoId}`, () => settle(readTickers(geckoId, { signal })))
      : null,
    needs.pools ? once(`pools:${asset.defillamaId}`, () => loadPools(asset, signal)) : null,
    needs.supplySnapshot
      ? once("snapshot:supplyByChain", () => readSnapshot("supplyByChain", { signal }))
      : null,
  ]);

  const aggregateAssets = agg.value?.assets ?? [];
  const final = resolveAsset(q, aggregateAssets.map(toAggregateRef));
  const alternatives =
    final.ok && final.asset.defillamaId === asset.defillamaId ? final.alternatives : [];
  const aggregateEntry = aggregateAssets.find((a) => a.id === asset.defillamaId) ?? null;

  const warnings: string[] = [];
  if (agg.value === null) warnings.push(W.aggregateUnavailable);
  else if (agg.stale) warnings.push(W.aggregateStale(agg.asOf));

  let quote: Sourced<MarketQuote> | null = null;
  if (needs.quote) {
    const q1 = quotes?.value?.find((x) => x.coingeckoId === geckoId) ?? null;
    quote = { value: q1, asOf: q1 ? (quotes?.asOf ?? null) : null, stale: quotes?.stale ?? false };
    if (!q1) warnings.push(W.marketUnavailable);
  }
  if (needs.tickers) {
    if (!tickers || tickers.value === null) warnings.push(W.tickersUnavailable);
  }
  if (pools) {
    if (pools.value === null) warnings.push(W.dexUnavailable);
    else if (pools.failedChains.length > 0) warnings.push(W.dexPartial(pools.failedChains));
  }
  if (supplySnapshot && !supplySnapshot.ok) warnings.push(supplySnapshot.warning);

  return {
    ok: true,
    ctx: {
      asset,
      matchedBy: resolution.matchedBy,
      alternatives,
      aggregate: { value: agg.value?.assets ?? null, asOf: agg.asOf, stale: agg.stale },
      aggregateEntry,
      quote,
      tickers: needs.tickers ? (tickers ?? { value: null, asOf: null, stale: false }) : null,
      pools,
      supplySnapshot,
      warnings,
    },
  };
}
