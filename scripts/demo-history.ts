/**
 * The demo's own history (docs/history.md): before the app serves, the real refresher pass and
 * its sampler run over a simulated clock — one pass per `HISTORY_SAMPLE_SECONDS`, a week back to
 * now — against the fake upstream's goal timeline (tests/fake-upstream/history-timeline.ts), so
 * the coin pages show a week of history with one event of each type.
 *
 * The passes read and write a scratch in-memory store on the simulated clock; only the history
 * keys are copied into the demo's store, so the app starts with its caches as cold as before and
 * every provider call of the seeding happens before it serves (the fake's request log is cleared).
 */
import { getConfig } from "../lib/config";
import { MS_PER_SECOND } from "../lib/domain/constants";
import { createKv, MemoryKv, type KvStore } from "../lib/kv";
import type { FakeUpstream } from "../tests/fake-upstream/server";
import { simulateHistory } from "../tests/helpers/history-simulation";

const HISTORY_KEY_PREFIX = "samples:";

const DEMO_CALLS_PER_MINUTE = "1000000";
const DEMO_CALLS_PER_SECOND = "100000";
/**
 * Provider call budgets against the fake upstream (which has no rate limit of its own), out of
 * the way of the demo and of its seeding: a pass a simulated hour runs many within a real minute.
 */
export const DEMO_CALL_BUDGET_ENV = {
  COINGECKO_CALLS_PER_MINUTE: DEMO_CALLS_PER_MINUTE,
  DEXSCREENER_CALLS_PER_MINUTE: DEMO_CALLS_PER_MINUTE,
  BINANCE_CALLS_PER_MINUTE: DEMO_CALLS_PER_MINUTE,
  KRAKEN_CALLS_PER_MINUTE: DEMO_CALLS_PER_MINUTE,
  COINBASE_CALLS_PER_MINUTE: DEMO_CALLS_PER_MINUTE,
  DEX_QUOTES_CALLS_PER_MINUTE: DEMO_CALLS_PER_MINUTE,
  DEX_QUOTES_CALLS_PER_SECOND: DEMO_CALLS_PER_SECOND,
} as const;
/**
 * The demo's history interval while it seeds a week (4 hours unless the shell sets
 * `HISTORY_SAMPLE_SECONDS`): 42 refresher passes instead of 168 at hourly sampling.
 */
export const DEMO_HISTORY_SAMPLE_SECONDS = "14400";
const SEEDED_MS = 7 * 24 * 3_600_000;
/** Passes the seeding runs at most (a week at hourly sampling); shorter intervals seed less. */
const MAX_SEEDED_SAMPLES = 168;

/** Records the history keys written through it (and their TTLs) to copy them afterwards. */
function recording(kv: KvStore, written: Map<string, number>): KvStore {
  return new Proxy(kv, {
    get(target, prop, receiver) {
      if (prop === "set")
        return (key: string, value: unknown, ttlSeconds: number) => {
          if (key.startsWith(HISTORY_KEY_PREFIX)) written.set(key, ttlSeconds);
          return target.set(key, value, ttlSeconds);
        };
      const v: unknown = Reflect.get(target, prop, receiver);
      return typeof v === "function" ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

/**
 * Seeds the week of history into the demo's store (or only its last `maxSamples` samples, for
 * a short real history such as the OpenAPI example's); returns the samples a coin got.
 */
export async function seedDemoHistory(
  fake: FakeUpstream,
  opts: { maxSamples?: number } = {},
): Promise<number> {
  const config = getConfig();
  const intervalMs = config.history.sampleSeconds * MS_PER_SECOND;
  const samples = Math.min(
    opts.maxSamples ?? MAX_SEEDED_SAMPLES,
    MAX_SEEDED_SAMPLES,
    Math.ceil(SEEDED_MS / intervalMs),
  );
  const endMs = Math.floor(Date.now() / intervalMs) * intervalMs;
  const startMs = endMs - (samples - 1) * intervalMs;
  let clock = startMs;
  const scratch = new MemoryKv({ now: () => clock });
  const written = new Map<string, number>();
  await simulateHistory({
    fake,
    kv: recording(scratch, written),
    timeline: { startMs, intervalMs },
    samples,
    afterPass: async (t) => {
      clock = t + intervalMs;
    },
  });
  const store = createKv(config.kv);
  try {
    for (const [key, ttlSeconds] of written) {
      const value = await scratch.get(key);
      if (value !== undefined) await store.set(key, value, ttlSeconds);
    }
  } finally {
    await store.close();
    await scratch.close();
  }
  fake.clearRequests();
  return samples;
}
