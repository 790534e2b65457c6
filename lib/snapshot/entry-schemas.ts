/**
 * Live entries read back from the store, as zod schemas annotated with their domain types: an
 * entry that does not match is a miss, never a value.
 */
import { z } from "zod";
import type {
  AggregateAsset,
  DexPool,
  MarketChart,
  MarketQuote,
  MarketTicker,
  SupplyPoint,
} from "@/lib/domain/types";
import { ownRecord } from "@/lib/providers/parse";

const num = z.number();
const numOrNull = z.number().nullable();
const strOrNull = z.string().nullable();

const chainCirculating = z.object({
  currentUsd: num,
  prevDayUsd: numOrNull,
  prevWeekUsd: numOrNull,
  prevMonthUsd: numOrNull,
});

const aggregateAsset: z.ZodType<AggregateAsset> = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  geckoId: strOrNull,
  pegType: z.string(),
  backing: z.enum(["fiat-backed", "crypto-backed", "algorithmic"]).nullable(),
  priceUsd: numOrNull,
  circulatingUsd: num,
  circulatingPrevDayUsd: numOrNull,
  circulatingPrevWeekUsd: numOrNull,
  circulatingPrevMonthUsd: numOrNull,
  chainCirculating: ownRecord(chainCirculating),
  chains: z.array(z.string()),
  deprecated: z.boolean(),
  delisted: z.boolean(),
  yieldBearing: z.boolean(),
  deadFrom: z.string().nullable().optional(),
});

export const aggregateEntry: z.ZodType<{ assets: AggregateAsset[] }> = z.object({
  assets: z.array(aggregateAsset),
});

export const supplyEntry: z.ZodType<SupplyPoint[]> = z.array(
  z.object({ timestampMs: num, circulatingUsd: num }),
);

export const quotesEntry: z.ZodType<MarketQuote[]> = z.array(
  z.object({
    coingeckoId: z.string(),
    symbol: z.string(),
    name: z.string(),
    priceUsd: numOrNull,
    marketCapUsd: numOrNull,
    volume24hUsd: numOrNull,
    priceChange24hPct: numOrNull,
    lastUpdated: strOrNull,
  }),
);

const valuePoint = z.object({ timestampMs: num, valueUsd: num });
export const chartEntry: z.ZodType<MarketChart> = z.object({
  prices: z.array(z.object({ timestampMs: num, priceUsd: num })),
  droppedPrices: z.number().int().nonnegative(),
  marketCaps: z.array(valuePoint),
  volumes: z.array(valuePoint),
});

export const tickersEntry: z.ZodType<MarketTicker[]> = z.array(
  z.object({
    exchange: z.string(),
    exchangeId: z.string(),
    base: z.string(),
    target: z.string(),
    lastPrice: numOrNull,
    lastPriceUsd: numOrNull.optional(),
    volumeUsd: numOrNull,
    costToMoveUpUsd: numOrNull,
    costToMoveDownUsd: numOrNull,
    isStale: z.boolean(),
    isAnomaly: z.boolean(),
    trustScore: strOrNull,
    isDex: z.boolean(),
  }),
);

const dexToken = z.object({ address: z.string(), symbol: z.string(), name: z.string() });
export const poolsEntry: z.ZodType<DexPool[]> = z.array(
  z.object({
    chain: z.string(),
    dexId: z.string(),
    pairAddress: z.string(),
    url: strOrNull,
    labels: z.array(z.string()),
    baseToken: dexToken,
    quoteToken: dexToken,
    assetSide: z.enum(["base", "quote"]),
    assetPriceUsd: numOrNull,
    counterSymbol: z.string(),
    liquidityUsd: numOrNull,
    liquidityBase: numOrNull,
    liquidityQuote: numOrNull,
    volume24hUsd: numOrNull,
    pairCreatedAt: numOrNull,
  }),
);
