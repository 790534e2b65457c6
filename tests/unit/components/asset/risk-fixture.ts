import type { DepegStatsBody, RiskBody } from "@/components/asset/types";

const stats = (
  window: DepegStatsBody["window"],
  over: Partial<DepegStatsBody> = {},
): DepegStatsBody => ({
  window,
  points: 168,
  from: "2026-01-08T12:00:00.000Z",
  to: "2026-01-15T12:00:00.000Z",
  worst_deviation_bps: -4.8,
  worst_at: "2026-01-14T17:35:00.000Z",
  share_outside_10_bps: 0,
  share_outside_50_bps: 0,
  share_outside_100_bps: 0,
  excursions_beyond_100_bps: 0,
  coverage: 0.99,
  gap_ms: 0,
  current_deviation_bps: -1.8,
  status: "on-peg",
  ...over,
});

/** USDC as the demo serves it, healthy. */
export const RISK: RiskBody = {
  asset: "USDC",
  name: "USD Coin",
  backing: "fiat-backed",
  issuer: "Circle",
  resolved: { defillama_id: "2", coingecko_id: "usd-coin", other_assets_with_symbol: [] },
  peg: {
    price_usd: 0.999815,
    price_source: "market",
    deviation_bps: -1.85,
    status: "on-peg",
    badge: {
      on: true,
      reason:
        "Market price 0.999815 USD is within 0.999–1.001 USD; 3 independent prices agree within 20 bps.",
      tolerance_usd: [0.999, 1.001],
      checked_prices: [
        { source: "market", price_usd: 0.999815 },
        { source: "aggregate", price_usd: 0.99981 },
      ],
      max_spread_bps: 0.05,
    },
  },
  depeg: {
    "24h": stats("24h", { points: 288 }),
    "7d": stats("7d", {
      worst_deviation_bps: -150,
      excursions_beyond_100_bps: 1,
      share_outside_100_bps: 0.03,
    }),
    "30d": stats("30d", { points: 720, worst_deviation_bps: -150, excursions_beyond_100_bps: 1 }),
  },
  depth: {
    total_2pct_usd: 1_930_556_314,
    not_measured_reason: null,
    cex_2pct_usd: 236_863_065,
    dex_2pct_usd: 1_693_693_248,
    dex_stable_stable_usd: 1_691_030_196,
    dex_stable_volatile_usd: 2_663_051,
    depth_to_market_cap: 0.0246,
  },
  exit_cost: {
    holds_peg_up_to_usd: 1_000_000,
    peg_measured: true,
    cost_at_1m_bps: 4.2,
    peg_threshold_bps: 50,
  },
  issuer_concentration: {
    issuer: "Circle",
    issuer_share_of_usd_market_pct: 26.02,
    chain_hhi: 6970.9,
    supply_distribution: { ethereum: 0.83, base: 0.12, arbitrum: 0.05 },
    supply_distribution_source: "on-chain-scheduled",
    supply_distribution_universe: {
      provider: "Dune",
      chains: ["arbitrum", "base", "ethereum", "optimism"],
      as_of: "2026-11-27T13:00:00.000Z",
      description: "Scheduled on-chain snapshot over the chains its query reads.",
    },
    exposure: {
      token_symbol: "USDC",
      issuer: "Circle",
      held_by_issuer_entities_tokens: 640_626_186,
      total_supply_tokens: 57_404_374_203,
      share_of_supply: 0.01116,
      chains: ["ethereum", "base"],
      entities: [
        { label: "Circle", chain: "ethereum", label_source: "dune labels: issuer" },
        { label: "Circle", chain: "base", label_source: "dune labels: issuer" },
      ],
    },
  },
  velocity: {
    value: 0.1096,
    label: "moderate",
    volume_24h_usd: 8_602_997_357,
    market_cap_usd: 78_499_942_802,
    market_cap_source: "market",
  },
  momentum: {
    current_usd: 75_615_660_505,
    change_24h_usd: 255_005_141,
    change_24h_pct: 0.338,
    change_7d_usd: -377_727_739,
    change_7d_pct: -0.497,
  },
  risk_score: {
    score: 79.2,
    coverage: 1,
    scale: "0–100, higher = lower observed risk",
    components: [
      {
        name: "transparency",
        value: 66,
        scored_value: 66,
        weight: 0.3,
        effective_weight: 0.3,
        inputs: {},
        method: "transparency method",
      },
      {
        name: "liquidity",
        value: 84.8,
        scored_value: 84.8,
        weight: 0.3,
        effective_weight: 0.3,
        inputs: {},
        method: "liquidity method",
      },
      {
        name: "pegStability",
        value: 85,
        scored_value: 85,
        weight: 0.4,
        effective_weight: 0.4,
        inputs: {},
        method: "peg method",
      },
    ],
    missing: [],
    disclaimer:
      "Point-in-time observation; not a prediction of peg stability and not investment advice.",
    transparency_source: "https://www.circle.com/transparency",
  },
  metadata: {
    sources: [
      { name: "CoinGecko", type: "market", latency: "low", as_of: "2026-01-15T12:00:00.000Z" },
      { name: "DexScreener", type: "liquidity", latency: "low", as_of: "2026-01-15T12:00:00.000Z" },
      { name: "DefiLlama", type: "aggregate", latency: "low", as_of: "2026-01-15T11:00:00.000Z" },
      {
        name: "Dune",
        type: "on-chain-scheduled",
        last_updated: "2026-01-15T09:00:00.000Z",
        role: "supply distribution",
      },
      {
        name: "Dune",
        type: "on-chain-scheduled",
        last_updated: "2026-01-15T09:00:00.000Z",
        role: "issuer exposure",
      },
    ],
    stats_as_of: { "24h": "2026-11-21T12:00:00.000Z", "30d": "2026-11-21T12:00:00.000Z" },
  },
  warnings: [],
  warning_codes: [],
};

