/**
 * Time-varying answers (README "History mode"): episodes that change the ok answers of one coin
 * between two instants of the fake's clock, so a harness that advances the clock (`setNow`) and
 * samples at each step sees a market that moves. Every change is a transform of the answer the
 * fake would give anyway (recorded or synthetic): a venue's depth scaled, an exchange's answers
 * dropped, a coin's pools taken away, a sale's executable price or a chain's pool prices shifted
 * by a factor, a coin's market_chart prices shifted over a span. With no episode active nothing
 * changes.
 */
import { z } from "zod";
import { findTokenByAddress } from "./data/assets";
import { entryBySymbol, splitPair } from "./data/cex-books";
import type { AnyProvider, Market, RouteResponse } from "./types";
import { html } from "./routes/respond";

/**
 * The names an exchange goes by in episodes: its CoinGecko tickers' identifier (`gdax`) or its
 * tickers' market name as the service's samples spell it (`coinbase-exchange`), per exchange whose
 * book the fake serves.
 */
export const BOOK_EXCHANGE_NAMES: Readonly<Record<string, readonly string[]>> = {
  binance: ["binance"],
  kraken: ["kraken"],
  coinbase: ["gdax", "coinbase-exchange"],
};

/** A ticker market's names: its identifier and its name in the samples' spelling. */
function marketNames(market: { identifier?: unknown; name?: unknown } | undefined): string[] {
  const name = String(market?.name ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-");
  return [String(market?.identifier ?? ""), name];
}

const span = { fromMs: z.number().finite(), toMs: z.number().finite() };
/** A multiplier of a recorded value: positive, so a scaled answer stays a valid one. */
const factor = z.number().finite().positive();

export const historyEpisodeSchema = z.discriminatedUnion("kind", [
  /**
   * The coin's ±2 % depth on some venues × factor: `cex:<exchange>` (either name above) scales
   * its tickers' cost to move (and the sizes of that exchange's book when the fake serves it),
   * `dex:<DexScreener chain id>` the liquidity of the coin's pools on that chain.
   */
  z.object({
    kind: z.literal("depth"),
    coin: z.string().min(1),
    venues: z.array(z.string().regex(/^(cex|dex):.+$/)).min(1),
    factor,
    ...span,
  }),
  /**
   * An exchange stops answering: its tickers leave every coin's CoinGecko tickers (as CoinGecko
   * drops an exchange it cannot reach) and, where the fake serves its book, the book answers 503.
   */
  z.object({ kind: z.literal("venue-down"), exchange: z.string().min(1), ...span }),
  /** Every sale route of the coin pays factor × its price: KyberSwap outputs and CEX bids. */
  z.object({ kind: z.literal("sale-price"), coin: z.string().min(1), factor, ...span }),
  /** The coin's pool prices on one DexScreener chain × factor (a chain-local peg). */
  z.object({
    kind: z.literal("pool-price"),
    coin: z.string().min(1),
    chain: z.string().min(1),
    factor,
    ...span,
  }),
  /**
   * The coin has no DEX pools: its DexScreener token-pairs answers are the empty list a token
   * without pools gets (its ±2 % depth is then its exchanges' alone).
   */
  z.object({ kind: z.literal("no-pools"), coin: z.string().min(1), ...span }),
  /** The coin's market_chart prices whose time lies in the span × factor (the mid stays). */
  z.object({ kind: z.literal("chart-price"), coin: z.string().min(1), factor, ...span }),
]);
export const historyEpisodesSchema = z.array(historyEpisodeSchema);
export type HistoryEpisode = z.infer<typeof historyEpisodeSchema>;

type Json = Record<string, unknown>;
type Row = [string | number, string | number, ...unknown[]];

const activeAt = (e: HistoryEpisode, nowMs: number) => nowMs >= e.fromMs && nowMs < e.toMs;

/** Keeps a number's written precision (the recorded answers' decimals) after scaling it. */
function scaleText(value: string | number, by: number): string | number {
  const n = Number(value) * by;
  if (typeof value === "number") return n;
  const decimals = value.includes(".") ? (value.split(".")[1] ?? "").length : 0;
  return n.toFixed(decimals);
}

function scaleRows(rows: unknown, column: 0 | 1, by: number): void {
  if (!Array.isArray(rows)) return;
  for (const row of rows as Row[]) row[column] = scaleText(row[column], by);
}

/** The book's bids and asks, whatever the exchange's envelope. */
function bookSides(provider: AnyProvider, body: Json): { bids: unknown; asks: unknown }[] {
  if (provider !== "kraken") return [body as { bids: unknown; asks: unknown }];
  const result = (body.result ?? {}) as Record<string, { bids: unknown; asks: unknown }>;
  return Object.values(result);
}

function bookCoin(pair: string, market: Market): string | null {
  const split = splitPair(pair);
  return split ? (entryBySymbol(split.base, market)?.id ?? null) : null;
}

function bookPair(provider: AnyProvider, url: URL, path: string): string {
  if (provider === "coinbase")
    return decodeURIComponent(/^\/products\/([^/]+)\/book$/.exec(path)?.[1] ?? "");
  return url.searchParams.get(provider === "kraken" ? "pair" : "symbol") ?? "";
}

function transformBook(
  provider: AnyProvider,
  body: Json,
  coin: string,
  active: HistoryEpisode[],
): void {
  const names = BOOK_EXCHANGE_NAMES[provider] ?? [];
  for (const e of active) {
    for (const side of bookSides(provider, body)) {
      if (
        e.kind === "depth" &&
        e.coin === coin &&
        names.some((n) => e.venues.includes(`cex:${n}`))
      ) {
        scaleRows(side.bids, 1, e.factor);
        scaleRows(side.asks, 1, e.factor);
      }
      if (e.kind === "sale-price" && e.coin === coin) scaleRows(side.bids, 0, e.factor);
    }
  }
}

function transformTickers(body: Json, coin: string, active: HistoryEpisode[]): void {
  const down = new Set(active.flatMap((e) => (e.kind === "venue-down" ? [e.exchange] : [])));
  const namesOf = (t: Json) => marketNames(t.market as Json | undefined);
  let tickers = (body.tickers ?? []) as Json[];
  tickers = tickers.filter((t) => !namesOf(t).some((n) => down.has(n)));
  for (const e of active) {
    if (e.kind !== "depth" || e.coin !== coin) continue;
    for (const t of tickers) {
      if (!namesOf(t).some((n) => e.venues.includes(`cex:${n}`))) continue;
      for (const k of ["cost_to_move_up_usd", "cost_to_move_down_usd"])
        if (typeof t[k] === "number") t[k] = (t[k] as number) * e.factor;
    }
  }
  body.tickers = tickers;
}

function transformPairs(
  pairs: Json[],
  chain: string,
  address: string,
  active: HistoryEpisode[],
): Json[] {
  const coin = findTokenByAddress(chain, address)?.token.coingeckoId;
  const needle = address.toLowerCase();
  if (active.some((e) => e.kind === "no-pools" && e.coin === coin)) return [];
  for (const e of active) {
    if (e.kind === "depth" && e.coin === coin && e.venues.includes(`dex:${chain}`)) {
      for (const p of pairs) {
        const liq = p.liquidity as Json | undefined;
        if (!liq) continue;
        for (const k of ["usd", "base", "quote"])
          if (typeof liq[k] === "number") liq[k] = (liq[k] as number) * e.factor;
      }
    }
    if (e.kind === "pool-price" && e.coin === coin && e.chain === chain) {
      for (const p of pairs) {
        const base = String((p.baseToken as Json).address).toLowerCase() === needle;
        const native = String(p.priceNative);
        // priceUsd is the base token's price; priceNative the base's price in quote units.
        if (base) p.priceUsd = scaleText(String(p.priceUsd), e.factor);
        p.priceNative = scaleText(native, base ? e.factor : 1 / e.factor);
      }
    }
  }
  return pairs;
}

function transformKyber(body: Json, chain: string, url: URL, active: HistoryEpisode[]): void {
  const coin = findTokenByAddress(chain, url.searchParams.get("tokenIn") ?? "")?.token.coingeckoId;
  const summary = ((body.data ?? {}) as Json).routeSummary as Json | undefined;
  if (!summary) return;
  for (const e of active) {
    if (e.kind !== "sale-price" || e.coin !== coin) continue;
    const out = BigInt(String(summary.amountOut));
    const scaled = (out * BigInt(Math.round(e.factor * 1e9))) / 1_000_000_000n;
    summary.amountOut = scaled.toString();
    summary.amountOutUsd = String(Number(summary.amountOutUsd) * e.factor);
  }
}

function transformChart(body: Json, coin: string, active: HistoryEpisode[]): void {
  for (const e of active) {
    if (e.kind !== "chart-price" || e.coin !== coin) continue;
    for (const point of (body.prices ?? []) as [number, number][])
      if (point[0] >= e.fromMs && point[0] < e.toMs) point[1] = point[1] * e.factor;
  }
}

/**
 * The episodes that apply at `nowMs`. A `chart-price` episode applies from its span's end on: a
 * wick between two looks at the market, seen in the series once it is over (the current price,
 * the series' last point, never moves); the others only inside their span.
 */
export function activeEpisodes(episodes: readonly HistoryEpisode[], nowMs: number) {
  return episodes.filter((e) => (e.kind === "chart-price" ? nowMs >= e.toMs : activeAt(e, nowMs)));
}

/** An exchange's book answer while it is down (the `503` scenario's answer), else null. */
export function downAnswer(
  provider: AnyProvider,
  episodes: readonly HistoryEpisode[],
  nowMs: number,
): RouteResponse | null {
  const names = BOOK_EXCHANGE_NAMES[provider];
  if (names === undefined) return null;
  const down = activeEpisodes(episodes, nowMs).some(
    (e) => e.kind === "venue-down" && names.includes(e.exchange),
  );
  return down ? html(503, "503 Service Temporarily Unavailable") : null;
}

/** The ok answer with the active episodes applied (unchanged when none concerns it). */
export function historyAnswer(
  provider: AnyProvider,
  path: string,
  url: URL,
  ok: RouteResponse,
  nowMs: number,
  market: Market,
  episodes: readonly HistoryEpisode[],
): RouteResponse {
  const active = activeEpisodes(episodes, nowMs);
  if (active.length === 0 || ok.status !== 200) return ok;
  let body: unknown;
  try {
    body = JSON.parse(ok.body);
  } catch {
    return ok;
  }
  const tickers = /^\/coins\/([^/]+)\/tickers$/.exec(path);
  const chart = /^\/coins\/([^/]+)\/market_chart$/.exec(path);
  const pairs = /^\/token-pairs\/v1\/([^/]+)\/([^/]+)$/.exec(path);
  const kyber = /^\/([^/]+)\/api\/v1\/routes$/.exec(path);
  if (provider === "coingecko" && tickers) transformTickers(body as Json, tickers[1] ?? "", active);
  else if (provider === "coingecko" && chart) transformChart(body as Json, chart[1] ?? "", active);
  else if (provider === "dexscreener" && pairs && Array.isArray(body))
    body = transformPairs(
      body as Json[],
      pairs[1] ?? "",
      decodeURIComponent(pairs[2] ?? ""),
      active,
    );
  else if (provider === "kyberswap" && kyber)
    transformKyber(body as Json, kyber[1] ?? "", url, active);
  else if (BOOK_EXCHANGE_NAMES[provider] !== undefined) {
    const coin = bookCoin(bookPair(provider, url, path), market);
    if (coin !== null) transformBook(provider, body as Json, coin, active);
  } else return ok;
  return { ...ok, body: JSON.stringify(body) };
}
