/**
 * The history's size bounds (docs/history.md, "Sizes"): bytes per coin per day at hourly sampling
 * for a realistic large coin, and the 512 KB stored-value bound for the worst case the schema
 * allows, whatever the sample interval.
 */
import { compactDaily, encodeDailyChunk } from "@/lib/history/daily";
import { rawChunkKey } from "@/lib/history/keys";
import {
  encodeRawChunk,
  MAX_STORED_VALUE_BYTES,
  RAW_SLOTS_PER_CHUNK,
  storedBytes,
} from "@/lib/history/raw-chunk";
import type { HistorySample } from "@/lib/history/sample";
import { DAY_MS, HOUR_MS, realistic, seeded, T0_MS, worstCase } from "./fixtures";

const BYTES_PER_COIN_DAY_GOAL = 8 * 1024;
const RAW_DAYS = 90;
const HOURLY_S = 3_600;

/** 90 days of hourly samples of one coin, cut into its stored chunks. */
function ninetyDays(): Map<string, HistorySample[]> {
  const rand = seeded(11);
  const chunks = new Map<string, HistorySample[]>();
  for (let i = 0; i < RAW_DAYS * 24; i += 1) {
    const s = realistic(i, rand);
    const key = rawChunkKey("usd-coin", HOURLY_S, s.t);
    chunks.set(key, [...(chunks.get(key) ?? []), s]);
  }
  return chunks;
}

it("a realistic coin costs at most 8 KB a day at hourly sampling", () => {
  let bytes = 0;
  for (const samples of ninetyDays().values()) bytes += storedBytes(encodeRawChunk(samples));
  const perDay = bytes / RAW_DAYS;
  expect(perDay).toBeLessThanOrEqual(BYTES_PER_COIN_DAY_GOAL);
});

it("a daily row of a realistic coin is smaller than its day of samples", () => {
  const rand = seeded(12);
  const month = Array.from({ length: 31 * 24 }, (_, i) => realistic(i, rand));
  const bytesPerDay = storedBytes(encodeDailyChunk(compactDaily(month))) / 31;
  const raw = storedBytes(encodeRawChunk(month.slice(0, RAW_SLOTS_PER_CHUNK))) / 7;
  expect(bytesPerDay).toBeLessThan(raw);
});

it.each([1, 60, 3_600, 86_400])(
  "the worst raw chunk the schema allows stays under 512 KB at a %s s interval",
  (intervalS) => {
    const samples = Array.from({ length: RAW_SLOTS_PER_CHUNK }, (_, i) =>
      worstCase(i, T0_MS + i * intervalS * 1000),
    );
    expect(storedBytes(encodeRawChunk(samples))).toBeLessThanOrEqual(MAX_STORED_VALUE_BYTES);
  },
);

it("the worst daily month the schema allows stays under 512 KB", () => {
  const samples: HistorySample[] = [];
  for (let day = 0; day < 31; day += 1) {
    for (let k = 0; k < 3; k += 1)
      samples.push(worstCase(day * 3 + k, T0_MS + day * DAY_MS + k * HOUR_MS));
  }
  expect(storedBytes(encodeDailyChunk(compactDaily(samples)))).toBeLessThanOrEqual(
    MAX_STORED_VALUE_BYTES,
  );
});

it("300 coins × 90 days of worst-case hourly samples: every stored value stays under 512 KB", () => {
  // Coins differ only by key: one coin's 90 days of chunks are every coin's.
  const chunks = new Map<string, HistorySample[]>();
  for (let i = 0; i < RAW_DAYS * 24; i += 1) {
    const s = worstCase(i, T0_MS + i * HOUR_MS);
    const key = rawChunkKey("worst", HOURLY_S, s.t);
    chunks.set(key, [...(chunks.get(key) ?? []), s]);
  }
  for (const samples of chunks.values()) {
    expect(storedBytes(encodeRawChunk(samples))).toBeLessThanOrEqual(MAX_STORED_VALUE_BYTES);
  }
});
