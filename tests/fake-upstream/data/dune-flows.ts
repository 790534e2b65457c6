/**
 * Dune rows for the CEX flows, protocol flows and chain migration snapshots (docs/route-contract.md
 * "Scheduled snapshots"), synthetic and
 * seeded. Amounts are USD; every fourth amount cell is a string.
 */
import { CEX_FLOW_ROW_COUNT, DEMO_REPEATED_WALLETS } from "../constants";
import { addressFor, hash256For, pick, pickWeighted, round, rngFor } from "./rng";
import type { DuneRow } from "./dune-supply";

const HOUR = 3_600_000;

/** `2024-03-11 00:00:00.000 UTC` */
export function duneTime(ms: number): string {
  return new Date(ms).toISOString().replace("T", " ").replace("Z", " UTC");
}

function amountCell(n: number, i: number): number | string {
  return i % 4 === 2 ? n.toFixed(2) : round(n, 2);
}

const CEXES = [
  "Binance 14",
  "Binance 8",
  "Coinbase 10",
  "Kraken 4",
  "OKX 7",
  "Bybit Hot Wallet",
  "Bitfinex 2",
];

/** 150 transfers ≥ 1 M USD within the 7 days before the snapshot, newest first. */
export function cexFlowRows(endedAtMs: number): DuneRow[] {
  const rows: DuneRow[] = [];
  const span = 7 * 24 * HOUR;
  for (let i = 0; i < CEX_FLOW_ROW_COUNT; i++) {
    const r = rngFor("cex-flow", i);
    const blockchain = pickWeighted(
      ["ethereum", "bnb", "arbitrum", "base", "optimism", "polygon", "avalanche_c"],
      [50, 15, 10, 10, 5, 5, 5],
      r(),
    );
    const token = pickWeighted(
      ["USDT", "USDC", "DAI", "USDe", "FDUSD", "PYUSD"],
      [40, 35, 8, 7, 5, 5],
      r(),
    );
    const amount = 1_000_000 * Math.exp(r() * Math.log(60));
    const cex = pick(CEXES, r());
    const cexAddress = addressFor("cex", cex);
    const wallet =
      i % 3 === 0
        ? (DEMO_REPEATED_WALLETS[(i / 3) % DEMO_REPEATED_WALLETS.length] as string)
        : addressFor("wallet", i);
    const outbound = r() < 0.5;
    const time =
      endedAtMs -
      10 * 60_000 -
      Math.floor((i * span) / CEX_FLOW_ROW_COUNT) -
      Math.floor(r() * 600) * 1000;
    rows.push({
      block_time: duneTime(Math.floor(time / 1000) * 1000),
      blockchain,
      token_symbol: token,
      amount_usd: amountCell(amount, i),
      from_address: outbound ? cexAddress : wallet,
      to_address: outbound ? wallet : cexAddress,
      from_label: outbound ? cex : null,
      to_label: outbound ? null : cex,
      label_source: "dune labels: cex",
      direction: outbound ? "cex_to_unlabeled" : "unlabeled_to_cex",
      tx_hash: hash256For("tx", i),
    });
  }
  return rows;
}

interface ProtocolSpec {
  protocol: string;
  yieldBearing: boolean;
  scale: number;
  tokens: string[];
  chains: string[];
  l2Tokens?: string[];
}

const PROTOCOLS: ProtocolSpec[] = [
  {
    protocol: "aave_v3",
    yieldBearing: true,
    scale: 1,
    tokens: ["USDT", "USDC", "DAI", "USDe", "GHO", "PYUSD", "USDS"],
    chains: ["ethereum", "base", "arbitrum", "optimism"],
    l2Tokens: ["USDC", "USDT"],
  },
  {
    protocol: "compound_v3",
    yieldBearing: true,
    scale: 0.35,
    tokens: ["USDC", "USDT"],
    chains: ["ethereum", "base", "arbitrum"],
  },
  {
    protocol: "morpho",
    yieldBearing: true,
    scale: 0.6,
    tokens: ["USDC", "USDT", "USDe", "DAI", "PYUSD"],
    chains: ["ethereum", "base"],
    l2Tokens: ["USDC"],
  },
  {
    protocol: "sky_savings",
    yieldBearing: true,
    scale: 0.9,
    tokens: ["USDS", "DAI"],
    chains: ["ethereum"],
  },
  {
    protocol: "curve",
    yieldBearing: false,
    scale: 0.45,
    tokens: ["USDT", "USDC", "DAI", "crvUSD", "FRAX", "LUSD", "USDe", "PYUSD"],
    chains: ["ethereum"],
  },
  {
    protocol: "uniswap_v3",
    yieldBearing: false,
    scale: 0.5,
    tokens: ["USDC", "USDT", "DAI"],
    chains: ["ethereum", "arbitrum", "base"],
    l2Tokens: ["USDC", "USDT"],
  },
];

