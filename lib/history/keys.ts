/**
 * Where history lives in the store, and for how long (docs/history.md, "Key scheme"):
 *
 *   samples:v1:raw:<interval_s>:<coin>:<chunk>   RAW_SLOTS_PER_CHUNK samples at the sample interval;
 *                                                 chunk = floor(t / (interval × slots)), so a
 *                                                 reader finds a window's keys from the interval
 *                                                 alone (one week per key at hourly sampling).
 *   samples:v1:daily:<coin>:<YYYY-MM>             one UTC month of daily (min, median, max) rows.
 *   samples:v1:meta:<coin>                        when the coin's own history starts.
 *
 * `<coin>` is the coin's id, URI-encoded (symbols and ids may hold `+`, `(`, `:`). The interval is
 * part of the raw key: a changed HISTORY_SAMPLE_SECONDS starts a new series instead of mixing
 * intervals in one chunk. Keys expire on their own (TTL), so retention needs no sweep.
 */
import { z } from "zod";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { RAW_SLOTS_PER_CHUNK } from "./raw-chunk";

const DAY_MS = 24 * 60 * 60 * MS_PER_SECOND;
const SECONDS_PER_DAY = DAY_MS / MS_PER_SECOND;
export const RAW_RETENTION_MS = 90 * DAY_MS;
export const DAILY_RETENTION_MS = 2 * 365 * DAY_MS;
/** The longest UTC month: a daily key lives until its last day leaves the retention. */
const MAX_MONTH_DAYS = 31;

const PREFIX = "samples:v1";

const coinPart = (coinId: string) => encodeURIComponent(coinId);

export function rawChunkSpanMs(intervalSeconds: number): number {
  return intervalSeconds * MS_PER_SECOND * RAW_SLOTS_PER_CHUNK;
}

export function rawChunkIndex(tMs: number, intervalSeconds: number): number {
  return Math.floor(tMs / rawChunkSpanMs(intervalSeconds));
}

export function rawChunkKey(coinId: string, intervalSeconds: number, tMs: number): string {
  return `${PREFIX}:raw:${intervalSeconds}:${coinPart(coinId)}:${rawChunkIndex(tMs, intervalSeconds)}`;
}

/** The raw keys covering [fromMs, toMs], oldest first. */
export function rawChunkKeys(
  coinId: string,
  intervalSeconds: number,
  fromMs: number,
  toMs: number,
): string[] {
  const span = rawChunkSpanMs(intervalSeconds);
  const keys: string[] = [];
  for (let start = Math.floor(fromMs / span) * span; start <= toMs; start += span) {
    keys.push(rawChunkKey(coinId, intervalSeconds, start));
  }
  return keys;
}

/** The slot a sample time falls in: one sample per coin per slot. */
export function sampleSlot(tMs: number, intervalSeconds: number): number {
  return Math.floor(tMs / (intervalSeconds * MS_PER_SECOND));
}

export function utcMonth(tMs: number): string {
  return new Date(tMs).toISOString().slice(0, "YYYY-MM".length);
}

export function dailyChunkKey(coinId: string, tMs: number): string {
  return `${PREFIX}:daily:${coinPart(coinId)}:${utcMonth(tMs)}`;
}

/** The daily keys covering [fromMs, toMs], oldest first. */
export function dailyChunkKeys(coinId: string, fromMs: number, toMs: number): string[] {
  const keys: string[] = [];
  const from = new Date(fromMs);
  for (
    let month = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1);
    month <= toMs;
    month = Date.UTC(new Date(month).getUTCFullYear(), new Date(month).getUTCMonth() + 1, 1)
  ) {
    keys.push(dailyChunkKey(coinId, month));
  }
  return keys;
}

export function metaKey(coinId: string): string {
  return `${PREFIX}:meta:${coinPart(coinId)}`;
}

export const historyMetaSchema = z.object({
  /** The first sample this service took of the coin: its own history cannot be backfilled. */
  history_start_ms: z.number().int().nonnegative(),
  interval_s: z.number().int().positive(),
  /** The latest sample stored (the writer folds a day into its daily row when a later one comes). */
  last_sample_ms: z.number().int().nonnegative().optional(),
});
export type HistoryMeta = z.infer<typeof historyMetaSchema>;

/** TTLs in seconds: a raw key outlives its last slot by the raw retention, a daily key its month. */
export function rawChunkTtlSeconds(intervalSeconds: number): number {
  return Math.ceil((rawChunkSpanMs(intervalSeconds) + RAW_RETENTION_MS) / MS_PER_SECOND);
}
export const DAILY_CHUNK_TTL_SECONDS = Math.ceil(
  DAILY_RETENTION_MS / MS_PER_SECOND + MAX_MONTH_DAYS * SECONDS_PER_DAY,
);
