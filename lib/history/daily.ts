/**
 * Daily compaction (docs/history.md, "Retention"): samples older than the raw retention become one
 * row per UTC day with each measurement's (min, median, max) over the samples that measured it,
 * the number of samples, the union of sources and the latest as-of. A measurement missing all day
 * is null, never 0; a day without samples has no row (a gap stays a gap).
 *
 * Stored as one value per coin per UTC month: columns of [min, median, max] triples at the
 * precisions of `./columns` (a median between two stored values is rounded to that precision).
 */
import { z } from "zod";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { median } from "@/lib/domain/peg";
import {
  byGroup,
  CHAIN_SCALE,
  Dictionary,
  FIXED_COLUMNS,
  GROUPS,
  type Group,
  VENUE_SCALE,
} from "./columns";
import { MAX_STORED_VALUE_BYTES, storedBytes } from "./raw-chunk";
import type { HistorySample } from "./sample";

const DAY_MS = 24 * 60 * 60 * MS_PER_SECOND;
export const DAILY_CHUNK_VERSION = 1;

export interface DailyStat {
  min: number;
  median: number;
  max: number;
}

export interface DailyRow {
  /** The UTC day's first millisecond. */
  day_ms: number;
  samples: number;
  /** Keyed by the column's path (`price.usd`, `depth_2pct_usd.total_usd`, …). */
  values: Record<string, DailyStat | null>;
  venues: Record<string, DailyStat | null>;
  chains: Record<string, DailyStat | null>;
  sources: Record<Group, string[]>;
  as_of: Record<Group, number | null>;
}

export function dailyStat(values: readonly (number | null)[]): DailyStat | null {
  const xs = values.filter((v): v is number => v !== null && Number.isFinite(v));
  const mid = median(xs);
  if (xs.length === 0 || mid === null) return null;
  return { min: Math.min(...xs), median: mid, max: Math.max(...xs) };
}

function keyedStats(
  day: readonly HistorySample[],
  recordOf: (s: HistorySample) => Readonly<Record<string, number | null>>,
): Record<string, DailyStat | null> {
  const names = [...new Set(day.flatMap((s) => Object.keys(recordOf(s))))].sort();
  return Object.fromEntries(
    names.map((n) => [n, dailyStat(day.map((s) => recordOf(s)[n] ?? null))]),
  );
}

function row(dayMs: number, day: readonly HistorySample[]): DailyRow {
  const latest = (g: Group) => {
    const asOfs = day.map((s) => s[g].as_of).filter((a): a is number => a !== null);
    return asOfs.length > 0 ? Math.max(...asOfs) : null;
  };
  const sourcesOf = (g: Group) => [...new Set(day.flatMap((s) => s[g].sources))].sort();
  return {
    day_ms: dayMs,
    samples: day.length,
    values: Object.fromEntries(FIXED_COLUMNS.map((c) => [c.key, dailyStat(day.map(c.get))])),
    venues: keyedStats(day, (s) => s.depth_2pct_usd.venues),
    chains: keyedStats(day, (s) => s.chain_peg_bps.chains),
    sources: byGroup(sourcesOf),
    as_of: byGroup(latest),
  };
}

/** Samples → one row per UTC day that has samples, oldest first. */
export function compactDaily(samples: readonly HistorySample[]): DailyRow[] {
  const days = new Map<number, HistorySample[]>();
  for (const s of samples) {
    const day = Math.floor(s.t / DAY_MS) * DAY_MS;
    days.set(day, [...(days.get(day) ?? []), s]);
  }
  return [...days.entries()].sort(([a], [b]) => a - b).map(([day, xs]) => row(day, xs));
}

const triple = z.tuple([z.number().int(), z.number().int(), z.number().int()]).nullable();
const tripleColumns = z.record(z.string(), z.array(triple));