/** The same asset with the market provider and the on-chain snapshot down. */
export const RISK_DEGRADED: RiskBody = {
  ...RISK,
  peg: {
    ...RISK.peg,
    price_usd: null,
    price_source: null,
    deviation_bps: null,
    status: "unknown",
    badge: {
      ...RISK.peg.badge,
      on: false,
      reason: "No market price.",
      checked_prices: [],
      max_spread_bps: null,
    },
  },
  depth: {
    ...RISK.depth,
    cex_2pct_usd: null,
    total_2pct_usd: 1_693_693_248,
    depth_to_market_cap: null,
  },
  issuer_concentration: {
    ...RISK.issuer_concentration,
    supply_distribution_source: "aggregate",
    supply_distribution_universe: {
      provider: "DefiLlama",
      chains: ["arbitrum", "base", "ethereum", "solana"],
      as_of: "2026-01-15T11:00:00.000Z",
      description: "The aggregate's circulating supply on every chain it lists for this coin.",
    },
    exposure: null,
  },
  velocity: {
    value: null,
    label: "unknown",
    volume_24h_usd: null,
    market_cap_usd: null,
    market_cap_source: null,
  },
  risk_score: {
    ...RISK.risk_score,
    score: 53.8,
    coverage: 0.7,
    components: RISK.risk_score.components.map((c) =>
      c.name === "liquidity" ? { ...c, value: null, scored_value: 0 } : c,
    ),
    missing: ["liquidity"],
  },
  metadata: { ...RISK.metadata, sources: RISK.metadata.sources.filter((s) => s.name !== "Dune") },
  warnings: [
    "CoinGecko (market): the market provider did not answer; live price, market cap and 24h volume are unavailable.",
    "Dune (on-chain-scheduled): on-chain snapshot data is unavailable.",
  ],
  warning_codes: ["market_no_answer", "onchain_unreachable"],
};
