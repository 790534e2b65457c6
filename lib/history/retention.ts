/**
 * What a new sample does to a coin's stored series (docs/history.md, "Retention"): one sample per
 * slot (the first one stored wins, so two instances sampling together keep one), the sample
 * interval for RAW_RETENTION_MS, then daily rows for DAILY_RETENTION_MS. Pure; `nowMs` injected.
 */
import { DAILY_RETENTION_MS, RAW_RETENTION_MS, sampleSlot } from "./keys";
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