export const dailyChunkSchema = z.object({
  v: z.literal(DAILY_CHUNK_VERSION),
  /** Days since the epoch. */
  d: z.array(z.number().int().nonnegative()),
  n: z.array(z.number().int().nonnegative()),
  src: z.array(z.array(z.string())),
  c: tripleColumns,
  vn: tripleColumns,
  ch: tripleColumns,
  s: z.record(z.string(), z.array(z.number().int())),
  /** Latest as-of, whole seconds since the epoch. */
  a: z.record(z.string(), z.array(z.number().int().nullable())),
});
export type DailyChunk = z.infer<typeof dailyChunkSchema>;

const toTriple = (s: DailyStat | null, scale: number): [number, number, number] | null =>
  s === null
    ? null
    : [Math.round(s.min * scale), Math.round(s.median * scale), Math.round(s.max * scale)];
const fromTriple = (
  t: readonly [number, number, number] | null,
  scale: number,
): DailyStat | null =>
  t === null ? null : { min: t[0] / scale, median: t[1] / scale, max: t[2] / scale };

function keyedTriples(
  rows: readonly DailyRow[],
  pick: (r: DailyRow) => Record<string, DailyStat | null>,
  scale: number,
) {
  const names = [...new Set(rows.flatMap((r) => Object.keys(pick(r))))].sort();
  return Object.fromEntries(
    names.map((n) => [n, rows.map((r) => toTriple(pick(r)[n] ?? null, scale))]),
  );
}

/** One month of rows → one stored value; throws past the stored-value bound. */
export function encodeDailyChunk(rows: readonly DailyRow[]): DailyChunk {
  const dictionary = new Dictionary<string[]>();
  const chunk: DailyChunk = {
    v: DAILY_CHUNK_VERSION,
    d: rows.map((r) => r.day_ms / DAY_MS),
    n: rows.map((r) => r.samples),
    src: dictionary.entries,
    c: Object.fromEntries(
      FIXED_COLUMNS.map((c) => [
        c.key,
        rows.map((r) => toTriple(r.values[c.key] ?? null, c.scale)),
      ]),
    ),
    vn: keyedTriples(rows, (r) => r.venues, VENUE_SCALE),
    ch: keyedTriples(rows, (r) => r.chains, CHAIN_SCALE),
    s: Object.fromEntries(
      GROUPS.map((g) => [g, rows.map((r) => dictionary.indexOf(r.sources[g]))]),
    ),
    a: Object.fromEntries(
      GROUPS.map((g) => [
        g,
        rows.map((r) => {
          const asOf = r.as_of[g];
          return asOf === null ? null : Math.round(asOf / MS_PER_SECOND);
        }),
      ]),
    ),
  };
  const bytes = storedBytes(chunk);
  if (bytes > MAX_STORED_VALUE_BYTES) {
    throw new RangeError(`a daily chunk of ${bytes} bytes exceeds ${MAX_STORED_VALUE_BYTES}`);
  }
  return chunk;
}

/** A stored value → its rows; validated, so a damaged value throws (a ZodError). */
export function decodeDailyChunk(stored: unknown): DailyRow[] {
  const chunk = dailyChunkSchema.parse(stored);
  const scaleOf = new Map(FIXED_COLUMNS.map((c) => [c.key, c.scale]));
  const keyed = (
    cols: Record<string, ([number, number, number] | null)[]>,
    i: number,
    scale: number,
  ) =>
    Object.fromEntries(
      Object.entries(cols).map(([n, col]) => [n, fromTriple(col[i] ?? null, scale)]),
    );
  return chunk.d.map((day, i) => ({
    day_ms: day * DAY_MS,
    samples: chunk.n[i] ?? 0,
    values: Object.fromEntries(
      Object.entries(chunk.c).map(([k, col]) => [
        k,
        fromTriple(col[i] ?? null, scaleOf.get(k) ?? 1),
      ]),
    ),
    venues: keyed(chunk.vn, i, VENUE_SCALE),
    chains: keyed(chunk.ch, i, CHAIN_SCALE),
    sources: byGroup((g) => chunk.src[chunk.s[g]?.[i] ?? -1] ?? []),
    as_of: byGroup((g) => {
      const seconds = chunk.a[g]?.[i] ?? null;
      return seconds === null ? null : seconds * MS_PER_SECOND;
    }),
  }));
}
