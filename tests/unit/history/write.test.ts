/**
 * Writing a coin's history (lib/history/write.ts, docs/history.md "The sampler"): the first sample
 * stored in a slot wins, the meta says when the history starts, a completed UTC day is folded
 * into its daily row when the next day's first sample is stored, and a damaged stored value is
 * never written over. The embedded file store holds many coins' history.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { decodeDailyChunk } from "@/lib/history/daily";
import { dailyChunkKey, metaKey, rawChunkKey } from "@/lib/history/keys";
import { decodeRawChunk } from "@/lib/history/raw-chunk";
import { slotTaken, storeSample } from "@/lib/history/write";
import { FileKv } from "@/lib/kv/file";
import { MemoryKv } from "@/lib/kv/memory";
import { DAY_MS, HOUR_MS, realistic, seeded, T0_MS } from "./fixtures";

const HOURLY_S = 3_600;
const COIN = "usd-coin";
const KV_TIMEOUT_MS = 10_000;

const samplesOf = async (kv: MemoryKv | FileKv, coin: string, tMs: number) =>
  decodeRawChunk(await kv.get(rawChunkKey(coin, HOURLY_S, tMs)));

describe("storeSample", () => {
  it("keeps the first sample of a slot: a second one (another instance) is not stored", async () => {
    const kv = new MemoryKv({ timeoutMs: KV_TIMEOUT_MS });
    const rand = seeded(1);
    const first = realistic(0, rand, T0_MS + 10_000);
    const second = realistic(1, rand, T0_MS + 20_000); // the same hourly slot
    expect(await slotTaken(kv, COIN, HOURLY_S, first.t)).toBe(false);
    expect(await storeSample(kv, COIN, first, HOURLY_S)).toBe("stored");
    expect(await slotTaken(kv, COIN, HOURLY_S, second.t)).toBe(true);
    expect(await storeSample(kv, COIN, second, HOURLY_S)).toBe("taken");
    expect(await samplesOf(kv, COIN, first.t)).toEqual([first]);
    // The next slot is free.
    const next = realistic(2, rand, T0_MS + HOUR_MS);
    expect(await storeSample(kv, COIN, next, HOURLY_S)).toBe("stored");
    expect((await samplesOf(kv, COIN, first.t)).map((s) => s.t)).toEqual([first.t, next.t]);
  });

  it("writes when the coin's history starts and its latest sample, keeping the earliest start", async () => {
    const kv = new MemoryKv({ timeoutMs: KV_TIMEOUT_MS });
    const rand = seeded(2);
    await storeSample(kv, COIN, realistic(0, rand), HOURLY_S);
    expect(await kv.get(metaKey(COIN))).toEqual({
      history_start_ms: T0_MS,
      interval_s: HOURLY_S,
      last_sample_ms: T0_MS,
    });
    const later = T0_MS + 30 * DAY_MS;
    await storeSample(kv, COIN, realistic(0, rand, later), HOURLY_S);
    expect(await kv.get(metaKey(COIN))).toEqual({
      history_start_ms: T0_MS,
      interval_s: HOURLY_S,
      last_sample_ms: later,
    });
  });

  it("folds a UTC day into its daily row when the next day's first sample is stored", async () => {
    const kv = new MemoryKv({ timeoutMs: KV_TIMEOUT_MS });
    const rand = seeded(3);
    const day = Array.from({ length: 24 }, (_, i) => realistic(i, rand));
    // A gap stays a gap: the day's 6th hour has no depth at all.
    day[5] = { ...day[5]!, depth_2pct_usd: { ...day[5]!.depth_2pct_usd, total_usd: null } };
    for (const s of day) await storeSample(kv, COIN, s, HOURLY_S);
    expect(await kv.get(dailyChunkKey(COIN, T0_MS))).toBeUndefined();

    await storeSample(kv, COIN, realistic(24, rand), HOURLY_S);
    const rows = decodeDailyChunk(await kv.get(dailyChunkKey(COIN, T0_MS)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ day_ms: T0_MS, samples: 24 });
    const depths = day.flatMap((s) => {
      const d = s.depth_2pct_usd.total_usd;
      return d === null ? [] : [d];
    });
    expect(rows[0]!.values["depth_2pct_usd.total_usd"]).toMatchObject({
      min: Math.min(...depths),
      max: Math.max(...depths),
    });
  });

  it("folds the previous sample's day however many chunks ago it was (sparse sampling)", async () => {
    const kv = new MemoryKv({ timeoutMs: KV_TIMEOUT_MS });
    const rand = seeded(6);
    const minuteS = 60; // a chunk spans 168 minutes: the two samples are many chunks apart
    const evening = realistic(0, rand, T0_MS + 23 * HOUR_MS);
    await storeSample(kv, COIN, evening, minuteS);
    await storeSample(kv, COIN, realistic(1, rand, T0_MS + 25 * HOUR_MS), minuteS);
    const rows = decodeDailyChunk(await kv.get(dailyChunkKey(COIN, T0_MS)));
    expect(rows).toEqual([expect.objectContaining({ day_ms: T0_MS, samples: 1 })]);
  });

  it("never writes over a damaged chunk (that sample is a gap)", async () => {
    const kv = new MemoryKv({ timeoutMs: KV_TIMEOUT_MS });
    const sample = realistic(0, seeded(4));
    const key = rawChunkKey(COIN, HOURLY_S, sample.t);
    await kv.set(key, { v: 1, damaged: true }, HOURLY_S);
    await expect(storeSample(kv, COIN, sample, HOURLY_S)).rejects.toThrow();
    expect(await kv.get(key)).toEqual({ v: 1, damaged: true });
  });
});

describe("the embedded file store with many coins", () => {
  const COINS = 300;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "history-kv-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps a slot's sample for each of 300 coins, each under its own keys", async () => {
    const kv = new FileKv({ dir, timeoutMs: KV_TIMEOUT_MS });
    const rand = seeded(5);
    const coins = Array.from({ length: COINS }, (_, i) => `coin-${i}+(${i % 5})`);
    for (const coin of coins) {
      expect(await storeSample(kv, coin, realistic(0, rand), HOURLY_S)).toBe("stored");
    }
    for (const coin of coins) {
      expect((await samplesOf(kv, coin, T0_MS)).map((s) => s.t)).toEqual([T0_MS]);
      expect(await kv.get(metaKey(coin))).toMatchObject({ history_start_ms: T0_MS });
    }
    await kv.close();
  });
});
