/**
 * The read side of the coin's own history (docs/history.md): one coin's samples for a window,
 * from the store. Keys come from the interval alone (`./keys`): up to the raw retention a window
 * reads its raw chunks (all at once, one round of parallel gets); beyond it, the stored daily rows,
 * and raw samples made daily the same way (`compactDaily`) only for the days without a stored row
 * (see `readDays`: a 365-day read is 13 monthly values, then the weekly chunks of the days not
 * folded yet, and the oldest one's times).
 *
 * A slot without a sample has no sample here (gaps stay gaps) and nulls stay null. A store that
 * does not answer, or a damaged value, is reported as an issue and read as absent: never a 500.
 */
import { getConfig } from "@/lib/config";
import { getKv, type KvStore } from "@/lib/kv";
import { compactDaily, decodeDailyChunk, type DailyRow } from "./daily";
import {
  dailyChunkKeys,
  historyMetaSchema,
  metaKey,
  RAW_RETENTION_MS,
  rawChunkKeys,
  type HistoryMeta,
} from "./keys";
import type { EventSample } from "@/lib/domain/history-events-core";
import { decodeEventSamples } from "./event-samples";
import { decodeRawChunk, rawChunkTimes } from "./raw-chunk";
import type { HistorySample } from "./sample";
import { DAY_MS, HISTORY_WINDOW_MS, type HistoryResolution, type HistoryWindow } from "./windows";

/** Samples while the window fits in the raw retention; daily rows beyond. */
export function windowResolution(window: HistoryWindow): HistoryResolution {
  return HISTORY_WINDOW_MS[window] <= RAW_RETENTION_MS ? "sample" : "daily";
}

/** Why a read is incomplete: the store did not answer, or a stored value did not decode. */
export type HistoryReadIssue = "store_unavailable" | "damaged_value";

export interface HistoryReadDeps {
  /** Defaults to the process store. */
  store?: KvStore;
  /** Defaults to the configured HISTORY_SAMPLE_SECONDS. */
  intervalSeconds?: number;
}

interface Values {
  values: unknown[];
  issues: Set<HistoryReadIssue>;
}

/** Every key at once; an unanswered get is absent and reported. */
async function getAll(store: KvStore, keys: readonly string[]): Promise<Values> {
  const issues = new Set<HistoryReadIssue>();
  const values = await Promise.all(
    keys.map((k) =>
      store.get(k).catch(() => {
        issues.add("store_unavailable");
        return undefined;
      }),
    ),
  );
  return { values, issues };
}

/** Decodes each present value; a damaged one is skipped and reported. */
function decodeEach<T>(read: Values, decode: (v: unknown) => T[]): T[] {
  return read.values.flatMap((v) => {
    if (v === undefined || v === null) return [];
    try {
      return decode(v);
    } catch {
      read.issues.add("damaged_value");
      return [];
    }
  });
}

/** The coin's meta (when its history starts, its interval); null when none is stored. */
export async function readHistoryMeta(
  coinId: string,
  deps: HistoryReadDeps = {},
): Promise<{ meta: HistoryMeta | null; issues: HistoryReadIssue[] }> {
  const read = await getAll(deps.store ?? getKv(), [metaKey(coinId)]);
  const [stored] = read.values;
  const parsed = historyMetaSchema.safeParse(stored);
  if (stored !== undefined && stored !== null && !parsed.success) read.issues.add("damaged_value");
  return { meta: parsed.success ? parsed.data : null, issues: [...read.issues] };
}

/** What a raw chunk decodes into, with `fromMs <= t <= toMs`, oldest first. */
async function readRawChunks<T extends { t: number }>(
  keys: readonly string[],
  decode: (stored: unknown) => T[],
  fromMs: number,
  toMs: number,
  store: KvStore,
): Promise<{ samples: T[]; issues: HistoryReadIssue[] }> {
  const read = await getAll(store, keys);
  const samples = decodeEach(read, decode)
    .filter((s) => s.t >= fromMs && s.t <= toMs)
    .sort((a, b) => a.t - b.t);
  return { samples, issues: [...read.issues] };
}

