/**
 * `GET /stablecoinprices` (aggregate, keyless): the daily price of every stablecoin in one call,
 * `[{ date: unix s, prices: { <gecko_id>: number | null } }]` (samples README §1 quirk 9: keyed
 * by gecko_id, not symbol). Mapped to one columnar table — one date axis, one price column per
 * coin — cut to the last DAILY_PRICE_HISTORY_DAYS days, so the cached entry stays small
 * (~200 coins × 366 days).
 */
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { validPriceUsd } from "@/lib/domain/peg";
import type { PricePoint } from "@/lib/domain/types";
import { providerGet, type ProviderCallOptions } from "../http";
import { looseRecord, toFiniteNumber } from "../parse";
import { DEFILLAMA_ENDPOINTS } from "./client";

const PROVIDER = "defillama";
/** Days of daily history kept (the event log's longest window, 365 days, plus today). */
export const DAILY_PRICE_HISTORY_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * MS_PER_SECOND;
/** Prices kept to 1e-6 USD (0.01 bps): finer is float noise, and it keeps the cached table small. */
const PRICE_SCALE = 1_000_000;
const toPrice = (v: unknown) => {
  const p = validPriceUsd(toFiniteNumber(v));
  return p === null ? null : Math.round(p * PRICE_SCALE) / PRICE_SCALE;
};

export const stablecoinPricesSchema = z.array(
  z.object({ date: z.union([z.number(), z.string()]), prices: looseRecord.nullish() }),
);
export type RawStablecoinPrices = z.output<typeof stablecoinPricesSchema>;

/** Every coin's daily prices on one date axis; a missing or non-price value is `null`. */
export interface DailyPriceTable {
  /** Unix ms, ascending, unique. */
  datesMs: number[];
  /** gecko_id → one price per date (same length as `datesMs`). */
  prices: Record<string, (number | null)[]>;
}

export function toDailyPriceTable(
  raw: RawStablecoinPrices,
  days: number = DAILY_PRICE_HISTORY_DAYS,
): DailyPriceTable {
  const rows = raw
    .map((r) => ({ ms: (toFiniteNumber(r.date) ?? NaN) * MS_PER_SECOND, prices: r.prices ?? {} }))
    .filter((r) => Number.isFinite(r.ms))
    .sort((a, b) => a.ms - b.ms)
    // One row per date (the last one given).
    .filter((r, i, all) => all[i + 1]?.ms !== r.ms);
  const lastMs = rows[rows.length - 1]?.ms ?? 0;
  const kept = rows.filter((r) => r.ms > lastMs - days * DAY_MS);
  // A Map, then own keys: an id such as `__proto__` is an ordinary coin.
  const columns = new Map<string, (number | null)[]>();
  kept.forEach((row, i) => {
    for (const [id, value] of Object.entries(row.prices)) {
      let column = columns.get(id);
      if (!column) columns.set(id, (column = new Array<number | null>(kept.length).fill(null)));
      column[i] = toPrice(value);
    }
  });
  return { datesMs: kept.map((r) => r.ms), prices: Object.fromEntries(columns) };
}

/** One coin's points from the table (dates without a price skipped); [] when absent. */
export function dailyPricePoints(table: DailyPriceTable, geckoId: string): PricePoint[] {
  const column = Object.hasOwn(table.prices, geckoId) ? table.prices[geckoId] : undefined;
  if (!column) return [];
  const points: PricePoint[] = [];
  column.forEach((priceUsd, i) => {
    const timestampMs = table.datesMs[i];
    if (priceUsd !== null && timestampMs !== undefined) points.push({ timestampMs, priceUsd });
  });
  return points;
}

/** `GET /stablecoinprices` → every coin's daily prices over the last year. */
export async function fetchStablecoinPrices(
  options: ProviderCallOptions = {},
): Promise<DailyPriceTable> {
  const endpoint = DEFILLAMA_ENDPOINTS.stablecoinPrices;
  const raw = await providerGet({
    provider: PROVIDER,
    endpoint,
    baseUrl: getConfig().providers.stablecoins.baseUrl,
    path: endpoint,
    schema: stablecoinPricesSchema,
    ...options,
  });
  return toDailyPriceTable(raw);
}
