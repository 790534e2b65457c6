/**
 * DexScreener `/token-pairs/v1/{chainId}/{tokenAddress}`: a bare array of synthetic pairs in the
 * recorded element shape. Pool kinds per (token, chain, contract):
 *   - uniswap `v3` stable/stable, queried token as BASE (concentrated liquidity)
 *   - curve (no labels) stableswap, queried token as QUOTE
 *   - constant-product volatile WETH/token (token as QUOTE, so priceUsd is WETH's ≈ 2450):
 *     uniswap `v2` (ethereum), aerodrome `v2` (base), camelot `v2` (arbitrum), velodrome `v2` (optimism)
 *   - canonical contracts only: uniswap `v3` WETH/token and, on ethereum, uniswap `v4` token/stable
 * Quirks (see DEX_QUIRKS): USDC on arbitrum has a ramses pool claiming ~2.16 B USD liquidity;
 * USDC on base has a uniswap v4 pool without `liquidity`; DAI on arbitrum trades at 0.968 in
 * every pool (the chain-local depeg). Sorted by liquidity.usd desc, pools
 * without liquidity last. Unknown chain/token → [].
 */
import { DEX_QUIRKS } from "../constants";
import {
  findTokenByAddress,
  REF_PRICES,
  tokenBySymbol,
  WETH,
  type DexChainId,
  type TrackedToken,
} from "./assets";
import { marketEntry } from "./coingecko-markets";
import { addressFor, round, rngFor } from "./rng";

export interface Tok {
  address: string;
  name: string;
  symbol: string;
  usd: number;
  cap: number;
}

const NAMES: Record<string, string> = {
  USDT: "Tether USD",
  USDC: "USD Coin",
  DAI: "Dai Stablecoin",
  USDe: "USDe",
  FDUSD: "First Digital USD",
  PYUSD: "PayPal USD",
  USDS: "USDS Stablecoin",
  FRAX: "Frax",
  LUSD: "LUSD Stablecoin",
  crvUSD: "Curve.Fi USD Stablecoin",
  GHO: "Gho Token",
};

/** Total DEX liquidity (USD) of a token's canonical contract on ethereum. */
const LIQ_USD: Record<string, number> = {
  USDC: 220e6,
  USDT: 180e6,
  USDe: 120e6,
  DAI: 90e6,
  USDS: 70e6,
  PYUSD: 45e6,
  crvUSD: 35e6,
  GHO: 28e6,
  FDUSD: 15e6,
  FRAX: 12e6,
  LUSD: 6e6,
};
const CHAIN_FACTOR: Record<DexChainId, number> = {
  ethereum: 1,
  base: 0.22,
  arbitrum: 0.18,
  optimism: 0.08,
};
const VOLATILE_DEX: Record<DexChainId, string> = {
  ethereum: "uniswap",
  base: "aerodrome",
  arbitrum: "camelot",
  optimism: "velodrome",
};
const WETH_CAP = 7_150_000_000;

function stableTok(symbol: string, chain: DexChainId, address?: string): Tok {
  const t = tokenBySymbol(symbol) as TrackedToken;
  const m = marketEntry(t.coingeckoId);
  return {
    address: address ?? t.addresses[chain][0]?.address ?? addressFor("token", symbol, chain),
    name: NAMES[symbol] ?? symbol,
    symbol,
    usd: m?.current_price ?? 1,
    cap: m?.market_cap ?? 0,
  };
}

function wethTok(chain: DexChainId): Tok {
  return {
    address: WETH[chain],
    name: "Wrapped Ether",
    symbol: "WETH",
    usd: REF_PRICES.WETH,
    cap: WETH_CAP,
  };
}

function fmtPrice(p: number): string {
  return p >= 100 ? p.toFixed(2) : p.toFixed(4);
}

export interface PoolSpec {
  dexId: string;
  labels?: string[];
  base: Tok;
  quote: Tok;
  liquidityUsd: number | null;
  turnover: number;
  pairAddress?: string;
}

