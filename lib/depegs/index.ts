/**
 * GET /api/stablecoin-depegs: depeg events for one coin (`q`) or across the tracked market.
 *
 * Across the market the coin set is the tracked registry (every coin with a market-provider id —
 * the coins whose addresses, pools and risk consoles the service maintains); each coin costs its
 * two cached long-range series and nothing else, so a request never reaches a provider beyond
 * filling those cache entries. Untracked coins are listed with `q`.
 */
import { loadAssetContext } from "@/lib/assets/context";
import { warningFields, type Warning } from "@/lib/assets/warnings";
import { OVERLAY_COINS } from "@/lib/assets/overlay";
import { seriesJson } from "@/lib/peg-history/series";
import {
  loadCoinEvents,
  type CoinEvents,
  type EventsWindow,
  EVENTS_WINDOW_MS,
  type SeriesRead,
} from "./coin-events";
import { DEPEG_METHOD, DEPEG_RULE, eventJson, newestFirst, type DepegEventJson } from "./json";

export {
  DEFAULT_EVENTS_WINDOW,
  EVENTS_WINDOWS,
  type EventsWindow,
} from "@/lib/domain/depeg-events";
import type { ReadOpts } from "@/lib/snapshot/read-opts";
export { DEPEG_METHOD, DEPEG_RULE, type DepegEventJson } from "./json";

/** Coins read at once across the market: a cold cache fills in small waves, not 24 calls at once. */
export const MARKET_HISTORY_CONCURRENCY = 4;
export const MARKET_COIN_SET =
  "The tracked registry: coins with a market-provider id whose risk consoles this service maintains.";

function seriesFor(c: CoinEvents, granularity: "hourly" | "daily"): SeriesRead | undefined {
  return c.series.find((s) => s.days === (granularity === "hourly" ? 90 : 365));
}

function coinEventsJson(c: CoinEvents): DepegEventJson[] {
  const id = c.coin.coingeckoId;
  if (!id || !c.events) return [];
  return c.events.flatMap((e) => {
    const src = seriesFor(c, e.granularity);
    return src ? [eventJson({ ...c.coin, coingeckoId: id }, e, src)] : [];
  });
}

/** The chart series for one coin: hourly for 30d/90d, daily for 365d, inside the window. */
function chartSeries(c: CoinEvents, window: EventsWindow) {
  const src = seriesFor(c, window === "365d" ? "daily" : "hourly") ?? c.series[0];
  if (!src) return null;
  const fromMs = src.asOf - EVENTS_WINDOW_MS[window];
  return {
    granularity: src.days === 90 ? "hourly" : "daily",
    points: seriesJson(src.prices.filter((p) => p.timestampMs >= fromMs)),
  };
}

function sourcesOf(coins: readonly CoinEvents[]) {
  return ([90, 365] as const).flatMap((days) => {
    const reads = coins.flatMap((c) => c.series.filter((s) => s.days === days));
    if (reads.length === 0) return [];
    return [
      {
        name: "CoinGecko",
        type: "market",
        role: days === 90 ? "90-day hourly price history" : "365-day daily price history",
        // The oldest copy used: every event is at least this fresh.
        as_of: new Date(Math.min(...reads.map((s) => s.asOf))).toISOString(),
      },
    ];
  });
}

export type DepegsResult =
  | { ok: true; body: ReturnType<typeof buildBody>; degraded: boolean; upstream: boolean }
  | { ok: false; suggestions: string[] };

function buildBody(
  coins: CoinEvents[],
  window: EventsWindow,
  one: CoinEvents | null,
  extraWarnings: readonly Warning[],
  now: () => number,
) {
  const events = coins.flatMap(coinEventsJson).sort(newestFirst);
  const asOfs = coins.flatMap((c) => c.series.map((s) => s.asOf));
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

export async function getDepegs(
  input: { q?: string; window: EventsWindow },
  readOpts?: ReadOpts,
  now: () => number = Date.now,
): Promise<DepegsResult> {
  if (input.q !== undefined) {
    const r = await loadAssetContext(input.q, {}, readOpts);
    if (!r.ok) return r;
    const { asset } = r.ctx;
    const coin = await loadCoinEvents(
      { symbol: asset.symbol, coingeckoId: asset.coingeckoId },
      input.window,
      readOpts,
    );
    const body = buildBody([coin], input.window, coin, r.ctx.warnings, now);
    const upstream = r.ctx.upstream || coin.upstream;
    return { ok: true, body, degraded: body.warnings.length > 0, upstream };
  }
  const coins: CoinEvents[] = [];
  for (let i = 0; i < OVERLAY_COINS.length; i += MARKET_HISTORY_CONCURRENCY) {
    const wave = OVERLAY_COINS.slice(i, i + MARKET_HISTORY_CONCURRENCY);
    coins.push(
      ...(await Promise.all(
        wave.map((t) =>
          loadCoinEvents({ symbol: t.symbol, coingeckoId: t.coingeckoId }, input.window, readOpts),
        ),
      )),
    );
  }
  const body = buildBody(coins, input.window, null, [], now);
  const upstream = coins.some((c) => c.upstream);
  return { ok: true, body, degraded: body.warnings.length > 0, upstream };
}
