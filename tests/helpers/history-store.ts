/**
 * Seeds a store with a coin's own history through the lib/history codec, as a sampler would
 * leave it: raw chunks by key (`rawChunkKey`), daily months for samples past the raw retention
 * (`compactDaily`), and the coin's meta. For reader tests that must not wait for the sampler.
 */
import { compactDaily, encodeDailyChunk } from "@/lib/history/daily";
import {
  DAILY_CHUNK_TTL_SECONDS,
  dailyChunkKey,
  metaKey,
  rawChunkKey,
  rawChunkTtlSeconds,
  sampleSlot,
} from "@/lib/history/keys";
import { encodeRawChunk } from "@/lib/history/raw-chunk";
import { splitForRetention } from "@/lib/history/retention";
import type { HistorySample } from "@/lib/history/sample";
import { DAY_MS } from "@/lib/history/windows";
import type { KvStore } from "@/lib/kv";

function groupBy<T>(xs: readonly T[], keyOf: (x: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const x of xs) {
    const group = groups.get(keyOf(x));
    if (group) group.push(x);
    else groups.set(keyOf(x), [x]);
  }
  return groups;
}

export async function seedHistory(
  store: KvStore,
  coinId: string,
  samples: readonly HistorySample[],
  opts: {
    intervalSeconds: number;
    nowMs: number;
    meta?: boolean;
    /**
     * As the writer leaves it: every day before the last sample's day folded into its daily row,
     * raw or not (`foldDay`). Without it, daily rows only for samples past the raw retention (a
     * store written before days were folded as they complete).
     */
    foldDays?: boolean;
  },
): Promise<void> {
  // One per slot, the first one wins (as `upsertSample`), in one pass: the bench seeds a year.
  const bySlot = new Map<number, HistorySample>();
  for (const s of samples) {
    const slot = sampleSlot(s.t, opts.intervalSeconds);
    if (!bySlot.has(slot)) bySlot.set(slot, s);
  }
  const kept = [...bySlot.values()].sort((a, b) => a.t - b.t);
  const { raw, toCompact } = splitForRetention(kept, opts.nowMs);
  const writes: Promise<void>[] = [];
  for (const [key, chunk] of groupBy(raw, (s) => rawChunkKey(coinId, opts.intervalSeconds, s.t))) {
    writes.push(store.set(key, encodeRawChunk(chunk), rawChunkTtlSeconds(opts.intervalSeconds)));
  }
  const lastDayMs = Math.floor((kept.at(-1)?.t ?? 0) / DAY_MS) * DAY_MS;
  const daily = opts.foldDays ? kept.filter((s) => s.t < lastDayMs) : toCompact;
  for (const [key, month] of groupBy(daily, (s) => dailyChunkKey(coinId, s.t))) {
    writes.push(store.set(key, encodeDailyChunk(compactDaily(month)), DAILY_CHUNK_TTL_SECONDS));
  }
  const [first] = kept;
  if (first && opts.meta !== false) {
    writes.push(
      store.set(
        metaKey(coinId),
        { history_start_ms: first.t, interval_s: opts.intervalSeconds },
        DAILY_CHUNK_TTL_SECONDS,
      ),
    );
  }
  await Promise.all(writes);
}
