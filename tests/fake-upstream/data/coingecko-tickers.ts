/**
 * CoinGecko `/coins/{id}/tickers?depth=true`, synthetic, element shape of the recorded
 * tickers samples. 5–8 CEX tickers per coin on binance, gdax (Coinbase Exchange), okex (OKX),
 * kraken and bybit_spot. With `depth=true`, every ticker but the LAST one carries
 * `cost_to_move_up_usd` / `cost_to_move_down_usd` (the last one — kraken {SYMBOL}/EUR — never
 * does); without `depth=true` no ticker has them. `trust_score` is "green" on even positions and
 * null on odd ones.
 */
import { REF_PRICES } from "./assets";
import { marketEntry } from "./coingecko-markets";
import { round, rngFor } from "./rng";
import type { MarketEntry } from "./samples";

interface Venue {
  identifier: string;
  name: string;
  weight: number;
  trade: (base: string, target: string) => string;
}

const VENUES: Record<string, Venue> = {
  binance: {
    identifier: "binance",
    name: "Binance",
    weight: 1,
    trade: (b, t) => `https://www.binance.com/en/trade/${b}_${t}?ref=37754157`,
  },
  coinbase: {
    identifier: "gdax",
    name: "Coinbase Exchange",
    weight: 0.7,
    trade: (b, t) => `https://www.coinbase.com/advanced-trade/spot/${b}-${t}`,
  },
  okx: {
    identifier: "okex",
    name: "OKX",
    weight: 0.55,
    trade: (b, t) => `https://www.okx.com/trade-spot/${b.toLowerCase()}-${t.toLowerCase()}`,
  },
  kraken: {
    identifier: "kraken",
    name: "Kraken",
    weight: 0.3,
    trade: (b, t) => `https://pro.kraken.com/app/trade/${b.toLowerCase()}-${t.toLowerCase()}`,
  },
  bybit: {
    identifier: "bybit_spot",
    name: "Bybit",
    weight: 0.45,
    trade: (b, t) => `https://www.bybit.com/trade/spot/${b}/${t}`,
  },
};

/** ±2 % depth per side at the top venue, USD. Other coins: 0.02 % of market cap, 50 k..5 M. */
const TOP_DEPTH_USD: Record<string, number> = {
  tether: 40_000_000,
  "usd-coin": 30_000_000,
  "first-digital-usd": 18_000_000,
  "usd1-wlfi": 6_000_000,
  "ethena-usde": 4_000_000,
  dai: 2_500_000,
  "paypal-usd": 1_500_000,
  usds: 1_200_000,
  gho: 400_000,
  frax: 350_000,
  crvusd: 300_000,
  "liquity-usd": 120_000,
};

const TICKER_COUNT: Record<string, number> = {
  tether: 8,
  "usd-coin": 8,
  dai: 6,
  "ethena-usde": 6,
  "first-digital-usd": 6,
  "usd1-wlfi": 6,
};

const COIN_ID_BY_SYMBOL: Record<string, string> = {
  USDT: "tether",
  USDC: "usd-coin",
  FDUSD: "first-digital-usd",
};
const FIAT_PER_USD: Record<string, number> = { EUR: 0.9234, TRY: 38.61 };

/** [venue, target] in order; the last used entry is the no-depth one. */
function layout(symbol: string): Array<[keyof typeof VENUES, string]> {
  const stable = symbol === "USDT" ? "USDC" : "USDT";
  return [
    ["binance", stable],
    ["coinbase", "USD"],
    ["okx", stable],
    ["bybit", stable],
    ["kraken", "USD"],
    ["binance", symbol === "FDUSD" ? "USDC" : "FDUSD"],
    ["binance", "TRY"],
    ["kraken", "EUR"],
  ];
}

function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "+00:00");
}

export function coinTickers(
  id: string,
  nowMs: number,
  depth: boolean,
  lookup: (id: string) => MarketEntry | undefined = marketEntry,
): { name: string; tickers: unknown[] } | null {
  const entry = lookup(id);
  if (!entry) return null;
  const symbol = entry.symbol.toUpperCase();
  const count = TICKER_COUNT[id] ?? 5;
  const rows = layout(symbol).slice(0, count);
  // Keep the fiat-EUR pair (no depth) last whatever the count.
  const last = rows[rows.length - 1];
  if (last && last[1] !== "EUR") rows[rows.length - 1] = ["kraken", "EUR"];
  const topDepth =
    TOP_DEPTH_USD[id] ?? Math.min(5_000_000, Math.max(50_000, entry.market_cap * 2e-4));
  const tickers = rows.map(([venueKey, target], i) => {
    const venue = VENUES[venueKey] as Venue;
    const r = rngFor("ticker", id, i);
    const fx = FIAT_PER_USD[target] ?? 1;
    const usd = round(entry.current_price * (1 + (r() - 0.5) * 0.0004), 6);
    const lastPx = round(usd * fx * (1 + (r() - 0.5) * 0.0002), 6);
    const volUsd = Math.round(entry.total_volume * venue.weight * (0.04 + r() * 0.16));
    const ts = isoSeconds(nowMs - Math.floor(r() * 90_000));
    const ticker: Record<string, unknown> = {
      base: symbol,
      target,
      market: { name: venue.name, identifier: venue.identifier, has_trading_incentive: false },
      last: lastPx,
      volume: round(volUsd / usd, 4),
    };
    if (depth && i < rows.length - 1) {
      const w =
        venue.weight * (target === "USD" || target === "USDT" || target === "USDC" ? 1 : 0.5);
      ticker.cost_to_move_up_usd = round(topDepth * w * (0.9 + r() * 0.2), 7);
      ticker.cost_to_move_down_usd = round(topDepth * w * (0.85 + r() * 0.25), 7);
    }
    Object.assign(ticker, {
      converted_last: {
        btc: round(usd / REF_PRICES.BTC, 10),
        eth: round(usd / REF_PRICES.ETH, 8),
        usd,
      },
      converted_volume: {
        btc: Math.round(volUsd / REF_PRICES.BTC),
        eth: Math.round(volUsd / REF_PRICES.ETH),
        usd: volUsd,
      },
      trust_score: i % 2 === 0 ? "green" : null,
      bid_ask_spread_percentage: round(0.010001 + r() * 0.02, 6),
      timestamp: ts,
      last_traded_at: ts,
      last_fetch_at: ts,
      is_anomaly: false,
      is_stale: false,
      trade_url: venue.trade(symbol, target),
      token_info_url: null,
      coin_id: id,
    });
    const targetCoin = COIN_ID_BY_SYMBOL[target];
    if (targetCoin) ticker.target_coin_id = targetCoin;
    ticker.coin_mcap_usd = entry.market_cap;
    return ticker;
  });
  return { name: entry.name, tickers };
}
