/**
 * 90-day hourly prices from the DefiLlama coins API, one entry per coin, extended rather than
 * refetched; fills read together are planned as one set of `/chart` calls (`planChartCalls`).
 */
import { z } from "zod";
import {
  hourFloor,
  mergeHourly,
  planChartCalls,
  type ChartCall,
  type HourlyPoint,
} from "@/lib/domain/chart-plan";
import { fetchHourlyChart } from "@/lib/providers/defillama-coins/client";
import { calledUpstream, type CachedRead } from "./read-through";
import { type Peeked, peekFamily, readFamily, type ReadOpts } from "./reader";

export const HOURLY_SERIES_SOURCE = "defillama-coins";
/** How long fills are collected before their calls are planned together. */
export const CHART_BATCH_WINDOW_MS = 30;
/** `/chart` calls in flight at once. */
export const CHART_CONCURRENCY = 4;

export interface HourlySeries {
  source: typeof HOURLY_SERIES_SOURCE;
  points: HourlyPoint[];
  /** The last hour mark asked for: the next extension starts one hour later. */
  coveredToMs: number;
}

const seriesEntry: z.ZodType<HourlySeries> = z.object({
  source: z.literal(HOURLY_SERIES_SOURCE),
  points: z.array(z.object({ timestampMs: z.number(), priceUsd: z.number() })),
  coveredToMs: z.number(),
});

export const hourlySeriesKey = (coinKey: string) =>
  `history:v1:defillama-coins:chart-1h:${coinKey}`;

/** A coin's stored hourly series, never a provider call (the market-wide depeg log). */
export function peekHourlySeries(
  coinKey: string,
  opts?: ReadOpts,
): Promise<Peeked<HourlySeries> | null> {
  return peekFamily({
    family: "history:coins-hourly",
    key: hourlySeriesKey(coinKey),
    schema: seriesEntry,
    opts,
  });
}

interface Pending {
  key: string;
  previous: HourlySeries | undefined;
  now: () => number;
  resolve: (series: HourlySeries) => void;
  reject: (error: unknown) => void;
}

let pending: Pending[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

function requestFill(
  key: string,
  previous: HourlySeries | undefined,
  now: () => number,
): Promise<HourlySeries> {
  return new Promise((resolve, reject) => {
    pending.push({ key, previous, now, resolve, reject });
    timer ??= setTimeout(() => void flush(), CHART_BATCH_WINDOW_MS);
  });
}

/** Runs `calls` at most `CHART_CONCURRENCY` at a time; each call's outcome by index. */
async function runCalls(
  calls: readonly ChartCall[],
): Promise<(Map<string, HourlyPoint[]> | { error: unknown })[]> {
  const out: (Map<string, HourlyPoint[]> | { error: unknown })[] = [];
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const i = next++;
      const call = calls[i];
      if (!call) continue;
      out[i] = await fetchHourlyChart(call).catch((error: unknown) => ({ error }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHART_CONCURRENCY, calls.length) }, worker));
  return out;
}

async function flush(): Promise<void> {
  const batch = pending;
  pending = [];
  timer = null;
  const first = batch[0];
  if (!first) return;
  const nowMs = first.now();
  const calls = planChartCalls(
    batch.map((p) => ({ key: p.key, coveredToMs: p.previous?.coveredToMs ?? null })),
    nowMs,
  );
  const results = await runCalls(calls);
  const fresh = new Map<string, HourlyPoint[]>();
  const failed = new Map<string, unknown>();
  calls.forEach((call, i) => {
    const r = results[i];
    for (const key of call.coins) {
      if (!r || !(r instanceof Map)) failed.set(key, r?.error);
      else fresh.set(key, [...(fresh.get(key) ?? []), ...(r.get(key) ?? [])]);
    }
  });
  for (const p of batch) {
    // A coin whose calls did not all answer keeps its last copy (the failure cools its key).
    if (failed.has(p.key)) p.reject(failed.get(p.key));
    else
      p.resolve({
        source: HOURLY_SERIES_SOURCE,
        points: mergeHourly(p.previous?.points ?? [], fresh.get(p.key) ?? [], nowMs),
        coveredToMs: hourFloor(nowMs),
      });
  }
}

/** One coin's series as read: the series (null when unavailable), as-of time and staleness. */
export interface HourlySeriesRead {
  key: string;
  series: HourlySeries | null;
  /** When the series was last extended (ms); null when unavailable. */
  asOf: number | null;
  stale: boolean;
  /** The read needed a provider call. */
  upstream: boolean;
  error?: unknown;
}

/** One coin's hourly series through the read layer (its fill joins the current batch). */
export function readHourlySeriesOne(
  coinKey: string,
  opts?: ReadOpts,
): Promise<CachedRead<HourlySeries>> {
  const now = opts?.now ?? Date.now;
  return readFamily({
    family: "history:coins-hourly",
    key: hourlySeriesKey(coinKey),
    schema: seriesEntry,
    fetch: ({ previous }) => requestFill(coinKey, previous, now),
    isEmpty: (v) => v.points.length === 0,
    opts,
  });
}

/** Many coins' 90-day hourly series in shared `/chart` calls; never throws (`series: null`). */
export async function readHourlySeries(
  coinKeys: readonly string[],
  opts?: ReadOpts,
): Promise<Map<string, HourlySeriesRead>> {
  const keys = [...new Set(coinKeys)];
  const reads = await Promise.all(
    keys.map((key) =>
      readHourlySeriesOne(key, opts).then(
        (r): HourlySeriesRead => ({
          key,
          series: r.value,
          asOf: r.storedAt,
          stale: r.source === "stale",
          upstream: calledUpstream(r),
          ...(r.error === undefined ? {} : { error: r.error }),
        }),
        (error: unknown): HourlySeriesRead => ({
          key,
          series: null,
          asOf: null,
          stale: false,
          upstream: false,
          error,
        }),
      ),
    ),
  );
  return new Map(reads.map((r) => [r.key, r]));
}
