/**
 * The history reader over a store seeded through the codec: a window reads its samples only,
 * gaps stay gaps and nulls stay null, 365 days read daily rows with few gets, and the CSV and
 * NDJSON rows are the JSON points.
 */
import { roundToUnits } from "@/lib/domain/precision";
import { MemoryKv, type KvStore } from "@/lib/kv";
import { compactDaily, decodeDailyChunk, encodeDailyChunk } from "@/lib/history/daily";
import { mergeDailyRows, readCoinHistory, readRawSamples } from "@/lib/history/read";
import {
  DAILY_CHUNK_TTL_SECONDS,
  dailyChunkKey,
  dailyChunkKeys,
  RAW_RETENTION_MS,
  rawChunkKey,
  rawChunkKeys,
} from "@/lib/history/keys";
import type { HistorySample } from "@/lib/history/sample";
import {
  CHAIN_COLUMN_PREFIX,
  dailyPoints,
  POINT_COLUMNS,
  pointsCsv,
  pointsNdjson,
  samplePoints,
} from "@/lib/history-api/points";
import { missingMeasurements } from "@/lib/history-api/history";
import { seedHistory } from "../../helpers/history-store";
import { DAY_MS, HOUR_MS, realistic, seeded } from "./fixtures";

const COIN = "2";
const INTERVAL_S = 3600;
const NOW_MS = Date.UTC(2026, 5, 1, 12);

function hourly(
  days: number,
  change: (s: HistorySample, i: number) => HistorySample | null = (s) => s,
) {
  const rand = seeded(7);
  const n = days * 24;
  return Array.from({ length: n }, (_, i) => {
    const t = NOW_MS - (n - 1 - i) * HOUR_MS;
    return change(realistic(i, rand, t), i);
  }).filter((s): s is HistorySample => s !== null);
}

/** A store that counts its gets. */
function counting(store: KvStore) {
  const gets: string[] = [];
  const get = store.get.bind(store);
  store.get = async <T>(key: string) => {
    gets.push(key);
    return get<T>(key);
  };
  return gets;
}

let store: MemoryKv;
beforeEach(() => {
  store = new MemoryKv({ now: () => NOW_MS });
});

it("a 7-day window reads its samples only, oldest first, with the coin's start", async () => {
  const samples = hourly(10);
  await seedHistory(store, COIN, samples, { intervalSeconds: INTERVAL_S, nowMs: NOW_MS });
  const read = await readCoinHistory(COIN, "7d", NOW_MS, { store });
  expect(read.resolution).toBe("sample");
  expect(read.intervalSeconds).toBe(INTERVAL_S);
  expect(read.historyStartMs).toBe(samples[0]!.t);
  expect(read.samples.map((s) => s.t)).toEqual(
    samples.filter((s) => s.t >= NOW_MS - 7 * DAY_MS).map((s) => s.t),
  );
  expect(read.issues).toEqual([]);
});

it("a missing slot has no point and a missing measurement stays null, never 0", async () => {
  const samples = hourly(2, (s, i) =>
    i === 30
      ? null
      : i === 31
        ? {
            ...s,
            depth_2pct_usd: { ...s.depth_2pct_usd, total_usd: null },
            chain_peg_bps: { ...s.chain_peg_bps, chains: { ethereum: 1.5 } },
          }
        : s,
  );
  await seedHistory(store, COIN, samples, { intervalSeconds: INTERVAL_S, nowMs: NOW_MS });
  const read = await readCoinHistory(COIN, "7d", NOW_MS, { store });
  const points = samplePoints(read.samples);
  expect(points).toHaveLength(47);
  const missingSlot = new Date(samples[29]!.t + HOUR_MS).toISOString();
  expect(points.map((p) => p.t)).not.toContain(missingSlot);
  const gap = points.find((p) => p.t === new Date(samples[30]!.t).toISOString())!;
  expect(gap.depth_2pct_usd).toBeNull();
  expect(gap.chain_peg_bps).toEqual(expect.objectContaining({ ethereum: 1.5, base: null }));
  expect(missingMeasurements(points)).toEqual(["depth_2pct_usd", "chain_peg_bps"]);
});

