/**
 * Writing one coin's history (docs/history.md, "The sampler"): a sample goes into its raw chunk
 * unless its slot is taken (the first one stored wins), the coin's meta says when its history
 * starts and when its latest sample was taken, and a UTC day is folded into its daily row as soon
 * as the coin's first sample of a later day is stored. The writer runs under the refresher's pass
 * lock (one writer at a time); the slot check keeps one sample per slot across passes and instances.
 *
 * A damaged stored value throws (a ZodError) and nothing is written over it: that sample is a
 * gap, and the value is left for an operator to look at.
 */
import { MS_PER_SECOND } from "@/lib/domain/constants";
import type { KvStore } from "@/lib/kv/types";
import { compactDaily, decodeDailyChunk, encodeDailyChunk } from "./daily";
import {
  DAILY_CHUNK_TTL_SECONDS,
  dailyChunkKey,
  historyMetaSchema,
  metaKey,
  rawChunkKey,
  rawChunkKeys,
  rawChunkTtlSeconds,
  sampleSlot,
} from "./keys";
import { decodeRawChunk, rawChunkTimes } from "./raw-chunk";
import { appendToRawChunk } from "./retention";
import type { HistorySample } from "./sample";

const DAY_MS = 24 * 60 * 60 * MS_PER_SECOND;
const dayOf = (tMs: number) => Math.floor(tMs / DAY_MS) * DAY_MS;

export type StoreOutcome = "stored" | "taken";

const storedTimes = (value: unknown): number[] =>
  value === undefined || value === null ? [] : rawChunkTimes(value);

/** Whether the coin already has a sample in the slot of `tMs` (read from its chunk's times). */
export async function slotTaken(
  kv: KvStore,
  coinId: string,
  intervalSeconds: number,
  tMs: number,
): Promise<boolean> {
  const slot = sampleSlot(tMs, intervalSeconds);
  const times = storedTimes(await kv.get(rawChunkKey(coinId, intervalSeconds, tMs)));
  return times.some((t) => sampleSlot(t, intervalSeconds) === slot);
}

/** Stores one sample: "taken" when its slot already holds one (nothing is written then). */
export async function storeSample(
  kv: KvStore,
  coinId: string,
  sample: HistorySample,
  intervalSeconds: number,
): Promise<StoreOutcome> {
  const key = rawChunkKey(coinId, intervalSeconds, sample.t);
  const stored = (await kv.get(key)) ?? null;
  const times = storedTimes(stored);
  const slot = sampleSlot(sample.t, intervalSeconds);
  if (times.some((t) => sampleSlot(t, intervalSeconds) === slot)) return "taken";
  const meta = historyMetaSchema.safeParse(await kv.get(metaKey(coinId)));
  const previousT = meta.success ? (meta.data.last_sample_ms ?? null) : null;
  await kv.set(
    key,
    appendToRawChunk(stored, sample, intervalSeconds),
    rawChunkTtlSeconds(intervalSeconds),
  );
  // Written with every sample: the first one's time, the latest's, and the TTL renewed.
  await kv.set(
    metaKey(coinId),
    {
      history_start_ms: Math.min(meta.success ? meta.data.history_start_ms : sample.t, sample.t),
      interval_s: intervalSeconds,
      last_sample_ms: Math.max(previousT ?? sample.t, sample.t),
    },
    DAILY_CHUNK_TTL_SECONDS,
  );
  // The previous sample's day is complete: fold it (however long ago it was).
  if (previousT !== null && dayOf(previousT) < dayOf(sample.t))
    await foldDay(kv, coinId, intervalSeconds, dayOf(previousT));
  return "stored";
}

/** The UTC day starting at `dayMs`, from its raw samples, into its month's daily rows. */
export async function foldDay(
  kv: KvStore,
  coinId: string,
  intervalSeconds: number,
  dayMs: number,
): Promise<void> {
  const keys = rawChunkKeys(coinId, intervalSeconds, dayMs, dayMs + DAY_MS - 1);
  const chunks = await Promise.all(keys.map((k) => kv.get(k)));
  const samples = chunks
    .flatMap((c) => (c === undefined || c === null ? [] : decodeRawChunk(c)))
    .filter((s) => s.t >= dayMs && s.t < dayMs + DAY_MS);
  const [row] = compactDaily(samples);
  if (!row) return;
  const monthKey = dailyChunkKey(coinId, dayMs);
  const existing = await kv.get(monthKey);
  const rows = existing === undefined || existing === null ? [] : decodeDailyChunk(existing);
  const merged = [...rows.filter((r) => r.day_ms !== dayMs), row].sort(
    (a, b) => a.day_ms - b.day_ms,
  );
  await kv.set(monthKey, encodeDailyChunk(merged), DAILY_CHUNK_TTL_SECONDS);
}
