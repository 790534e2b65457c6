/**
 * Runs the real refresher — its warm pass, then its history sampler — over a simulated clock
 * against the fake upstream's history mode (tests/fake-upstream/history-timeline.ts): one pass
 * per sample interval, the fake's clock and the pass' clock moved together. The goal tests and
 * the demo's seeded week both use it.
 */
import { decodeRawChunk } from "@/lib/history/raw-chunk";
import { rawChunkKey, rawChunkKeys } from "@/lib/history/keys";
import type { HistorySample } from "@/lib/history/sample";
import type { KvStore } from "@/lib/kv/types";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import {
  aggregateTask,
  chartsTask,
  coinDetailTask,
  coinPricesTask,
  exitCostTask,
  poolsTask,
  quotesTask,
  tickersTask,
} from "@/lib/refresh/families";
import { warmExitCost } from "@/lib/refresh/exit-warm";
import { SAMPLE_EXIT_SIZES_USD } from "@/lib/refresh/sample";
import type { WarmItem, WarmTask } from "@/lib/refresh/tasks";
import { readMarketChart } from "@/lib/snapshot/live";
import { runRefreshPass, type PassResult } from "@/lib/refresh/pass";
import { trackedTokens } from "../fake-upstream/data/assets";
import {
  BASELINE_SAMPLES,
  depthDropEpisodes,
  fixedEpisodes,
  TIMELINE_SUBJECTS,
  type Timeline,
} from "../fake-upstream/history-timeline";
import type { FakeUpstream } from "../fake-upstream/server";

export const HOUR_MS = 3_600_000;
/** The series the risk score's peg stability reads (lib/refresh/sample.ts), days. */
const PEG_STABILITY_DAYS = 30;
/** A family's task with each item's warm replaced (same items, ids and costs). */
function rewarmed(task: WarmTask, warm: (item: WarmItem) => WarmItem["warm"]): WarmTask {
  return {
    ...task,
    itemsFor: async (market, opts) =>
      (await task.itemsFor(market, opts)).map((item) => ({ ...item, warm: warm(item) })),
  };
}

/** The charts family (items by CoinGecko id), only the window a sample reads. */
const sampledChartTask = rewarmed(
  chartsTask,
  (item) => (opts) => readMarketChart(item.id, PEG_STABILITY_DAYS, opts),
);

/** The exit-cost family (items by coin, largest first), only the sizes a sample keeps. */
const sampledExitTask = rewarmed(
  exitCostTask,
  (item) => (opts) => warmExitCost(item.coins[0] ?? "", SAMPLE_EXIT_SIZES_USD, opts),
);

/**
 * The warm tasks whose keys a sample reads (lib/refresh/sample.ts), trimmed to what it reads: a
 * pass warms only these, so a simulated week stays short; the sampler is the pass' own.
 */
export const SAMPLE_INPUT_TASKS: readonly WarmTask[] = [
  aggregateTask,
  quotesTask,
  coinPricesTask,
  coinDetailTask,
  poolsTask,
  tickersTask,
  sampledChartTask,
  sampledExitTask,
];

export interface SimulationOptions {
  fake: FakeUpstream;
  kv: KvStore;
  timeline: Timeline;
  /** How many samples (passes) to run from the timeline's start. */
  samples: number;
  /** Play the goal timeline's episodes (default true); false = a calm market. */
  episodes?: boolean;
  /** Called after each pass (e.g. a second instance's pass at the same clock). */
  afterPass?: (tMs: number, result: PassResult) => Promise<void>;
}

/** The DefiLlama id (the sampler's coin id) of a tracked coin, by its CoinGecko id. */
export function defillamaIdOf(coingeckoId: string): string {
  const token = trackedTokens().find((t) => t.coingeckoId === coingeckoId);
  if (!token) throw new Error(`not a tracked coin: ${coingeckoId}`);
  return token.defillamaId;
}

/** A coin's stored samples over [fromMs, toMs], oldest first. */
export async function storedSamples(
  kv: KvStore,
  coinId: string,
  intervalMs: number,
  fromMs: number,
  toMs: number,
): Promise<HistorySample[]> {
  const seconds = intervalMs / MS_PER_SECOND;
  const chunks = await Promise.all(
    rawChunkKeys(coinId, seconds, fromMs, toMs).map((k) => kv.get(k)),
  );
  return chunks
    .flatMap((c) => (c === undefined || c === null ? [] : decodeRawChunk(c)))
    .filter((s) => s.t >= fromMs && s.t <= toMs)
    .sort((a, b) => a.t - b.t);
}

async function lastVenues(kv: KvStore, tl: Timeline, tMs: number) {
  const coin = defillamaIdOf(TIMELINE_SUBJECTS.drain);
  const chunk = await kv.get(rawChunkKey(coin, tl.intervalMs / MS_PER_SECOND, tMs));
  const last = chunk === undefined ? undefined : decodeRawChunk(chunk).at(-1);
  if (!last) throw new Error(`no baseline sample of ${coin} to size the depth drops`);
  return last.depth_2pct_usd.venues;
}

/** Runs the passes; the fake's clock and episodes are reset afterwards. */
export async function simulateHistory(o: SimulationOptions): Promise<void> {
  const { fake, kv, timeline: tl } = o;
  const playing = o.episodes ?? true;
  const fixed = playing ? fixedEpisodes(tl) : [];
  fake.setHistory(fixed);
  try {
    for (let i = 0; i < o.samples; i += 1) {
      const t = tl.startMs + i * tl.intervalMs;
      if (playing && i === BASELINE_SAMPLES) {
        const venues = await lastVenues(kv, tl, t - tl.intervalMs);
        fake.setHistory([...fixed, ...depthDropEpisodes(tl, venues)]);
      }
      fake.setNow(t);
      const result = await runRefreshPass({
        trigger: "script",
        leadMs: tl.intervalMs,
        kv,
        now: () => t,
        tasks: SAMPLE_INPUT_TASKS,
      });
      await o.afterPass?.(t, result);
    }
  } finally {
    fake.setNow(null);
    fake.setHistory([]);
  }
}
