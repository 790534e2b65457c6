/**
 * GET /api/stablecoin-depegs: depeg events for one coin (`q`) or across the whole market.
 *
 * The market: every USD coin of the aggregate (not yield-bearing: a NAV token sits above 1.00 by
 * design) with at least DEPEG_LOG_MIN_CIRCULATING_USD circulating and a price history. Its input
 * is the aggregate's list and its daily price table of every coin (two keys, one call each when
 * cold) plus each coin's market-provider and DefiLlama coins series where already cached (peeked,
 * never fetched): rebuilding the market-wide log costs at most two upstream calls. A coin without
 * a CoinGecko id (absent from the daily table) counts when its DefiLlama coins hourly series is
 * stored, found by its coins key (static, else its cached aggregate detail's address: peeked).
 */
import { selectorIn } from "@/lib/assets/canonical";
import { contextSelectors, loadAssetContext, type AssetContext } from "@/lib/assets/context";
import { overlayFor } from "@/lib/assets/overlay";
import { preferredSelector, toAggregateRef, type AggregateRef } from "@/lib/assets/resolve";
import { type Warning } from "@/lib/assets/warnings";
import { warningFields } from "@/lib/assets/warning-fields";
import { USD_PEG_TYPE } from "@/lib/domain/constants";
import { DEPEG_LOG_MIN_CIRCULATING_USD } from "@/lib/domain/depeg-confirmation";
import type { AggregateAsset } from "@/lib/domain/types";
import { cachedAddressKey, coinKeyOf, staticCoinKey } from "@/lib/assets/market-batches";
import { scanStore } from "@/lib/kv/scan";
import { seriesJson } from "@/lib/peg-history/series";
import { readAggregatePrices } from "@/lib/snapshot/aggregate-prices";
import { readAggregate } from "@/lib/snapshot/live";
import { calledUpstream } from "@/lib/snapshot/read-through";
import type { ReadOpts } from "@/lib/snapshot/read-opts";
import {
  loadCoinEvents,
  marketCoinEvents,
  type AggregatePrices,
  type CoinEvents,
  type CoinRef,
  type EventsWindow,
  EVENTS_WINDOW_MS,
  type SourcedSeries,
} from "./coin-events";
import { MARKET_SERIES_READS } from "./cached-series";
import { DEPEG_METHOD, DEPEG_RULE, eventJson, newestFirst, seriesLabel } from "./json";
import { aggregatePricesStale, aggregatePricesUnavailable } from "./warnings";

export {
  DEFAULT_EVENTS_WINDOW,
  EVENTS_WINDOWS,
  type EventsWindow,
} from "@/lib/domain/depeg-events";
export { DEPEG_METHOD, DEPEG_RULE, type DepegEventJson } from "./json";

export const MARKET_COIN_SET = `Every USD stablecoin of the aggregate with at least ${DEPEG_LOG_MIN_CIRCULATING_USD.toLocaleString("en-US")} USD circulating and a price history (yield-bearing NAV tokens excluded).`;

function coinEventsJson(c: CoinEvents) {
  return (c.events ?? []).map((e) => eventJson(c.coin, e, c.series));
}

/** The chart series for one coin: hourly for 30d/90d, daily for 365d, inside the window. */
function chartSeries(c: CoinEvents, window: EventsWindow) {
  const want = window === "365d" ? "daily" : "hourly";
  const src = c.series.find((s) => s.resolution === want) ?? c.series[0];
  if (!src) return null;
  const fromMs = src.asOfMs - EVENTS_WINDOW_MS[window];
  return {
    granularity: src.resolution,
    points: seriesJson(src.points.filter((p) => p.timestampMs >= fromMs)),
  };
}