it("without meta the oldest sample read stands for the start; none at all is null", async () => {
  const samples = hourly(1);
  await seedHistory(store, COIN, samples, {
    intervalSeconds: INTERVAL_S,
    nowMs: NOW_MS,
    meta: false,
  });
  expect((await readCoinHistory(COIN, "24h", NOW_MS, { store })).historyStartMs).toBe(
    samples[0]!.t,
  );
  const none = await readCoinHistory("no-such-coin", "24h", NOW_MS, { store });
  expect(none).toMatchObject({ historyStartMs: null, samples: [], issues: [] });
});

it("365 days read daily rows, stored and from raw samples, with one get per week and month", async () => {
  const samples = hourly(200);
  await seedHistory(store, COIN, samples, { intervalSeconds: INTERVAL_S, nowMs: NOW_MS });
  const gets = counting(store);
  const read = await readCoinHistory(COIN, "365d", NOW_MS, { store });
  expect(read.resolution).toBe("daily");
  // 200 days of samples: 200 or 201 UTC days, each once.
  const days = read.days.map((d) => d.day_ms);
  expect(new Set(days).size).toBe(days.length);
  expect(days.length).toBeGreaterThanOrEqual(200);
  expect(days[0]).toBe(Math.floor(samples[0]!.t / DAY_MS) * DAY_MS);
  // meta + 13 months + 14 weekly chunks at most (90 days at hourly), asked at once.
  expect(gets.length).toBeLessThanOrEqual(1 + 13 + 14);
  const points = dailyPoints(read.days);
  expect(points.every((p) => p.price_usd !== null && p.chain_peg_bps.tron !== undefined)).toBe(
    true,
  );
});

describe("365 days: the stored daily rows, raw samples only for days without one", () => {
  const fromMs = NOW_MS - 365 * DAY_MS;
  const rawFromMs = NOW_MS - RAW_RETENTION_MS;
  // A day with no sample at all, inside the raw retention and before it.
  const gapDays = [NOW_MS - 20 * DAY_MS, NOW_MS - 120 * DAY_MS].map(
    (t) => Math.floor(t / DAY_MS) * DAY_MS,
  );
  const samples = () =>
    hourly(200, (s) => (gapDays.includes(Math.floor(s.t / DAY_MS) * DAY_MS) ? null : s));

  /** What a 365-day read gave when it compacted every raw sample: each day's row of more samples. */
  async function rawBasedDays() {
    const keys = dailyChunkKeys(COIN, fromMs, NOW_MS);
    const months = await Promise.all(keys.map((k) => store.get(k)));
    const stored = months.flatMap((m) => (m ? decodeDailyChunk(m) : []));
    const raw = await readRawSamples(COIN, INTERVAL_S, rawFromMs, NOW_MS, { store });
    return mergeDailyRows(stored, compactDaily(raw.samples));
  }

  it("as the writer leaves it: raw only for the oldest day, a gap and today; the same days", async () => {
    await seedHistory(store, COIN, samples(), {
      intervalSeconds: INTERVAL_S,
      nowMs: NOW_MS,
      foldDays: true,
    });
    const expected = await rawBasedDays();
    const gets = counting(store);
    const read = await readCoinHistory(COIN, "365d", NOW_MS, { store });
    const rawKeys = rawChunkKeys(COIN, INTERVAL_S, rawFromMs, NOW_MS);
    // The oldest raw day may be folded from fewer samples than raw holds (a store compacted at
    // the retention's edge); the gap day has no row; today is not folded yet.
    const expectedRawGets = [rawFromMs, gapDays[0]!, NOW_MS].map((t) =>
      rawChunkKey(COIN, INTERVAL_S, t),
    );
    expect(new Set(gets.filter((k) => rawKeys.includes(k)))).toEqual(new Set(expectedRawGets));
    expect(read.days).toEqual(expected);
    expect(dailyPoints(read.days)).toEqual(dailyPoints(expected));
    expect(read.days.map((d) => d.day_ms)).not.toContain(gapDays[0]);
    expect(read.days.map((d) => d.day_ms)).not.toContain(gapDays[1]);
    expect(read.issues).toEqual([]);
  });

  it("a store with daily rows only past the raw retention reads the raw days as before", async () => {
    await seedHistory(store, COIN, samples(), { intervalSeconds: INTERVAL_S, nowMs: NOW_MS });
    const expected = await rawBasedDays();
    const read = await readCoinHistory(COIN, "365d", NOW_MS, { store });
    expect(read.days).toEqual(expected);
    expect(read.historyStartMs).toBe(samples()[0]!.t);
  });

  it("an oldest raw day whose row holds fewer samples than raw is read raw", async () => {
    const all = samples();
    await seedHistory(store, COIN, all, {
      intervalSeconds: INTERVAL_S,
      nowMs: NOW_MS,
      foldDays: true,
    });
    // The edge day's row compacted from part of the day (an older writer's, at the retention).
    const edge = Math.floor(rawFromMs / DAY_MS) * DAY_MS;
    const monthKey = dailyChunkKey(COIN, edge);
    const [partial] = compactDaily(all.filter((s) => s.t >= edge && s.t < edge + 6 * HOUR_MS));
    const month = decodeDailyChunk(await store.get(monthKey));
    const rows = month.map((r) => (r.day_ms === edge ? partial! : r));
    await store.set(monthKey, encodeDailyChunk(rows), DAILY_CHUNK_TTL_SECONDS);
    const expected = await rawBasedDays();
    expect(expected.find((r) => r.day_ms === edge)!.samples).toBeGreaterThan(partial!.samples);
    const read = await readCoinHistory(COIN, "365d", NOW_MS, { store });
    expect(read.days).toEqual(expected);
  });
});

