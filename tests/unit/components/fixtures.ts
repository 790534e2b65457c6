import type { IssuersResponse } from "@/lib/issuers/schema";
import type { SupplyEntry, SupplyResponse } from "@/lib/supply/schema";

export function entry(
  p: Partial<SupplyEntry> & Pick<SupplyEntry, "rank" | "id" | "symbol">,
): SupplyEntry {
  return {
    name: p.symbol,
    selector: p.symbol.toLowerCase(),
    coingecko_id: null,
    circulating_usd: 1e9,
    circulatingPrevWeek: 1e9,
    circulating_prev_month_usd: 1e9,
    change_7d_usd: 0,
    change_7d_pct: 0,
    change_30d_usd: 0,
    change_30d_pct: 0,
    price_usd: 1,
    price_source: "aggregate",
    peg_deviation_bps: 0,
    backing: "fiat-backed",
    issuer: null,
    chains: ["ethereum"],
    yield_bearing: false,
    peg_note: null,
    ...p,
  };
}

/** A small market shaped like the recorded sample: five assets share the symbol USDS. */
export const ROWS: SupplyEntry[] = [
  entry({
    rank: 1,
    id: "1",
    symbol: "USDT",
    name: "Tether",
    circulating_usd: 187e9,
    change_7d_pct: -0.1,
    change_7d_usd: -187e6,
    change_30d_pct: 0.81,
    peg_deviation_bps: -3.8,
    chains: ["ethereum", "tron", "bnb"],
    issuer: "Tether",
  }),
  entry({
    rank: 2,
    id: "2",
    symbol: "USDC",
    name: "USD Coin",
    circulating_usd: 75.6e9,
    change_7d_pct: -0.5,
    change_30d_pct: -2.77,
    peg_deviation_bps: -1.9,
    chains: ["ethereum", "solana", "base", "arbitrum"],
    issuer: "Circle",
  }),
  entry({
    rank: 3,
    id: "209",
    symbol: "USDS",
    name: "Sky Dollar",
    circulating_usd: 6.72e9,
    change_7d_pct: 10.4,
    change_7d_usd: 633e6,
    change_30d_pct: 10.71,
    peg_deviation_bps: -4.4,
    backing: "crypto-backed",
    chains: ["ethereum", "base", "arbitrum"],
  }),
  entry({
    rank: 4,
    id: "237",
    symbol: "USYC",
    name: "Circle USYC",
    circulating_usd: 1.5e9,
    peg_deviation_bps: 1124.5,
    yield_bearing: true,
    peg_note: "Yield-bearing (NAV) token: not a depeg.",
    chains: ["bnb", "ethereum"],
  }),
  entry({
    rank: 5,
    id: "6",
    symbol: "FRAX",
    name: "Frax",
    circulating_usd: 217e6,
    change_7d_pct: 2.72,
    peg_deviation_bps: -71.4,
    backing: "algorithmic",
    chains: ["ethereum", "arbitrum"],
  }),
  entry({
    rank: 6,
    id: "31",
    symbol: "USDS",
    selector: "31",
    name: "SpiceUSD",
    circulating_usd: 18e6,
    backing: "algorithmic",
    peg_deviation_bps: -56.7,
    chains: ["avalanche", "bnb"],
  }),
  entry({
    rank: 7,
    id: "335",
    symbol: "JUP",
    name: "JupUSD",
    circulating_usd: 3e6,
    circulatingPrevWeek: null,
    change_7d_pct: null,
    change_7d_usd: null,
    change_30d_pct: null,
    change_30d_usd: null,
    peg_deviation_bps: -7705.2,
    backing: "crypto-backed",
    chains: ["solana"],
  }),
];

export const SUPPLY_BODY: Omit<SupplyResponse, "holderAnalyticsSupported"> = {
  assets: ROWS,
  total_circulating_usd: ROWS.reduce((s, r) => s + r.circulating_usd, 0),
  rail: {
    dominance: {
      id: "1",
      symbol: "USDT",
      name: "Tether",
      circulating_usd: 187e9,
      share_pct: 64.37,
    },
    largest_7d_change: {
      id: "209",
      symbol: "USDS",
      name: "Sky Dollar",
      circulating_usd: 6.72e9,
      circulatingPrevWeek: 6.09e9,
      change_7d_usd: 633.1e6,
      change_7d_pct: 10.4,
      min_circulating_usd: 5_000_000,
    },
  },
  metadata: {
    source: { name: "DefiLlama", type: "aggregate", latency: "low" },
    as_of: "2025-06-01T14:05:00.000Z",
    stale: false,
    cache_ttl_seconds: 21600,
    method: "test",
  },
  warnings: [],
  warning_codes: [],
};

export const ISSUERS_BODY: Omit<IssuersResponse, "holderAnalyticsSupported"> = {
  tree: {
    name: "USD stablecoins",
    children: [
      {
        name: "Tether",
        issuer_source: "registry",
        value: 187e9,
        assets: ["USDT"],
        children: [
          { name: "ethereum", value: 90e9 },
          { name: "tron", value: 80e9 },
          { name: "bnb", value: 17e9 },
        ],
      },
      {
        name: "Circle",
        issuer_source: "registry",
        value: 77e9,
        assets: ["USDC", "USYC"],
        children: [
          { name: "ethereum", value: 40e9 },
          { name: "solana", value: 37e9 },
        ],
      },
    ],
  },
  concentration: {
    hhi: 5960.4,
    top_issuer: { name: "Tether", share_pct: 70.8 },
    issuers: [
      { name: "Tether", share_pct: 70.8, circulating_usd: 187e9 },
      { name: "Circle", share_pct: 29.2, circulating_usd: 77e9 },
    ],
    method: "test",
  },
  exposure: [],
  metadata: {
    sources: [
      { name: "DefiLlama", type: "aggregate", latency: "low", as_of: "2025-06-01T14:05:00.000Z" },
      { name: "Dune", type: "on-chain-scheduled", last_updated: "2025-05-31T00:00:00.000Z" },
    ],
    total_circulating_usd: 264e9,
  },
  warnings: ["Dune (on-chain-scheduled): the scheduled result is stale."],
  warning_codes: ["onchain_never_run"],
};
