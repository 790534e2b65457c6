/**
 * What to measure for one coin: the CEX markets (the coin's USD and USDT pairs that the market
 * provider's tickers list on Binance, Kraken and Coinbase Exchange) and the DEX targets (each
 * supported chain where the coin has at least DEX_MIN_CHAIN_POOLS_USD of pools, selling into
 * that chain's deepest USD stablecoin by the aggregate's per-chain supply).
 * Read by the exit-cost route (`lib/exit-cost`) and by the refresher, which warms these venues.
 */
import type { AssetContext } from "./context";
import { OVERLAY_COINS, overlayFor } from "./overlay";
import { DEX_CHAINS, type DexChain } from "@/lib/domain/chains";
import { USD_PEG_TYPE } from "@/lib/domain/constants";
import { toRawUnits } from "@/lib/domain/exit-cost";
import type { MarketTicker } from "@/lib/domain/types";
import { binanceSymbol } from "@/lib/providers/binance/client";
import { coinbaseProduct } from "@/lib/providers/coinbase/client";
import { krakenPair } from "@/lib/providers/kraken/client";
import { readCoinContracts } from "@/lib/snapshot/coin-detail";
import type { Exchange, QuoteRequest } from "@/lib/snapshot/exit-cost";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

/** A chain is quoted when the coin's pools there hold at least this much (issue 27). */
export const DEX_MIN_CHAIN_POOLS_USD = 1_000_000;
/** Quote currencies of the CEX markets measured: USD, and USDT converted at its price. */
export const QUOTE_CURRENCIES = ["USD", "USDT"] as const;
export const USD_QUOTE = QUOTE_CURRENCIES[0];
export type QuoteCurrency = (typeof QUOTE_CURRENCIES)[number];

/** The market provider's exchange ids of the three exchanges (`gdax` is Coinbase Exchange). */
const EXCHANGE_OF_TICKER: Readonly<Record<string, Exchange>> = {
  binance: "binance",
  kraken: "kraken",
  gdax: "coinbase",
};
const PAIR_NAME = {
  binance: binanceSymbol,
  kraken: krakenPair,
  coinbase: coinbaseProduct,
} as const satisfies Record<Exchange, (base: string, quote: string) => string>;
/** Exchange pair symbols: letters and digits only (a coin symbol with `+` or `(` has none). */
const SYMBOL = /^[A-Z0-9]{2,12}$/;

export interface CexMarket {
  exchange: Exchange;
  /** The exchange's own spelling, e.g. `USDCUSDT`, `USDT-USD`. */
  pair: string;
  base: string;
  quote: QuoteCurrency;
}

export function cexMarkets(symbol: string, tickers: readonly MarketTicker[]): CexMarket[] {
  const base = symbol.toUpperCase();
  const out: CexMarket[] = [];
  if (!SYMBOL.test(base)) return out;
  for (const t of tickers) {
    const exchange = Object.hasOwn(EXCHANGE_OF_TICKER, t.exchangeId)
      ? EXCHANGE_OF_TICKER[t.exchangeId]
      : undefined;
    const quote = t.target.toUpperCase();
    if (!exchange || t.isDex || t.base.toUpperCase() !== base || quote === base) continue;
    if (!(QUOTE_CURRENCIES as readonly string[]).includes(quote)) continue;
    const pair = PAIR_NAME[exchange](base, quote);
    if (out.some((m) => m.exchange === exchange && m.pair === pair)) continue;
    out.push({ exchange, pair, base, quote: quote as QuoteCurrency });
  }
  return out;
}

export interface DexTarget {
  chain: string;
  tokenIn: string;
  /** null when neither the registry nor the market provider knows the coin's decimals. */
  decimalsIn: number | null;
  tokenOut: string;
  tokenOutSymbol: string;
  decimalsOut: number;
  poolsUsd: number;
}

/**
 * The chain's deepest USD stablecoin other than the coin, by the aggregate's supply on the chain,
 * among the coins whose contract there is known (the overlay's contracts); while no aggregate
 * copy exists, the overlay's first coin with a contract there.
 */