it("a damaged chunk is an issue and its samples are absent; the rest reads", async () => {
  const samples = hourly(10);
  await seedHistory(store, COIN, samples, { intervalSeconds: INTERVAL_S, nowMs: NOW_MS });
  await store.set(rawChunkKey(COIN, INTERVAL_S, NOW_MS), { v: 99 }, 60);
  const read = await readCoinHistory(COIN, "7d", NOW_MS, { store });
  expect(read.issues).toEqual(["damaged_value"]);
  expect(read.samples.length).toBeGreaterThan(0);
  expect(
    read.samples.every(
      (s) => rawChunkKey(COIN, INTERVAL_S, s.t) !== rawChunkKey(COIN, INTERVAL_S, NOW_MS),
    ),
  ).toBe(true);
});

it("a store that does not answer is an issue, not a throw", async () => {
  store.simulateFailure("unavailable");
  const read = await readCoinHistory(COIN, "30d", NOW_MS, { store });
  expect(read.issues).toEqual(["store_unavailable"]);
  expect(read.samples).toEqual([]);
});

describe("CSV and NDJSON give the JSON points' rows", () => {
  const points = () =>
    samplePoints(
      hourly(1, (s, i) =>
        i === 3 ? { ...s, exit_cost_bps: { ...s.exit_cost_bps, usd_10m: null } } : s,
      ),
    );
  // The JSON body's points as jsonOk serialises them (numbers at their unit's precision).
  const jsonRows = () => JSON.parse(JSON.stringify(roundToUnits(points())));

  it("NDJSON: one point a line", () => {
    const lines = pointsNdjson(points()).trimEnd().split("\n");
    expect(lines.map((l) => JSON.parse(l))).toEqual(jsonRows());
  });

  it("CSV: a header, then one row a point; an empty cell is null", () => {
    const [header, ...rows] = pointsCsv(points()).trimEnd().split("\r\n");
    const names = header!.split(",");
    expect(names.slice(0, POINT_COLUMNS.length)).toEqual([...POINT_COLUMNS]);
    const parsed = rows.map((row) => {
      const cells = row.split(",");
      const value = (i: number) => (cells[i] === "" ? null : Number(cells[i]));
      const point: Record<string, unknown> = { chain_peg_bps: {} };
      names.forEach((n, i) => {
        if (n === "t") point.t = cells[i];
        else if (n.startsWith(CHAIN_COLUMN_PREFIX))
          (point.chain_peg_bps as Record<string, unknown>)[n.slice(CHAIN_COLUMN_PREFIX.length)] =
            value(i);
        else point[n] = value(i);
      });
      return point;
    });
    expect(parsed).toEqual(jsonRows());
    expect(parsed[3]!.exit_cost_bps_10m).toBeNull();
  });
});