/** Each source series kind used, with the oldest copy's time (every event is at least as fresh). */
function sourcesOf(coins: readonly CoinEvents[]) {
  const oldest = new Map<string, { s: SourcedSeries; asOfMs: number }>();
  for (const s of coins.flatMap((c) => c.series)) {
    const key = `${s.source}:${s.resolution}`;
    const seen = oldest.get(key);
    if (!seen || s.asOfMs < seen.asOfMs) oldest.set(key, { s, asOfMs: s.asOfMs });
  }
  return [...oldest.values()].map(({ s, asOfMs }) => {
    const label = seriesLabel(s);
    return {
      name: label.name,
      type: label.type,
      role: `${s.resolution} price history (${label.series.split("?")[0]})`,
      as_of: new Date(asOfMs).toISOString(),
    };
  });
}

export type DepegsResult =
  | {
      ok: true;
      body: ReturnType<typeof buildBody>;
      degraded: boolean;
      upstream: boolean;
      /**
       * Built from every series its coins have: no warning, no coin without history, and every
       * source of every coin stored. A page keeps only a complete log (lib/page-cache.ts).
       */
      complete: boolean;
    }
  | { ok: false; suggestions: string[] };

/** See `DepegsResult.complete`. */
const isComplete = (body: ReturnType<typeof buildBody>, coins: readonly CoinEvents[]) =>
  body.warnings.length === 0 &&
  body.history_unavailable.length === 0 &&
  coins.every((c) => c.complete);

function buildBody(
  coins: CoinEvents[],
  window: EventsWindow,
  one: CoinEvents | null,
  extraWarnings: readonly Warning[],
  now: () => number,
) {
  const events = coins.flatMap(coinEventsJson).sort(newestFirst);
  const asOfs = coins.flatMap((c) => c.series.map((s) => s.asOfMs));
  return {
    window,
    asset: one?.coin.symbol ?? null,
    coins: coins.map((c) => c.coin.symbol),
    coin_set: one ? null : MARKET_COIN_SET,
    history_unavailable: coins.filter((c) => c.events === null).map((c) => c.coin.symbol),
    events,
    series: one ? chartSeries(one, window) : null,
    metadata: {
      sources: sourcesOf(coins),
      method: DEPEG_METHOD,
      rule: DEPEG_RULE,
      // As of the newest series read: stable body (and ETag) while the series are cached.
      as_of: new Date(asOfs.length > 0 ? Math.max(...asOfs) : now()).toISOString(),
    },
    ...warningFields([...extraWarnings, ...coins.flatMap((c) => c.warnings)]),
  };
}

/** The aggregate's daily table of every coin, or null with a warning. */
async function aggregatePrices(readOpts?: ReadOpts) {
  try {
    const r = await readAggregatePrices(readOpts);
    const stale = r.source === "stale";
    const prices: AggregatePrices = { table: r.value, storedAt: r.storedAt };
    return { prices, warnings: stale ? [aggregatePricesStale] : [], upstream: calledUpstream(r) };
  } catch {
    return { prices: null, warnings: [aggregatePricesUnavailable], upstream: false };
  }
}

/** The CoinGecko id a coin is read by: the aggregate's, else the overlay's (as `resolveAsset`). */
const geckoIdOf = (a: AggregateAsset) => a.geckoId ?? overlayFor(a.id)?.coingeckoId ?? null;

/**
 * The market-wide coin set, largest first: one entry per CoinGecko id, and one per DefiLlama id
 * for a coin without one. `coinKey` is the key known without a read (`staticCoinKey`); a coin
 * without a CoinGecko id may still get one from its cached detail (`withCachedKeys`).
 */
export function marketCoins(assets: readonly AggregateAsset[]): CoinRef[] {
  const seen = new Set<string>();
  const refs: AggregateRef[] = assets.map(toAggregateRef);
  return assets
    .filter(
      (a) =>
        a.pegType === USD_PEG_TYPE &&
        !a.yieldBearing &&
        a.circulatingUsd !== null &&
        a.circulatingUsd >= DEPEG_LOG_MIN_CIRCULATING_USD,
    )
    .sort((a, b) => (b.circulatingUsd ?? 0) - (a.circulatingUsd ?? 0))
    .filter((a) => {
      const key = a.geckoId === null ? `llama:${a.id}` : a.geckoId;
      return !seen.has(key) && !!seen.add(key);
    })
    .map((a) => ({
      symbol: a.symbol,
      coingeckoId: a.geckoId,
      defillamaId: a.id,
      coinKey: staticCoinKey({ coingeckoId: geckoIdOf(a), overlay: overlayFor(a.id) }),
      selector: preferredSelector(a, refs),
      circulatingUsd: a.circulatingUsd,
    }));
}

