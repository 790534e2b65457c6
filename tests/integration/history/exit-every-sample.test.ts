/**
 * A coin whose only exit route is the exchanges' order books (the timeline's drained coin, its
 * DEX pools taken away) has its exit cost in every sample of the real sampler over a few
 * simulated passes at the demo's interval: each pass reads its books, so no sample is a gap. Two
 * items of a pass that read one key (a coin's tickers, its exit cost) share one provider call.
 */
import { MemoryKv } from "@/lib/kv";
import { DEMO_CALL_BUDGET_ENV } from "@/scripts/demo-history";
import { TIMELINE_SUBJECTS } from "@/tests/fake-upstream/history-timeline";
import {
  HOUR_MS,
  defillamaIdOf,
  simulateHistory,
  storedSamples,
} from "@/tests/helpers/history-simulation";
import { startHarness, upstreamCalls, type Harness } from "../helpers/harness";

/** The demo's interval (4 hours): longer than any exit-cost input's fresh and grace time. */
const INTERVAL_HOURS = 4;
const INTERVAL_MS = INTERVAL_HOURS * HOUR_MS;
const SAMPLES = 5;

let h: Harness;

beforeAll(async () => {
  h = await startHarness("file", {
    ...DEMO_CALL_BUDGET_ENV,
    HISTORY_SAMPLE_SECONDS: String(INTERVAL_MS / 1000),
  });
});

afterAll(async () => {
  await h?.close();
});

/** Runs the simulation over a fresh scratch store on the simulated clock; returns its samples. */
async function simulate(samples: number, afterPass?: () => void) {
  const endMs = Math.floor(Date.now() / INTERVAL_MS) * INTERVAL_MS;
  const startMs = endMs - (samples - 1) * INTERVAL_MS;
  let clock = startMs;
  const kv = new MemoryKv({ now: () => clock });
  await simulateHistory({
    fake: h.fake,
    kv,
    timeline: { startMs, intervalMs: INTERVAL_MS },
    samples,
    afterPass: async (t) => {
      clock = t + INTERVAL_MS;
      afterPass?.();
    },
  });
  const coin = defillamaIdOf(TIMELINE_SUBJECTS.drain);
  const stored = await storedSamples(kv, coin, INTERVAL_MS, startMs, endMs);
  await kv.close();
  return stored;
}

it("asks each key upstream at most once a pass, however many items read it", async () => {
  const perPass: string[][] = [];
  h.fake.clearRequests();
  await simulate(2, () => {
    perPass.push(upstreamCalls(h.fake).map((r) => `${r.provider} ${r.upstreamPath}`));
    h.fake.clearRequests();
  });
  for (const calls of perPass) {
    const twice = calls.filter((c, i) => calls.indexOf(c) !== i);
    expect(twice).toEqual([]);
  }
}, 300_000);

it("measures a CEX-only coin's $1M exit cost on every sample", async () => {
  const stored = await simulate(SAMPLES);
  expect(stored).toHaveLength(SAMPLES);
  expect(stored.map((s) => s.exit_cost_bps.usd_1m !== null)).toEqual(
    Array.from({ length: SAMPLES }, () => true),
  );
  // Every sample's books were read in its own pass: each as-of is the sample's time.
  expect(stored.map((s) => s.exit_cost_bps.as_of)).toEqual(stored.map((s) => s.t));
}, 300_000);
