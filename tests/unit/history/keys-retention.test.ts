/**
 * The key scheme and retention (docs/history.md): a window's keys follow from the interval alone,
 * coin ids with `+`, `(` or `:` stay one key part, one sample per slot (first stored wins).
 */
import {
  DAILY_CHUNK_TTL_SECONDS,
  dailyChunkKey,
  dailyChunkKeys,
  metaKey,
  rawChunkKey,
  rawChunkKeys,
  rawChunkSpanMs,
  rawChunkTtlSeconds,
} from "@/lib/history/keys";
import { decodeRawChunk, RAW_SLOTS_PER_CHUNK } from "@/lib/history/raw-chunk";
import {
  appendToRawChunk,
  dailyExpired,
  splitForRetention,
  upsertSample,
} from "@/lib/history/retention";
import { DAY_MS, HOUR_MS, realistic, seeded, T0_MS } from "./fixtures";

const HOURLY_S = 3_600;

it("a raw key holds a week of hourly slots and names its interval", () => {
  expect(rawChunkSpanMs(HOURLY_S)).toBe(RAW_SLOTS_PER_CHUNK * HOUR_MS);
  const key = rawChunkKey("usd-coin", HOURLY_S, T0_MS);
  expect(key).toBe(`samples:v1:raw:3600:usd-coin:${Math.floor(T0_MS / (168 * HOUR_MS))}`);
  expect(rawChunkKey("usd-coin", HOURLY_S, T0_MS + HOUR_MS)).toBe(key);
  expect(rawChunkKey("usd-coin", 60, T0_MS)).not.toBe(key);
});

it("a coin id is one URI-encoded key part", () => {
  expect(rawChunkKey("USD+ (base):x", HOURLY_S, 0)).toBe(
    "samples:v1:raw:3600:USD%2B%20(base)%3Ax:0",
  );
  expect(metaKey("a:b")).toBe("samples:v1:meta:a%3Ab");
});

it("a window's raw keys cover it, oldest first, without duplicates", () => {
  const from = T0_MS;
  const to = T0_MS + 30 * DAY_MS;
  const keys = rawChunkKeys("c", HOURLY_S, from, to);
  expect(new Set(keys).size).toBe(keys.length);
  for (let t = from; t <= to; t += HOUR_MS) expect(keys).toContain(rawChunkKey("c", HOURLY_S, t));
  expect(keys.length).toBeLessThanOrEqual(Math.ceil((to - from) / rawChunkSpanMs(HOURLY_S)) + 1);
});

it("daily keys are one a UTC month", () => {
  expect(dailyChunkKey("c", Date.UTC(2026, 1, 28, 23))).toBe("samples:v1:daily:c:2026-02");
  expect(dailyChunkKeys("c", Date.UTC(2025, 10, 30), Date.UTC(2026, 1, 1))).toEqual([
    "samples:v1:daily:c:2025-11",
    "samples:v1:daily:c:2025-12",
    "samples:v1:daily:c:2026-01",
    "samples:v1:daily:c:2026-02",
  ]);
});

it("keys outlive their retention, and no longer than a chunk beyond it", () => {
  expect(rawChunkTtlSeconds(HOURLY_S)).toBe(90 * 86_400 + 168 * 3_600);
  expect(DAILY_CHUNK_TTL_SECONDS).toBe((2 * 365 + 31) * 86_400);
});

it("one sample per slot: the first stored wins, the series stays in time order", () => {
  const rand = seeded(2);
  const first = realistic(1, rand);
  const second = { ...realistic(1, rand), t: first.t + 60_000 };
  const earlier = realistic(0, rand);
  const once = upsertSample([], first, HOURLY_S);
  expect(upsertSample(once, second, HOURLY_S)).toEqual([first]);
  expect(upsertSample(once, earlier, HOURLY_S)).toEqual([earlier, first]);
});

it("samples older than 90 days go to compaction; daily rows older than 2 years expire", () => {
  const rand = seeded(3);
  const now = T0_MS + 100 * DAY_MS;
  const old = realistic(0, rand, now - 90 * DAY_MS - 1);
  const kept = realistic(1, rand, now - 90 * DAY_MS);
  expect(splitForRetention([old, kept], now)).toEqual({ raw: [kept], toCompact: [old] });
  expect(dailyExpired(now - 2 * 365 * DAY_MS, now)).toBe(false);
  expect(dailyExpired(now - 2 * 365 * DAY_MS - DAY_MS, now)).toBe(true);
});

it("a sample appended to its stored chunk: first into an empty key, then one per slot", () => {
  const rand = seeded(4);
  const a = realistic(0, rand);
  const b = realistic(1, rand);
  const again = { ...realistic(1, rand), t: b.t + 1_000 };
  const throughStore = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
  const one = throughStore(appendToRawChunk(null, a, HOURLY_S));
  const two = throughStore(appendToRawChunk(one, b, HOURLY_S));
  expect(decodeRawChunk(two)).toEqual([a, b]);
  expect(decodeRawChunk(throughStore(appendToRawChunk(two, again, HOURLY_S)))).toEqual([a, b]);
  expect(() => appendToRawChunk({ v: 99 }, a, HOURLY_S)).toThrow();
  const nextWeek = realistic(RAW_SLOTS_PER_CHUNK * 2, rand);
  expect(() => appendToRawChunk(two, nextWeek, HOURLY_S)).toThrow(RangeError);
});
