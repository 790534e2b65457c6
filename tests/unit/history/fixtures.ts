/**
 * History samples for the codec tests: a realistic large coin (8 depth venues, 6 chains) with
 * seeded noise at the stored precisions, and the worst case the schema allows.
 */
import { MAX_CHAINS, MAX_NAME_CHARS, MAX_SOURCES, MAX_VENUES } from "@/lib/history/sample";
import type { HistorySample } from "@/lib/history/sample";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const T0_MS = Date.UTC(2026, 0, 1);

/** Deterministic noise (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;

const VENUES = ["cex:binance", "cex:coinbase", "cex:kraken", "cex:okx"];
const DEX_CHAINS = ["ethereum", "base", "arbitrum", "solana"];
const CHAINS = [...DEX_CHAINS, "tron", "polygon"];

export function realistic(i: number, rand: () => number, tMs = T0_MS + i * HOUR_MS): HistorySample {
  const jitter = (scale: number) => (rand() - 0.5) * scale;
  const venues: Record<string, number | null> = {};
  for (const v of VENUES) venues[v] = Math.round(20_000_000 + jitter(2_000_000));
  for (const c of DEX_CHAINS) venues[`dex:${c}`] = Math.round(8_000_000 + jitter(1_000_000));
  const cex = VENUES.reduce((s, v) => s + (venues[v] ?? 0), 0);
  const dex = DEX_CHAINS.reduce((s, c) => s + (venues[`dex:${c}`] ?? 0), 0);
  const asOf = (secondsBefore: number) => tMs - Math.round(secondsBefore + rand() * 60) * 1000;
  return {
    t: tMs,
    price: {
      usd: round(1 + jitter(0.0006), 6),
      sources: ["coingecko", "defillama"],
      as_of: asOf(30),
    },
    depth_2pct_usd: {
      total_usd: cex + dex,
      cex_usd: cex,
      dex_usd: dex,
      venues,
      sources: ["binance", "coinbase", "kraken", "okx", "dexscreener"],
      as_of: asOf(120),
    },
    exit_cost_bps: {
      usd_100k: round(0.8 + jitter(0.2), 2),
      usd_1m: round(2.4 + jitter(0.6), 2),
      usd_10m: round(11 + jitter(3), 2),
      sources: ["binance", "kyberswap"],
      as_of: asOf(300),
    },
    sale_1m: {
      price_usd: round(0.99976 + jitter(0.00006), 6),
      sources: ["kyberswap"],
      as_of: asOf(300),
    },
    chain_peg_bps: {
      chains: Object.fromEntries(CHAINS.map((c) => [c, round(jitter(8), 2)])),
      sources: ["dexscreener"],
      as_of: asOf(600),
    },
    risk_score: {
      score: 78.45,
      components: { transparency: 82, liquidity: 71.5, pegStability: 80.5 },
      coverage: 1,
      sources: ["service"],
      as_of: asOf(900),
    },
    circulating_usd: {
      usd: Math.round(60_000_000_000 + i * 1_250_000 + jitter(500_000)),
      sources: ["defillama"],
      as_of: asOf(3000),
    },
  };
}

const LONG = (prefix: string, i: number) => `${prefix}${i}`.padEnd(MAX_NAME_CHARS, "x");

/** Every field at its longest: the most venues, chains and sources, every number maximal. */
export function worstCase(i: number, tMs: number): HistorySample {
  const sources = Array.from({ length: MAX_SOURCES }, (_, k) => LONG(`s${i}-${k}-`, k));
  const big = 9_000_000_000_000 + i;
  return {
    t: tMs + 1,
    price: { usd: 123_456.123457 + i, sources, as_of: 1 },
    depth_2pct_usd: {
      total_usd: big,
      cex_usd: big,
      dex_usd: big,
      venues: Object.fromEntries(
        Array.from({ length: MAX_VENUES }, (_, k) => [
          `cex:${LONG("v", k)}`.slice(0, MAX_NAME_CHARS),
          (i + k) % 2 ? big : 1,
        ]),
      ),
      sources,
      as_of: 1,
    },
    exit_cost_bps: { usd_100k: -9_999.99, usd_1m: 9_999.99, usd_10m: -9_999.99, sources, as_of: 1 },
    sale_1m: { price_usd: 123_456.123457 - i, sources, as_of: 1 },
    chain_peg_bps: {
      chains: Object.fromEntries(
        Array.from({ length: MAX_CHAINS }, (_, k) => [LONG("c", k), i % 2 ? -9_999.99 : 9_999.99]),
      ),
      sources,
      as_of: 1,
    },
    risk_score: {
      score: 99.99,
      components: { transparency: 0.01, liquidity: 99.99, pegStability: 0.01 },
      coverage: 0.9999,
      sources,
      as_of: 1,
    },
    circulating_usd: { usd: big, sources, as_of: 1 },
  };
}
