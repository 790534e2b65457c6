/**
 * The history sampler across instances and budgets (issue goals): two instances sampling
 * together on one real Redis store one sample per coin per interval, and sampling adds no
 * provider call to what the refresher's pass spent.
 */
import { getConfig } from "@/lib/config";
import { createKv, type KvStore } from "@/lib/kv";
import { runRefreshPass, type PassResult } from "@/lib/refresh/pass";
import { takeSamples } from "@/lib/refresh/sampler";
import { trackedTokens } from "@/tests/fake-upstream/data/assets";
import {
  defillamaIdOf,
  HOUR_MS,
  SAMPLE_INPUT_TASKS,
  storedSamples,
} from "@/tests/helpers/history-simulation";
import { startHarness, type Harness } from "../helpers/harness";

const KV_TIMEOUT_MS = 5_000;
const STEPS = 3;
/** A second series (another interval) the direct sampler run writes into. */
const HALF_HOUR_SECONDS = 1_800;

let h: Harness;
let a: KvStore;
let b: KvStore;
let startMs: number;

const pass = (kv: KvStore, t: number) =>
  runRefreshPass({
    trigger: "script",
    leadMs: HOUR_MS,
    kv,
    now: () => t,
    tasks: SAMPLE_INPUT_TASKS,
  });
const sampled = (r: PassResult) => (r.outcome === "locked" ? undefined : r.run.history);

beforeAll(async () => {
  h = await startHarness("redis", { HISTORY_SAMPLE_SECONDS: String(HOUR_MS / 1000) });
  a = createKv(getConfig().kv, { timeoutMs: KV_TIMEOUT_MS });
  b = createKv(getConfig().kv, { timeoutMs: KV_TIMEOUT_MS });
  startMs = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - STEPS * HOUR_MS;
});

afterAll(async () => {
  h?.fake.setNow(null);
  await Promise.all([a?.close(), b?.close()]);
  await h?.close();
});

describe("history sampling across instances, on Redis", () => {
  it("two instances sampling together store one sample per coin per interval", async () => {
    const runs: PassResult[] = [];
    for (let i = 0; i < STEPS; i += 1) {
      const t = startMs + i * HOUR_MS;
      h.fake.setNow(t);
      runs.push(...(await Promise.all([pass(a, t), pass(b, t)])));
      // The other instance, later in the same interval: its slot is taken for every coin.
      const late = sampled(await pass(b, t + HOUR_MS / 2));
      expect(late).toMatchObject({ stored: 0, missed: 0 });
      expect(late?.taken).toBe(late?.coins);
    }
    const stored = runs.map(sampled).reduce((s, r) => s + (r?.stored ?? 0), 0);
    const coins = runs.map(sampled).find((r) => r)?.coins ?? 0;
    expect(coins).toBeGreaterThan(0);
    expect(stored).toBe(coins * STEPS);
    for (const token of trackedTokens()) {
      const times = (
        await storedSamples(a, token.defillamaId, HOUR_MS, startMs, startMs + STEPS * HOUR_MS)
      ).map((s) => s.t);
      expect(times).toEqual(Array.from({ length: STEPS }, (_, i) => startMs + i * HOUR_MS));
    }
  });

  it("sampling the market adds no provider call to what the pass spent", async () => {
    const t = startMs + STEPS * HOUR_MS;
    h.fake.setNow(t);
    await pass(a, t);
    h.fake.clearRequests();
    const config = { ...getConfig().history, sampleSeconds: HALF_HOUR_SECONDS };
    const run = await takeSamples({ kv: a, now: () => t, config });
    expect(h.fake.requests()).toEqual([]);
    expect(run.stored).toBe(run.coins);
    const usdc = await storedSamples(a, defillamaIdOf("usd-coin"), HALF_HOUR_SECONDS * 1000, t, t);
    expect(usdc).toHaveLength(1);
    expect(usdc[0]?.price.usd).not.toBeNull();
    expect(usdc[0]?.depth_2pct_usd.total_usd).not.toBeNull();
  });
});
