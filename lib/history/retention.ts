/**
 * What a new sample does to a coin's stored series (docs/history.md, "Retention"): one sample per
 * slot (the first one stored wins, so two instances sampling together keep one), the sample
 * interval for RAW_RETENTION_MS, then daily rows for DAILY_RETENTION_MS. Pure; `nowMs` injected.
 */
import { DAILY_RETENTION_MS, RAW_RETENTION_MS, rawChunkIndex, sampleSlot } from "./keys";
import { decodeRawChunk, encodeRawChunk, type RawChunk } from "./raw-chunk";
import type { HistorySample } from "./sample";

/** The samples with `sample` added unless its slot is taken; time-ordered. */
export function upsertSample(
  samples: readonly HistorySample[],
  sample: HistorySample,
  intervalSeconds: number,
): HistorySample[] {
  const slot = sampleSlot(sample.t, intervalSeconds);
  if (samples.some((s) => sampleSlot(s.t, intervalSeconds) === slot)) return [...samples];
  return [...samples, sample].sort((a, b) => a.t - b.t);
}

/** Samples still kept at the sample interval, and those due for daily compaction. */
export function splitForRetention(
  samples: readonly HistorySample[],
  nowMs: number,
): { raw: HistorySample[]; toCompact: HistorySample[] } {
  const cutoff = nowMs - RAW_RETENTION_MS;
  return {
    raw: samples.filter((s) => s.t >= cutoff),
    toCompact: samples.filter((s) => s.t < cutoff),
  };
}

/** Whether a daily row has left the retention. */
export function dailyExpired(dayMs: number, nowMs: number): boolean {
  return dayMs < nowMs - DAILY_RETENTION_MS;
}

/**
 * A raw chunk's stored value with one more sample (null: the key is empty). The sample must
 * belong to the chunk's key (`rawChunkKey` of its `t`); a taken slot leaves the value as it was.
 * A damaged stored value throws (a ZodError): the caller decides, never overwrites blindly.
 */
export function appendToRawChunk(
  stored: unknown,
  sample: HistorySample,
  intervalSeconds: number,
): RawChunk {
  const samples = stored === null || stored === undefined ? [] : decodeRawChunk(stored);
  const [first] = samples;
  if (
    first &&
    rawChunkIndex(first.t, intervalSeconds) !== rawChunkIndex(sample.t, intervalSeconds)
  ) {
    throw new RangeError("the sample belongs to another chunk");
  }
  return encodeRawChunk(upsertSample(samples, sample, intervalSeconds));
}
