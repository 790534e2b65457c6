/**
 * Everything the per-asset routes need about one stablecoin, gathered in parallel through the
 * read layer (cached, coalesced), with a user-safe warning per missing or stale source.
 * A cold request costs about the slowest provider, not the sum: tracked assets resolve from the
 * registry, so the aggregate list is fetched alongside the live calls instead of before them.
 */
import { DEX_CHAINS } from "@/lib/domain/chains";
import type { AggregateAsset, DexPool, MarketQuote, MarketTicker } from "@/lib/domain/types";
import { readAggregate, readDexPools, readMarketQuotes, readTickers } from "@/lib/snapshot/live";
import { isRateBudgetError } from "@/lib/snapshot/rate-budget";
import type { CachedRead } from "@/lib/snapshot/read-through";
import { readSnapshot, type SnapshotRead } from "@/lib/snapshot/snapshots";
import { TRACKED_ASSETS } from "./registry";
import {
  resolveAsset,
  type AggregateRef,
  type AlternativeAsset,
  type ResolvedAsset,
} from "./resolve";
import { staleReason, staleWarning, W, type StaleReason } from "./warnings";

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
    /** Some chain's pool list is past its fresh time: why (oldest copy's as-of is `asOf`). */
    stale: StaleReason | null;
    /** Every failed chain failed because the call budget was spent. */
    overBudget: boolean;
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
  if (targets.length === 0)
    return { value: [], asOf: null, failedChains: [], queried: 0, stale: null, overBudget: false };
  const results = await Promise.all(
    targets.map(async (t) => {
      try {
        // A token with no pools on a chain is a valid (negatively cached) empty answer.
        const r = await readDexPools(t.chain, t.address, { signal });
        const stale = staleReason({ stale: r.source === "stale", error: r.error });
        return {
          chain: t.chain,
          pools: r.value,
          asOf: r.storedAt,
          failed: false,
          stale,
          error: null,
        };
      } catch (error) {
        return {
          chain: t.chain,
          pools: [] as DexPool[],
          asOf: null,
          failed: true,
          stale: null,
          error,
        };
      }
    }),
  );
  const failed = results.filter((r) => r.failed);
  const failedChains = [...new Set(failed.map((r) => r.chain))];
  const overBudget = failed.length > 0 && failed.every((r) => isRateBudgetError(r.error));
  const ok = results.filter((r) => !r.failed);
  const stale =
    ok.find((r) => r.stale === "budget" || r.stale === "failed")?.stale ??
    ok.find((r) => r.stale)?.stale ??
    null;
  const base = { failedChains, queried: targets.length, stale, overBudget };
  if (ok.length === 0) return { value: null, asOf: null, ...base };
  const asOf = Math.min(...ok.map((r) => r.asOf ?? Date.now()));
  return { value: ok.flatMap((r) => r.pools), asOf, ...base };
}

export async function loadAssetContext(
  q: string,
  needs: ContextNeeds,
  signal?: AbortSignal,
): Promise<ContextResult> {
  const aggregatePromise = settle(readAggregate({ signal }));
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
    needs.quote && quoteIds.length > 0 ? settle(readMarketQuotes(quoteIds, { signal })) : null,
    needs.tickers && geckoId ? settle(readTickers(geckoId, { signal })) : null,
    needs.pools ? loadPools(asset, signal) : null,
    needs.supplySnapshot ? readSnapshot("supplyByChain", { signal }) : null,
  ]);

  const aggregateAssets = agg.value?.assets ?? [];
  const final = resolveAsset(q, aggregateAssets.map(toAggregateRef));
  const alternatives =
    final.ok && final.asset.defillamaId === asset.defillamaId ? final.alternatives : [];
  const aggregateEntry = aggregateAssets.find((a) => a.id === asset.defillamaId) ?? null;

  const warnings: string[] = [];
  if (agg.value === null) warnings.push(W.aggregateUnavailable);
  else if (agg.stale) warnings.push(W.aggregateStale(agg.asOf, agg.error));

  let quote: Sourced<MarketQuote> | null = null;
  if (needs.quote) {
    const q1 = quotes?.value?.find((x) => x.coingeckoId === geckoId) ?? null;
    quote = { value: q1, asOf: q1 ? (quotes?.asOf ?? null) : null, stale: quotes?.stale ?? false };
    const why = quotes && q1 ? staleReason(quotes) : null;
    if (!q1) warnings.push(isRateBudgetError(quotes?.error) ? W.marketBudget : W.marketUnavailable);
    else if (why) warnings.push(staleWarning("CoinGecko (market)", why, quote.asOf));
  }
  if (needs.tickers) {
    if (!tickers || tickers.value === null) warnings.push(W.tickersUnavailable);
    else {
      const why = staleReason(tickers);
      if (why) warnings.push(staleWarning("CoinGecko (market)", why, tickers.asOf));
    }
  }
  if (pools) {
    if (pools.value === null) warnings.push(pools.overBudget ? W.dexBudget : W.dexUnavailable);
    else if (pools.failedChains.length > 0) warnings.push(W.dexPartial(pools.failedChains));
    if (pools.value !== null && pools.stale)
      warnings.push(staleWarning("DexScreener (liquidity)", pools.stale, pools.asOf));
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
