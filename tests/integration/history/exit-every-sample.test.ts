/**
 * A coin whose only exit route is the exchanges' order books (the timeline's drained coin, its
 * DEX pools taken away) has its exit cost in every sample of the real sampler over a few
 * simulated passes at the demo's interval: each pass reads its books, so no sample is a gap.
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
import { startHarness, type Harness } from "../helpers/harness";

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

it("measures a CEX-only coin's $1M exit cost on every sample", async () => {
  const endMs = Math.floor(Date.now() / INTERVAL_MS) * INTERVAL_MS;
  const startMs = endMs - (SAMPLES - 1) * INTERVAL_MS;
  let clock = startMs;
  const kv = new MemoryKv({ now: () => clock });
  await simulateHistory({
    fake: h.fake,
    kv,
    timeline: { startMs, intervalMs: INTERVAL_MS },
    samples: SAMPLES,
    afterPass: async (t) => {
      clock = t + INTERVAL_MS;
    },
  });
  const coin = defillamaIdOf(TIMELINE_SUBJECTS.drain);
  const stored = await storedSamples(kv, coin, INTERVAL_MS, startMs, endMs);
  await kv.close();
  expect(stored).toHaveLength(SAMPLES);
  expect(stored.map((s) => s.exit_cost_bps.usd_1m !== null)).toEqual(
    Array.from({ length: SAMPLES }, () => true),
  );
  // Every sample's books were read in its own pass: each as-of is the sample's time.
  expect(stored.map((s) => s.exit_cost_bps.as_of)).toEqual(stored.map((s) => s.t));
}, 300_000);