const TOKEN_SCALE: Record<string, number> = {
  USDT: 1,
  USDC: 1,
  DAI: 0.3,
  USDe: 0.4,
  USDS: 0.5,
  PYUSD: 0.15,
  GHO: 0.08,
  crvUSD: 0.07,
  FRAX: 0.04,
  LUSD: 0.02,
};
const CHAIN_SCALE: Record<string, number> = {
  ethereum: 1,
  base: 0.25,
  arbitrum: 0.2,
  optimism: 0.08,
};
const WINDOW_SCALE: Array<[string, number]> = [
  ["24h", 0.05],
  ["7d", 0.3],
  ["30d", 1],
];

export function protocolFlowRows(): DuneRow[] {
  const rows: DuneRow[] = [];
  for (const p of PROTOCOLS) {
    for (const blockchain of p.chains) {
      const tokens = blockchain === "ethereum" ? p.tokens : (p.l2Tokens ?? p.tokens);
      for (const token of tokens) {
        const base =
          2_400_000_000 * p.scale * (TOKEN_SCALE[token] ?? 0.05) * (CHAIN_SCALE[blockchain] ?? 0.1);
        for (const [window, ws] of WINDOW_SCALE) {
          const r = rngFor("protocol-flow", p.protocol, blockchain, token, window);
          const inflow = round(base * ws * (0.7 + r() * 0.6), 2);
          const outflow = round(inflow * (0.7 + r() * 0.6), 2);
          const i = rows.length;
          rows.push({
            token_symbol: token,
            protocol: p.protocol,
            blockchain,
            window,
            inflow_usd: amountCell(inflow, i),
            outflow_usd: amountCell(outflow, i + 1),
            net_flow_usd: amountCell(round(inflow - outflow, 2), i + 2),
            is_yield_bearing: p.yieldBearing,
          });
        }
      }
    }
  }
  return rows;
}

const ROUTES: Array<[string, string]> = [
  ["ethereum", "base"],
  ["ethereum", "arbitrum"],
  ["ethereum", "optimism"],
  ["base", "ethereum"],
  ["arbitrum", "ethereum"],
  ["bnb", "ethereum"],
  ["ethereum", "bnb"],
  ["polygon", "ethereum"],
  ["arbitrum", "base"],
  ["optimism", "base"],
];
const MIGRATION_SCALE: Record<string, number> = {
  USDC: 900e6,
  USDT: 700e6,
  USDe: 220e6,
  DAI: 120e6,
  USDS: 150e6,
};

/** Bridged volume per token and route; routes kept when the seeded coin says so (~70 %). */
export function chainMigrationRows(): DuneRow[] {
  const rows: DuneRow[] = [];
  for (const token of Object.keys(MIGRATION_SCALE)) {
    for (const [src, dst] of ROUTES) {
      const r = rngFor("migration", token, src, dst);
      if (src !== "ethereum" && dst !== "base" && r() > 0.7) continue;
      const month = (MIGRATION_SCALE[token] ?? 1e8) * (0.05 + r() * 0.4);
      for (const [window, amount] of [
        ["7d", month * (0.2 + r() * 0.15)],
        ["30d", month],
      ] as const) {
        rows.push({
          token_symbol: token,
          source_chain: src,
          destination_chain: dst,
          window,
          amount_usd: amountCell(amount, rows.length),
        });
      }
    }
  }
  return rows;
}