/** The raw samples with `fromMs <= t <= toMs`, oldest first. */
export function readRawSamples(
  coinId: string,
  intervalSeconds: number,
  fromMs: number,
  toMs: number,
  deps: HistoryReadDeps = {},
): Promise<{ samples: HistorySample[]; issues: HistoryReadIssue[] }> {
  const keys = rawChunkKeys(coinId, intervalSeconds, fromMs, toMs);
  return readRawChunks(keys, decodeRawChunk, fromMs, toMs, deps.store ?? getKv());
}

/** The stored daily rows of the days from `fromMs`'s day to `toMs`, oldest first. */
async function readDailyRows(
  coinId: string,
  fromMs: number,
  toMs: number,
  store: KvStore,
): Promise<{ rows: DailyRow[]; issues: HistoryReadIssue[] }> {
  const read = await getAll(store, dailyChunkKeys(coinId, fromMs, toMs));
  const firstDay = Math.floor(fromMs / DAY_MS) * DAY_MS;
  const rows = decodeEach(read, decodeDailyChunk).filter(
    (r) => r.day_ms >= firstDay && r.day_ms <= toMs,
  );
  return { rows, issues: [...read.issues] };
}

/**
 * One row per day: a day both compacted and still raw (the retention's edge) keeps the row made
 * of more samples.
 */
export function mergeDailyRows(stored: readonly DailyRow[], fromRaw: readonly DailyRow[]) {
  const byDay = new Map<number, DailyRow>();
  for (const row of [...stored, ...fromRaw]) {
    const seen = byDay.get(row.day_ms);
    if (!seen || row.samples > seen.samples) byDay.set(row.day_ms, row);
  }
  return [...byDay.values()].sort((a, b) => a.day_ms - b.day_ms);
}

export interface CoinHistoryRead {
  resolution: HistoryResolution;
  /** The raw sample interval (the configured one). */
  intervalSeconds: number;
  /** The first sample ever taken of the coin; null when it has none. */
  historyStartMs: number | null;
  /** `resolution: "sample"`: the window's samples, oldest first. */
  samples: HistorySample[];
  /** `resolution: "daily"`: the window's days that have samples, oldest first. */
  days: DailyRow[];
  issues: HistoryReadIssue[];
}

const dayOf = (tMs: number) => Math.floor(tMs / DAY_MS) * DAY_MS;

/** A raw chunk's sample times alone (no sample decoded). */
const chunkTimes = (stored: unknown) => rawChunkTimes(stored).map((t) => ({ t }));

/**
 * The days of [fromMs, nowMs]. The writer folds each day into its daily row once it is complete,
 * so raw samples are decoded (and made daily) only for the raw days without a stored row (today,
 * a day not folded yet, a store written before days were folded), and for the oldest raw day
 * only when raw holds more of it than its row (a row compacted at the retention's edge, counted
 * from the chunk's times). The months first, then only those chunks. A day both stored and read
 * raw keeps the row of more samples.
 */
async function readDays(
  coinId: string,
  intervalSeconds: number,
  window: { fromMs: number; rawFromMs: number; nowMs: number },
  store: KvStore,
): Promise<{ days: DailyRow[]; issues: HistoryReadIssue[] }> {
  const { fromMs, rawFromMs, nowMs } = window;
  const daily = await readDailyRows(coinId, fromMs, nowMs, store);
  const rowOf = new Map(daily.rows.map((r) => [r.day_ms, r]));
  const edge = dayOf(rawFromMs);
  const rawDays = new Set<number>([edge]);
  for (let day = edge; day <= nowMs; day += DAY_MS) if (!rowOf.has(day)) rawDays.add(day);
  const keysOf = (day: number) =>
    rawChunkKeys(
      coinId,
      intervalSeconds,
      Math.max(day, rawFromMs),
      Math.min(day + DAY_MS - 1, nowMs),
    );
  const keys = [...new Set([...rawDays].filter((d) => !rowOf.has(d)).flatMap(keysOf))];
  const edgeRow = rowOf.get(edge);
  const edgeKeys = edgeRow ? keysOf(edge).filter((k) => !keys.includes(k)) : [];
  const [raw, edgeTimes] = await Promise.all([
    readRawChunks(keys, decodeRawChunk, rawFromMs, nowMs, store),
    readRawChunks(edgeKeys, chunkTimes, rawFromMs, nowMs, store),
  ]);
  const issues = [...daily.issues, ...raw.issues, ...edgeTimes.issues];
  let samples = raw.samples;
  const edgeCount = edgeTimes.samples.filter((s) => dayOf(s.t) === edge).length;
  if (edgeRow && edgeCount > edgeRow.samples) {
    // The edge chunks are the oldest: their samples come first.
    const more = await readRawChunks(edgeKeys, decodeRawChunk, rawFromMs, nowMs, store);
    samples = [...more.samples, ...samples];
    issues.push(...more.issues);
  }
  const fromRaw = compactDaily(samples.filter((s) => rawDays.has(dayOf(s.t))));
  return { days: mergeDailyRows(daily.rows, fromRaw), issues: [...new Set(issues)] };
}

