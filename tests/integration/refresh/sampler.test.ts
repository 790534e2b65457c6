/**
 * The history sampler (docs/history.md, "The sampler") with the embedded file store and a real
 * Redis, against the fake upstream's fixture market:
 *
 * - a refresher pass stores one sample of every coin at or above `HISTORY_MIN_CIRCULATING_USD`,
 *   none below it, with the meta that says when each coin's history starts;
 * - sampling makes no provider call: it reads only what the pass kept warm (cold: nothing);
 * - two instances (two store connections) sampling the same slot together store one sample per
 *   coin, and a second pass in the slot stores none.
 */
import { listedAssets } from "@/lib/assets/listed";
import { metaKey, rawChunkKey } from "@/lib/history/keys";
import { decodeRawChunk } from "@/lib/history/raw-chunk";
import type { HistorySample } from "@/lib/history/sample";
import { getKv, type KvStore } from "@/lib/kv";
import { runRefreshPass } from "@/lib/refresh/pass";
import { takeSamples } from "@/lib/refresh/sampler";
import { readAggregate } from "@/lib/snapshot/live";
import {
  adminKv,
  forgetProcessState,
  KV_KINDS,
  startHarness,
  upstreamCalls,
  type Harness,
} from "../helpers/harness";

jest.setTimeout(180_000);

const LEAD_MS = 60_000;
/** A day per slot: the pass and the checks after it fall in one slot (unless run at midnight). */
const INTERVAL_S = 86_400;
/** Splits the fixture market into coins above and below the floor. */
const FLOOR_USD = 1_000_000_000;

const pass = (kv: KvStore = getKv()) => runRefreshPass({ trigger: "script", leadMs: LEAD_MS, kv });

async function marketSplit(): Promise<{ above: string[]; below: string[] }> {
  const listed = listedAssets((await readAggregate({ kv: getKv() })).value.assets);
  return {
    above: listed.filter((a) => a.circulatingUsd >= FLOOR_USD).map((a) => a.id),
    below: listed.filter((a) => a.circulatingUsd < FLOOR_USD).map((a) => a.id),
  };
}

async function storedSamples(kv: KvStore, coin: string, tMs: number): Promise<HistorySample[]> {
  const stored = await kv.get(rawChunkKey(coin, INTERVAL_S, tMs));
  return stored === undefined ? [] : decodeRawChunk(stored);
}

/** Removes the coins' history, as if the slot had not been sampled yet. */
async function forgetHistory(kv: KvStore, coins: readonly string[], tMs: number) {
  for (const coin of coins) {
    await kv.delete(rawChunkKey(coin, INTERVAL_S, tMs));
    await kv.delete(metaKey(coin));
  }
}

describe.each(KV_KINDS)("history sampler (%s store)", (kind) => {
  let h: Harness;
  let admin: KvStore;
  beforeAll(async () => {
    h = await startHarness(kind, {
      HISTORY_SAMPLE_SECONDS: String(INTERVAL_S),
      HISTORY_MIN_CIRCULATING_USD: String(FLOOR_USD),
    });
  });
  afterAll(async () => h.close());
  // The file store's directory is new after each reset: a connection per test.
  beforeEach(async () => {
    await h.reset();
    admin = adminKv();
  });
  afterEach(async () => admin.close());

  it("a pass stores one sample of each coin at or above the floor, none below", async () => {
    const result = await pass();
    if (result.outcome === "locked") throw new Error("no other instance runs here");
    const now = Date.now();
    const { above, below } = await marketSplit();
    expect(above.length).toBeGreaterThan(1);
    expect(below.length).toBeGreaterThan(0);
    expect(result.run.history).toMatchObject({ coins: above.length, stored: above.length });

    for (const coin of above) {
      const samples = await storedSamples(admin, coin, now);
      expect(samples).toHaveLength(1);
      expect(await admin.get(metaKey(coin))).toEqual({
        history_start_ms: samples[0]!.t,
        interval_s: INTERVAL_S,
        last_sample_ms: samples[0]!.t,
      });
    }
    for (const coin of below) expect(await admin.get(metaKey(coin))).toBeUndefined();

    // The largest coin was warmed first: its sample has a price and circulating supply with
    // their sources and as-of (each as-of no later than the sample).
    const [largest] = await storedSamples(admin, above[0]!, now);
    expect(largest!.price.usd).not.toBeNull();
    expect(largest!.price.sources.length).toBeGreaterThan(0);
    expect(largest!.price.as_of).toBeLessThanOrEqual(largest!.t);
    expect(largest!.circulating_usd).toMatchObject({ sources: ["defillama"] });
    expect(largest!.circulating_usd.usd).toBeGreaterThanOrEqual(FLOOR_USD);
  });

  it("sampling makes no provider call: it reads what the pass kept warm, and cold nothing", async () => {
    // Cold: no warm aggregate list, nothing sampled, nothing asked.
    const cold = await takeSamples({ kv: getKv() });
    expect(cold).toMatchObject({ slot: null, stored: 0 });
    expect(upstreamCalls(h.fake)).toEqual([]);

    await pass();
    const now = Date.now();
    const { above } = await marketSplit();
    await forgetHistory(admin, above, now);
    forgetProcessState(); // another instance: only the store's entries
    h.fake.clearRequests();
    const run = await takeSamples({ kv: getKv(), now: () => now });
    expect(run).toMatchObject({ coins: above.length, stored: above.length, missed: 0 });
    expect(upstreamCalls(h.fake)).toEqual([]);
  });

  it("two instances sampling one slot together store one sample per coin", async () => {
    await pass();
    const now = Date.now();
    const { above } = await marketSplit();
    await forgetHistory(admin, above, now);
    const [a, b] = [adminKv(), adminKv()];
    try {
      const runs = await Promise.all([
        takeSamples({ kv: a, now: () => now }),
        takeSamples({ kv: b, now: () => now }),
      ]);
      for (const coin of above) expect(await storedSamples(admin, coin, now)).toHaveLength(1);
      expect(runs[0]!.stored + runs[1]!.stored).toBeGreaterThanOrEqual(above.length);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    // A later pass in the same slot finds every coin's slot taken.
    const again = await pass();
    if (again.outcome === "locked") throw new Error("no other instance runs here");
    expect(again.run.history).toMatchObject({ stored: 0, taken: above.length });
  });
});