/** Coins without a static key get their cached detail's address key (cache-only: no call). */
export function withCachedKeys(coins: readonly CoinRef[], readOpts?: ReadOpts): Promise<CoinRef[]> {
  return scanStore(coins, 1, async (c) =>
    c.coinKey !== null || c.defillamaId === null
      ? c
      : { ...c, coinKey: await cachedAddressKey(c.defillamaId, readOpts) },
  );
}

/**
 * The coins the log covers: every coin with a CoinGecko id (its history may be unavailable: listed
 * so), and a coin without one only with a stored series (else it has no history source at all).
 */
export function coveredCoins(coins: readonly CoinEvents[]): CoinEvents[] {
  return coins.filter((c) => c.coin.coingeckoId !== null || c.series.length > 0);
}

/** One coin's depeg log, for an already loaded asset context (also the event log's). */
export async function depegsOfContext(
  ctx: AssetContext,
  window: EventsWindow,
  readOpts?: ReadOpts,
  now: () => number = Date.now,
): Promise<Extract<DepegsResult, { ok: true }>> {
  const { asset, aggregateEntry } = ctx;
  const id = asset.defillamaId;
  const [agg, coinKey] = await Promise.all([
    aggregatePrices(readOpts),
    coinKeyOf(asset, readOpts).catch(() => null),
  ]);
  const coin = await loadCoinEvents(
    {
      symbol: asset.symbol,
      coingeckoId: asset.coingeckoId,
      defillamaId: id,
      coinKey,
      selector:
        id === null
          ? (asset.coingeckoId ?? asset.symbol)
          : selectorIn(contextSelectors(ctx.aggregate), id),
      circulatingUsd: aggregateEntry?.circulatingUsd ?? null,
    },
    agg.prices,
    window,
    readOpts,
  );
  const body = buildBody([coin], window, coin, [...ctx.warnings, ...agg.warnings], now);
  const upstream = ctx.upstream || agg.upstream || coin.upstream;
  const complete = isComplete(body, [coin]);
  return { ok: true, body, degraded: body.warnings.length > 0, upstream, complete };
}

export async function getDepegs(
  input: { q?: string; window: EventsWindow },
  readOpts?: ReadOpts,
  now: () => number = Date.now,
): Promise<DepegsResult> {
  if (input.q !== undefined) {
    const r = await loadAssetContext(input.q, {}, readOpts);
    return r.ok ? depegsOfContext(r.ctx, input.window, readOpts, now) : r;
  }
  let assets: readonly AggregateAsset[] = [];
  const warnings: Warning[] = [];
  let upstream = false;
  try {
    const list = await readAggregate(readOpts);
    assets = list.value.assets;
    upstream = calledUpstream(list);
  } catch {
    warnings.push(aggregatePricesUnavailable);
  }
  const [agg, refs] = await Promise.all([
    aggregatePrices(readOpts),
    withCachedKeys(marketCoins(assets), readOpts),
  ]);
  const coins = coveredCoins(
    await scanStore(refs, MARKET_SERIES_READS, (c) =>
      marketCoinEvents(c, agg.prices, input.window, readOpts),
    ),
  );
  const body = buildBody(coins, input.window, null, [...warnings, ...agg.warnings], now);
  return {
    ok: true,
    body,
    degraded: body.warnings.length > 0,
    upstream: upstream || agg.upstream,
    complete: isComplete(body, coins),
  };
}