/**
 * The coin's history over `window` ending at `nowMs`. `coinId`: the coin's DefiLlama id. The raw
 * keys are those of the configured interval (the current series: a changed interval starts a new
 * one); the meta only says when the history starts.
 */
export async function readCoinHistory(
  coinId: string,
  window: HistoryWindow,
  nowMs: number,
  deps: HistoryReadDeps = {},
): Promise<CoinHistoryRead> {
  const store = deps.store ?? getKv();
  const intervalSeconds = deps.intervalSeconds ?? getConfig().history.sampleSeconds;
  const fromMs = nowMs - HISTORY_WINDOW_MS[window];
  const resolution = windowResolution(window);
  const rawFromMs = Math.max(fromMs, nowMs - RAW_RETENTION_MS);
  const [meta, read] = await Promise.all([
    readHistoryMeta(coinId, { store }),
    resolution === "daily"
      ? readDays(coinId, intervalSeconds, { fromMs, rawFromMs, nowMs }, store).then((d) => ({
          ...d,
          samples: [],
          firstSeen: d.days[0]?.day_ms,
        }))
      : readRawSamples(coinId, intervalSeconds, rawFromMs, nowMs, { store }).then((r) => ({
          ...r,
          days: [],
          firstSeen: r.samples[0]?.t,
        })),
  ]);
  return {
    resolution,
    intervalSeconds,
    // Without meta (not written yet, or expired) the oldest sample read stands in: the history
    // starts no later than it.
    historyStartMs: meta.meta?.history_start_ms ?? read.firstSeen ?? null,
    samples: read.samples,
    days: read.days,
    issues: [...new Set([...meta.issues, ...read.issues])],
  };
}

/** Where the event rules' read starts: the window's lookback, within the raw retention. */
const eventReadFromMs = (fromMs: number, nowMs: number, lookbackMs: number): number =>
  Math.max(fromMs - lookbackMs, nowMs - RAW_RETENTION_MS);

/** The store reads one `readEventSamples` makes: its raw chunks and the meta. */
export function eventSampleReads(
  fromMs: number,
  nowMs: number,
  lookbackMs: number,
  intervalSeconds = getConfig().history.sampleSeconds,
): number {
  const readFromMs = eventReadFromMs(fromMs, nowMs, lookbackMs);
  return rawChunkKeys("", intervalSeconds, readFromMs, nowMs).length + 1;
}

/**
 * The samples the event rules need to judge `[fromMs, nowMs]` (read straight into what the rules
 * read): those of the window and of the lookback before it (a drain's trailing median), as far
 * back as the raw retention keeps.
 */
export async function readEventSamples(
  coinId: string,
  fromMs: number,
  nowMs: number,
  lookbackMs: number,
  deps: HistoryReadDeps = {},
): Promise<{
  samples: EventSample[];
  historyStartMs: number | null;
  issues: HistoryReadIssue[];
}> {
  const store = deps.store ?? getKv();
  const intervalSeconds = deps.intervalSeconds ?? getConfig().history.sampleSeconds;
  const readFromMs = eventReadFromMs(fromMs, nowMs, lookbackMs);
  const keys = rawChunkKeys(coinId, intervalSeconds, readFromMs, nowMs);
  const [meta, raw] = await Promise.all([
    readHistoryMeta(coinId, { store }),
    readRawChunks(keys, decodeEventSamples, readFromMs, nowMs, store),
  ]);
  return {
    samples: raw.samples,
    historyStartMs: meta.meta?.history_start_ms ?? raw.samples[0]?.t ?? null,
    issues: [...new Set([...meta.issues, ...raw.issues])],
  };
}
