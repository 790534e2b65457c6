/**
 * The history sampler (docs/history.md, "The sampler"): every coin with at least
 * `HISTORY_MIN_CIRCULATING_USD` in circulation gets one sample per `HISTORY_SAMPLE_SECONDS` slot,
 * built from what the refresher keeps warm (`./sample`: warm-only reads, never a provider call)
 * and stored through `lib/history/write` (the first sample stored in a slot wins).
 *
 * `runRefreshPass` calls it at the end of every pass, under the pass lock; a coin whose slot is
 * already stored is skipped before anything is read, so passes more frequent than the interval
 * cost one store read per coin. `now` is injectable: the demo runs the real sampler over a
 * simulated clock against the fake upstream.
 */
import type { z } from "zod";
import { listedAssets } from "@/lib/assets/listed";
import { getConfig, type AppConfig } from "@/lib/config";
import type { KvStore } from "@/lib/kv/types";
import { sampleSlot } from "@/lib/history/keys";
import { slotTaken, storeSample } from "@/lib/history/write";
import { readAggregate } from "@/lib/snapshot/live";
import { PASS_CONCURRENCY } from "./constants";
import { sampleRunSchema } from "./records";
import { sampleCoin } from "./sample";

export type HistorySettings = AppConfig["history"];

export interface TakeSamplesOptions {
  kv: KvStore;
  /** The clock (default `Date.now`): each sample's time, and what "warm" is measured against. */
  now?: () => number;
  /** Default: `getConfig().history`. */
  config?: HistorySettings;
  /** No coin is started at or after this time (by `now`); default: no limit. */
  deadlineMs?: number;
}

/**
 * `slot`: the slot sampled (by the time the run started), null without a warm aggregate list;
 * `coins`: at or above the floor; `stored`: samples this run stored; `taken`: coins whose slot
 * already held one (another pass or instance stored it first); `missed`: not sampled (the store
 * failed, a stored value is damaged, or the deadline passed).
 */
export type SampleRun = z.infer<typeof sampleRunSchema>;

/** The coins to sample, largest first (a run cut short by its deadline keeps the largest). */
async function coinsToSample(kv: KvStore, now: () => number, floorUsd: number) {
  const aggregate = await readAggregate({ kv, now, warmOnly: true });
  return listedAssets(aggregate.value.assets)
    .filter((a) => a.circulatingUsd >= floorUsd)
    .sort((a, b) => b.circulatingUsd - a.circulatingUsd)
    .map((a) => a.id);
}

export async function takeSamples(options: TakeSamplesOptions): Promise<SampleRun> {
  const { kv } = options;
  const now = options.now ?? Date.now;
  const { sampleSeconds, minCirculatingUsd } = options.config ?? getConfig().history;
  const deadline = options.deadlineMs ?? Infinity;
  let ids: string[];
  try {
    ids = await coinsToSample(kv, now, minCirculatingUsd);
  } catch {
    // No warm aggregate list: no floor to apply, nothing resolves. The slot stays open.
    return { slot: null, coins: 0, stored: 0, taken: 0, missed: 0 };
  }
  const run: SampleRun = {
    slot: sampleSlot(now(), sampleSeconds),
    coins: ids.length,
    stored: 0,
    taken: 0,
    missed: 0,
  };
  const sampleOne = async (id: string) => {
    const t = Math.floor(now());
    if (await slotTaken(kv, id, sampleSeconds, t)) return "taken";
    const sample = await sampleCoin(id, t, { kv, now });
    if (sample === null) return "missed";
    return storeSample(kv, id, sample, sampleSeconds);
  };
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      if (now() >= deadline) {
        run.missed += 1;
        continue;
      }
      run[await sampleOne(id).catch(() => "missed" as const)] += 1;
    }
  };
  await Promise.all(Array.from({ length: PASS_CONCURRENCY }, worker));
  return run;
}
