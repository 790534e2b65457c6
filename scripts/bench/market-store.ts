/**
 * Reads what the market-wide world (`./market-wide`) measures straight from the store, through
 * the read layer's cache-only peeks (never a provider call, so measuring fills nothing): the
 * aggregate list, the market-wide quote batch, the DefiLlama coins price set and every coin's
 * stored history (DefiLlama coins hourly series, else the market provider's 90-day chart).
 */
import { z } from "zod";
import { toAggregateRef, preferredSelector } from "../../lib/assets/resolve";
import { overlayFor } from "../../lib/assets/overlay";
import type { AggregateAsset } from "../../lib/domain/types";
import { createKv } from "../../lib/kv";
import { PRICE_SET_KEY } from "../../lib/snapshot/coin-prices";
import { peekHourlySeries } from "../../lib/snapshot/coin-hourly";
import { aggregateEntry, quotesEntry } from "../../lib/snapshot/entry-schemas";
import { peekLongPriceHistory } from "../../lib/snapshot/history";
import { AGGREGATE_KEY } from "../../lib/snapshot/live";
import { QUOTE_BATCH_KEY } from "../../lib/snapshot/market-batch";
import { peekFamily } from "../../lib/snapshot/reader";
import { coinKeyOf } from "../../lib/assets/market-batches";
import { listedAssets } from "../../lib/supply/panel";
import { spanMs, type CoinInStore } from "./market-coverage";

const PEEK_CONCURRENCY = 8;
const LONG_RANGE_DAYS = 90;

const quoteBatch = z.object({ quotes: quotesEntry });
const priceSet = z.object({
  prices: z.array(z.object({ key: z.string(), priceUsd: z.number() })),
});

export interface StoredMarket {
  /** Listed USD coins, largest first (the refresher's and the supply panel's ranking). */
  coins: CoinInStore[];
  /** The `q` that resolves to each listed coin, by DefiLlama id (stable asset URLs). */
  selectors: Map<string, string>;
}

async function inBatches<T, R>(xs: readonly T[], f: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < xs.length; i += PEEK_CONCURRENCY)
    out.push(...(await Promise.all(xs.slice(i, i + PEEK_CONCURRENCY).map(f))));
  return out;
}

/** The market as the store holds it; throws when the store has no aggregate list. */
export async function readStoredMarket(redisUrl: string): Promise<StoredMarket> {
  const kv = createKv({ driver: "redis", url: redisUrl });
  const opts = { kv };
  try {
    const aggregate = await peekFamily({
      family: "aggregate",
      key: AGGREGATE_KEY,
      schema: aggregateEntry,
      opts,
    });
    if (!aggregate) throw new Error("market world: no aggregate list in the store");
    const assets: AggregateAsset[] = aggregate.value.assets;
    const marketPrices = new Map<string, number>();
    const batch = await peekFamily({
      family: "live:quotes",
      key: QUOTE_BATCH_KEY,
      schema: quoteBatch,
      opts,
    });
    for (const q of batch?.value.quotes ?? [])
      if (q.priceUsd !== null) marketPrices.set(q.coingeckoId, q.priceUsd);
    const coinsPrices = new Map<string, number>();
    const set = await peekFamily({
      family: "live:coin-prices",
      key: PRICE_SET_KEY,
      schema: priceSet,
      opts,
    });
    for (const p of set?.value.prices ?? []) coinsPrices.set(p.key, p.priceUsd);
    const refs = assets.map(toAggregateRef);
    const listed = listedAssets(assets);
    const coins = await inBatches(listed, async (a): Promise<CoinInStore> => {
      // The coin's DefiLlama coins key as the service finds it: CoinGecko id, overlay contract,
      // else the address of its cached aggregate detail (cache-only).
      const key = await coinKeyOf(
        { defillamaId: a.id, coingeckoId: a.geckoId, overlay: overlayFor(a.id) },
        opts,
      );
      const hourly = key ? await peekHourlySeries(key, opts) : null;
      const long = a.geckoId ? await peekLongPriceHistory(a.geckoId, LONG_RANGE_DAYS, opts) : null;
      const spans = [
        spanMs(hourly?.value.points.map((p) => p.timestampMs) ?? []),
        spanMs(long?.value.prices.map((p) => p.timestampMs) ?? []),
      ].filter((s): s is number => s !== null);
      return {
        id: a.id,
        symbol: a.symbol,
        circulatingUsd: a.circulatingUsd,
        coinKey: key,
        marketPriceUsd: a.geckoId ? (marketPrices.get(a.geckoId) ?? null) : null,
        coinsPriceUsd: key ? (coinsPrices.get(key) ?? null) : null,
        aggregatePriceUsd: a.priceUsd,
        historySpanMs: spans.length > 0 ? Math.max(...spans) : null,
      };
    });
    const selectors = new Map(listed.map((a) => [a.id, preferredSelector(a, refs)] as const));
    return { coins, selectors };
  } finally {
    await kv.close();
  }
}