export function buildPair(chain: string, spec: PoolSpec, seed: string): Record<string, unknown> {
  const r = rngFor("pair", seed);
  const pairAddress = spec.pairAddress ?? addressFor("pair", seed);
  const volatile = spec.base.symbol === "WETH" || spec.quote.symbol === "WETH";
  const baseUsd = round(spec.base.usd * (1 + (r() - 0.5) * (volatile ? 0.002 : 0.0003)), 6);
  const liq = spec.liquidityUsd ?? 0;
  const h24 = round(Math.max(liq, 250_000) * spec.turnover * (0.6 + r() * 0.8), 2);
  const h6 = round(h24 * (0.18 + r() * 0.14), 2);
  const h1 = round(h6 * (0.1 + r() * 0.12), 2);
  const m5 = round(h1 * (0.04 + r() * 0.08), 2);
  const avgTrade = volatile ? 2_500 : 40_000;
  const tx = (v: number) => {
    const n = Math.round(v / avgTrade);
    const buys = Math.round(n * (0.4 + r() * 0.2));
    return { buys, sells: n - buys };
  };
  const priceChange: Record<string, number> = {};
  for (const k of ["m5", "h1", "h6", "h24"] as const) {
    const v = round((r() - 0.5) * (volatile ? 6 : 0.06), 2);
    if (v !== 0) priceChange[k] = v;
  }
  const pair: Record<string, unknown> = {
    chainId: chain,
    dexId: spec.dexId,
    url: `https://dexscreener.com/${chain}/${pairAddress.toLowerCase()}`,
    pairAddress,
  };
  if (spec.labels) pair.labels = spec.labels;
  Object.assign(pair, {
    baseToken: { address: spec.base.address, name: spec.base.name, symbol: spec.base.symbol },
    quoteToken: { address: spec.quote.address, name: spec.quote.name, symbol: spec.quote.symbol },
    priceNative: fmtPrice(baseUsd / spec.quote.usd),
    priceUsd: fmtPrice(baseUsd),
    txns: { m5: tx(m5), h1: tx(h1), h6: tx(h6), h24: tx(h24) },
    volume: { h24, h6, h1, m5 },
    priceChange,
  });
  if (spec.liquidityUsd !== null) {
    const share = 0.4 + r() * 0.2;
    const amount = (usd: number, tok: Tok) =>
      tok.symbol === "WETH" ? round(usd / tok.usd, 4) : Math.round(usd / tok.usd);
    pair.liquidity = {
      usd: round(spec.liquidityUsd, 2),
      base: amount(spec.liquidityUsd * share, spec.base),
      quote: amount(spec.liquidityUsd * (1 - share), spec.quote),
    };
  }
  Object.assign(pair, {
    fdv: spec.base.cap,
    marketCap: spec.base.cap,
    pairCreatedAt: 1_600_000_000_000 + Math.floor(r() * 150_000_000) * 1000,
  });
  return pair;
}

export function tokenPairs(chainId: string, tokenAddress: string): Record<string, unknown>[] {
  const hit = findTokenByAddress(chainId, tokenAddress);
  if (!hit) return [];
  const { token, entry, chain } = hit;
  const canonical = entry.kind !== "bridged";
  const self = stableTok(token.symbol, chain, entry.address);
  if (!canonical) {
    const bridgedSymbol: Record<string, string> = {
      base: "USDbC",
      arbitrum: "USDC.e",
      optimism: "USDC.e",
    };
    if (token.symbol === "USDC") self.symbol = bridgedSymbol[chain] ?? "USDC.e";
    self.name = `Bridged ${self.name}`;
  }
  const depeg = DEX_QUIRKS.chainLocalDepeg;
  if (token.symbol === depeg.symbol && chain === depeg.chainId) self.usd = depeg.priceUsd;
  const total = (LIQ_USD[token.symbol] ?? 5e6) * CHAIN_FACTOR[chain] * (canonical ? 1 : 0.35);
  const partnerA = stableTok(token.symbol === "USDC" ? "USDT" : "USDC", chain);
  const partnerB = stableTok(token.symbol === "USDT" ? "USDC" : "USDT", chain);
  const specs: PoolSpec[] = [
    {
      dexId: "uniswap",
      labels: ["v3"],
      base: self,
      quote: partnerA,
      liquidityUsd: total * 0.34,
      turnover: 0.9,
    },
    { dexId: "curve", base: partnerB, quote: self, liquidityUsd: total * 0.3, turnover: 0.15 },
    {
      dexId: VOLATILE_DEX[chain],
      labels: ["v2"],
      base: wethTok(chain),
      quote: self,
      liquidityUsd: total * 0.12,
      turnover: 1.1,
    },
  ];
  if (canonical) {
    specs.push({
      dexId: "uniswap",
      labels: ["v3"],
      base: wethTok(chain),
      quote: self,
      liquidityUsd: total * 0.16,
      turnover: 2.4,
    });
    if (chain === "ethereum") {
      specs.push({
        dexId: "uniswap",
        labels: ["v4"],
        base: self,
        quote: partnerB,
        liquidityUsd: total * 0.08,
        turnover: 0.5,
      });
    }
  }
  const o = DEX_QUIRKS.outlierPool;
  if (chain === o.chainId && entry.address.toLowerCase() === o.tokenAddress.toLowerCase()) {
    specs.push({
      dexId: o.dexId,
      labels: ["v3"],
      base: self,
      quote: partnerA,
      liquidityUsd: o.liquidityUsd,
      turnover: 0.000002,
      pairAddress: o.pairAddress,
    });
  }
  const n = DEX_QUIRKS.noLiquidityPool;
  if (chain === n.chainId && entry.address.toLowerCase() === n.tokenAddress.toLowerCase()) {
    specs.push({
      dexId: n.dexId,
      labels: ["v4"],
      base: self,
      quote: partnerA,
      liquidityUsd: null,
      turnover: 0.3,
      pairAddress: n.pairAddress,
    });
  }
  for (const [i, s] of specs.entries()) {
    if (s.liquidityUsd !== null && s.pairAddress === undefined)
      s.liquidityUsd *= 0.9 + 0.2 * rngFor("liq", token.symbol, chain, entry.address, i)();
  }
  const pairs = specs.map((s, i) =>
    buildPair(chain, s, `${token.symbol}|${chain}|${entry.address.toLowerCase()}|${i}`),
  );
  const liq = (p: Record<string, unknown>) =>
    (p.liquidity as { usd: number } | undefined)?.usd ?? -1;
  return pairs.sort((a, b) => liq(b) - liq(a));
}