export function deepestStablecoin(
  chain: string,
  ctx: Pick<AssetContext, "aggregate">,
  excludeDefillamaId: string | null,
): { symbol: string; address: string; decimals: number } | null {
  if (!(DEX_CHAINS as readonly string[]).includes(chain)) return null;
  const dexChain = chain as DexChain;
  const listed = ctx.aggregate.value ?? [];
  const candidates =
    listed.length > 0
      ? listed
          .filter((a) => a.pegType === USD_PEG_TYPE)
          .map((a) => ({
            id: a.id,
            symbol: a.symbol,
            supply: a.chainCirculating[chain]?.currentUsd,
          }))
      : OVERLAY_COINS.map((o) => ({ id: o.defillamaId, symbol: o.symbol, supply: undefined }));
  let best: { symbol: string; address: string; decimals: number; supply: number } | null = null;
  for (const c of candidates) {
    if (c.id === excludeDefillamaId) continue;
    const contract = overlayFor(c.id)?.addresses[dexChain][0];
    if (!contract) continue;
    const supply = c.supply ?? -1;
    if (best === null || supply > best.supply)
      best = { symbol: c.symbol, address: contract.address, decimals: contract.decimals, supply };
  }
  return best && { symbol: best.symbol, address: best.address, decimals: best.decimals };
}

/** Decimals of the coin's contract: the overlay's overrides first, then the market provider's coin detail. */
export type DecimalsOf = (chain: string, address: string) => number | null;

export function dexTargets(
  ctx: Pick<AssetContext, "asset" | "aggregate" | "pools">,
  decimalsOf: DecimalsOf,
): DexTarget[] {
  const perChain = new Map<string, { usd: number; token: string; top: number }>();
  for (const p of ctx.pools?.value ?? []) {
    if (!(DEX_CHAINS as readonly string[]).includes(p.chain)) continue;
    const usd = p.liquidityUsd ?? 0;
    const token = p.assetSide === "base" ? p.baseToken.address : p.quoteToken.address;
    const c = perChain.get(p.chain) ?? { usd: 0, token, top: -1 };
    c.usd += usd;
    if (usd > c.top) Object.assign(c, { token, top: usd });
    perChain.set(p.chain, c);
  }
  const out: DexTarget[] = [];
  for (const [chain, c] of perChain) {
    if (c.usd < DEX_MIN_CHAIN_POOLS_USD) continue;
    const sink = deepestStablecoin(chain, ctx, ctx.asset.defillamaId);
    if (!sink || sink.address.toLowerCase() === c.token.toLowerCase()) continue;
    out.push({
      chain,
      tokenIn: c.token,
      decimalsIn: decimalsOf(chain, c.token),
      tokenOut: sink.address,
      tokenOutSymbol: sink.symbol,
      decimalsOut: sink.decimals,
      poolsUsd: c.usd,
    });
  }
  return out.sort((a, b) => b.poolsUsd - a.poolsUsd);
}

/** The coin's price the ladder turns sizes into amounts with: the market provider's, else the aggregate's. */
export function exitPriceUsd(ctx: Pick<AssetContext, "quote" | "aggregateEntry">): number | null {
  return ctx.quote?.value?.priceUsd ?? ctx.aggregateEntry?.priceUsd ?? null;
}

export async function decimalsLookup(ctx: AssetContext, readOpts?: ReadOpts): Promise<DecimalsOf> {
  const known: { chain: string; address: string; decimals: number | null }[] = [];
  for (const [chain, list] of Object.entries(ctx.asset.overlay?.addresses ?? {}))
    for (const c of list) known.push({ chain, address: c.address, decimals: c.decimals });
  // Overridden contracts carry their decimals: no coin-detail read on their cold path.
  if (known.length === 0 && ctx.asset.coingeckoId) {
    try {
      const r = await readCoinContracts(ctx.asset.coingeckoId, readOpts);
      for (const c of r.value.contracts)
        known.push({ chain: "", address: c.address, decimals: c.decimals });
    } catch {
      // Unknown decimals: that chain's DEX quotes are not measured (reason no-decimals).
    }
  }
  return (_chain, address) =>
    known.find((k) => k.address.toLowerCase() === address.toLowerCase() && k.decimals !== null)
      ?.decimals ?? null;
}

/** The quote to ask for selling `sizeUsd` of the coin at `target`; null when it cannot be sized. */
export function dexQuoteRequest(
  t: DexTarget,
  sizeUsd: number,
  coinPriceUsd: number | null,
): QuoteRequest | null {
  if (t.decimalsIn === null || coinPriceUsd === null) return null;
  const decimals = t.decimalsIn;
  return {
    chain: t.chain,
    tokenIn: t.tokenIn,
    tokenOut: t.tokenOut,
    sizeUsd,
    amountInRaw: () => toRawUnits(sizeUsd / coinPriceUsd, decimals),
  };
}
