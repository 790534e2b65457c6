/**
 * CEX order books for exit cost (Binance `/api/v3/depth`, Kraken `/0/public/Depth`, Coinbase
 * `/products/{id}/book?level=2`). The three recorded books are served as-is for their own pairs
 * (Binance USDCUSDT, Kraken USDCUSD, Coinbase USDT-USD); every other pair of a coin the market
 * world knows is synthetic and deterministic: 50 levels a side around the coin's price (in the
 * quote currency), 1 bps apart for 10 levels then 5 bps, sizes scaled on market cap
 * (BOOK_DEPTH_SHARE, clamped to BOOK_TOP_USD) and thinning away from the top. Unknown pairs get
 * each exchange's recorded error.
 */
import type { Market } from "../types";
import { marketEntry, knownMarketIds } from "./coingecko-markets";
import { fullMarketEntry, fullMarketKnownIds } from "./full-market";
import { round, rngFor } from "./rng";
import type { MarketEntry } from "./samples";

export const BOOK_SAMPLES = {
  binance: { pair: "USDCUSDT", file: "binance-depth-usdcusdt.reconstructed.json" },
  kraken: { pair: "USDCUSD", file: "kraken-depth-usdcusd.reconstructed.json" },
  coinbase: { pair: "USDT-USD", file: "coinbase-book-usdt-usd-level2.reconstructed.json" },
} as const;

const LEVELS = 50;
const NEAR_LEVELS = 10;
const NEAR_TICK = 0.0001;
const FAR_TICK = 0.0005;
const BOOK_DEPTH_SHARE = 2e-4;
const BOOK_TOP_USD = { min: 50_000, max: 30_000_000 } as const;
const QUOTES = ["USDT", "USD"] as const;

export function entryBySymbol(symbol: string, market: Market): MarketEntry | undefined {
  const ids = market === "full" ? fullMarketKnownIds() : knownMarketIds();
  const lookup = market === "full" ? fullMarketEntry : marketEntry;
  for (const id of ids) {
    const e = lookup(id);
    if (e && e.symbol.toUpperCase() === symbol) return e;
  }
  return undefined;
}

/** `{base, quote}` of an exchange pair spelling (`USDCUSDT`, `USDT-USD`), or null. */
export function splitPair(pair: string): { base: string; quote: string } | null {
  const dash = /^([A-Z0-9]+)-([A-Z0-9]+)$/.exec(pair);
  if (dash) return { base: dash[1] as string, quote: dash[2] as string };
  for (const q of QUOTES)
    if (pair.endsWith(q) && pair.length > q.length)
      return { base: pair.slice(0, -q.length), quote: q };
  return null;
}

/** `[price, size]` rows of a synthetic book, best first; null when the pair is unknown. */
export function syntheticBook(
  pair: string,
  market: Market,
): { bids: [number, number][]; asks: [number, number][] } | null {
  const split = splitPair(pair);
  if (!split || split.base === split.quote) return null;
  const coin = entryBySymbol(split.base, market);
  const quote = split.quote === "USD" ? 1 : entryBySymbol(split.quote, market)?.current_price;
  if (!coin || !quote || !(coin.current_price > 0)) return null;
  const mid = coin.current_price / quote;
  const topUsd = Math.min(
    BOOK_TOP_USD.max,
    Math.max(BOOK_TOP_USD.min, coin.market_cap * BOOK_DEPTH_SHARE),
  );
  const r = rngFor("book", pair, market);
  const side = (dir: 1 | -1): [number, number][] =>
    Array.from({ length: LEVELS }, (_, i) => {
      const offset =
        NEAR_TICK / 2 +
        Math.min(i, NEAR_LEVELS) * NEAR_TICK +
        Math.max(0, i - NEAR_LEVELS) * FAR_TICK;
      const price = round(mid + dir * offset, 4);
      const size = round(((topUsd / NEAR_LEVELS) * (0.5 + r()) * Math.exp(-i / 25)) / mid, 2);
      return [price, size];
    });
  return { bids: side(-1).filter(([p]) => p > 0), asks: side(1) };
}

const fixed = (n: number, places: number) => n.toFixed(places);

export function binanceDepth(pair: string, market: Market): unknown {
  const b = syntheticBook(pair, market);
  if (!b) return null;
  const row = ([p, s]: [number, number]) => [fixed(p, 8), fixed(s, 8)];
  return { lastUpdateId: 8842713560, bids: b.bids.map(row), asks: b.asks.map(row) };
}

export function krakenDepth(pair: string, market: Market, nowMs: number): unknown {
  const b = syntheticBook(pair, market);
  if (!b) return null;
  const t = Math.floor(nowMs / 1000);
  const row = ([p, s]: [number, number]) => [fixed(p, 5), fixed(s, 3), t];
  // Kraken names some pairs its own way (USDTUSD → USDTZUSD): the client reads the key positionally.
  const key = pair === "USDTUSD" ? "USDTZUSD" : pair;
  return { error: [], result: { [key]: { asks: b.asks.map(row), bids: b.bids.map(row) } } };
}

export function coinbaseBook(product: string, market: Market, nowMs: number): unknown {
  const b = syntheticBook(product, market);
  if (!b) return null;
  // Coinbase trims trailing zeros ("0.9998", "2982843.9").
  const row = ([p, s]: [number, number], i: number) => [String(p), String(s), 1 + (i % 40)];
  return {
    bids: b.bids.map(row),
    asks: b.asks.map(row),
    sequence: 11873651204,
    auction_mode: false,
    auction: null,
    time: new Date(nowMs).toISOString(),
  };
}
