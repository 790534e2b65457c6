/** Raw CoinGecko payloads → domain types. */
import type {
  ContractAddress,
  MarketQuote,
  MarketTicker,
  PricePoint,
  ValuePoint,
} from "@/lib/domain/types";
import { validPriceUsd } from "@/lib/domain/peg";
import { isEvmAddress } from "../segments";
import { toFiniteNumber } from "../parse";
import type { RawCoinDetail, RawMarketRow, RawSeries, RawTicker } from "./schemas";

/**
 * Venue identifiers of on-chain exchanges. DEX tickers are also recognised by contract
 * addresses in `base`/`target` (the provider's default pair format for DEXes).
 */
const DEX_VENUE_PATTERN =
  /uniswap|sushiswap|pancakeswap|curve|balancer|aerodrome|velodrome|orca|raydium|meteora|camelot|trader_?joe|maverick|fluid|ekubo|syncswap|quickswap|jupiter/i;

export function toMarketQuote(row: RawMarketRow): MarketQuote {
  return {
    coingeckoId: row.id,
    symbol: row.symbol,
    name: row.name,
    priceUsd: validPriceUsd(row.current_price),
    marketCapUsd: row.market_cap,
    volume24hUsd: row.total_volume,
    priceChange24hPct: row.price_change_percentage_24h,
    lastUpdated: row.last_updated ?? null,
  };
}

/** `[ts, value]` pairs with both members finite, sorted by time. */
function finitePairs(series: RawSeries): [number, number][] {
  const pairs: [number, number][] = [];
  for (const pair of series ?? []) {
    const timestampMs = toFiniteNumber(pair[0]);
    const value = toFiniteNumber(pair[1]);
    if (timestampMs !== null && value !== null) pairs.push([timestampMs, value]);
  }
  return pairs.sort((a, b) => a[0] - b[0]);
}

/**
 * The price points, sorted by time, and how many were dropped: a point without a finite time or
 * without a price (zero, negative, non-finite or null) is no measurement, never a −10,000 bps
 * "depeg".
 */
export function toPriceSeries(series: RawSeries): { points: PricePoint[]; dropped: number } {
  const pairs = finitePairs(series).filter(([, price]) => validPriceUsd(price) !== null);
  const points = pairs.map(([timestampMs, priceUsd]) => ({ timestampMs, priceUsd }));
  return { points, dropped: (series?.length ?? 0) - points.length };
}

export function toValuePoints(series: RawSeries): ValuePoint[] {
  return finitePairs(series).map(([timestampMs, valueUsd]) => ({ timestampMs, valueUsd }));
}

export function toMarketTicker(raw: RawTicker): MarketTicker {
  const isDex =
    isEvmAddress(raw.base) ||
    isEvmAddress(raw.target) ||
    DEX_VENUE_PATTERN.test(raw.market.identifier);
  return {
    exchange: raw.market.name ?? raw.market.identifier,
    exchangeId: raw.market.identifier,
    base: raw.base,
    target: raw.target,
    lastPrice: raw.last,
    lastPriceUsd: toFiniteNumber(raw.converted_last?.usd),
    volumeUsd: toFiniteNumber(raw.converted_volume?.usd),
    costToMoveUpUsd: raw.cost_to_move_up_usd,
    costToMoveDownUsd: raw.cost_to_move_down_usd,
    isStale: raw.is_stale === true,
    isAnomaly: raw.is_anomaly === true,
    trustScore: raw.trust_score ?? null,
    isDex,
  };
}

/**
 * The coin's contracts, one per platform: `detail_platforms` (with decimals) first, then any
 * platform only `platforms` names. The native form (`{"": ""}`, `{}`) yields none.
 */
export function toContractAddresses(raw: RawCoinDetail): ContractAddress[] {
  const out = new Map<string, ContractAddress>();
  for (const [platform, d] of Object.entries(raw.detail_platforms ?? {})) {
    const address = d?.contract_address?.trim() ?? "";
    if (platform === "" || address === "") continue;
    out.set(platform, { platform, address, decimals: d?.decimal_place ?? null });
  }
  for (const [platform, value] of Object.entries(raw.platforms ?? {})) {
    const address = value?.trim() ?? "";
    if (platform === "" || address === "" || out.has(platform)) continue;
    out.set(platform, { platform, address, decimals: null });
  }
  return [...out.values()];
}
