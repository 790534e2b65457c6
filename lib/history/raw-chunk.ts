/**
 * A raw chunk: up to RAW_SLOTS_PER_CHUNK samples of one coin at the sample interval, stored as one
 * value (docs/history.md, "Storage"). Columnar JSON: each column an array of integers (see
 * `./columns`), delta-encoded; sources as indices into a per-chunk dictionary of source lists;
 * as-of as seconds before the sample's `t`. Nulls stay null through every step.
 *
 * A venue or chain missing from a sample reads back as null (it did not answer: the same fact).
 * `peg_deviation_bps` is not stored: it is derived from the price (`samplePegDeviationBps`).
 */
import { z } from "zod";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import {
  CHAIN_SCALE,
  deltaDecode,
  deltaEncode,
  Dictionary,
  FIXED_COLUMNS,
  GROUPS,
  quantize,
  setPath,
  unquantize,
  VENUE_SCALE,
} from "./columns";
import { type HistorySample, historySampleSchema } from "./sample";

export const RAW_CHUNK_VERSION = 1;
/** Samples in one raw chunk: one week at the default hourly interval; bounds a chunk's bytes. */
export const RAW_SLOTS_PER_CHUNK = 168;
/** Vercel KV caps a request at 1 MB: no stored value may exceed half of it. */
export const MAX_STORED_VALUE_BYTES = 512 * 1024;

/**
 * A column is checked in one pass over the array: a market-wide read decodes thousands of them,
 * and a schema per element cost more than the decode itself. Same rule as
 * `z.array(z.number().int().nullable())` (tests/unit/history/codec.test.ts).
 */
const intColumn = z.custom<(number | null)[]>(
  (v) => Array.isArray(v) && v.every((x) => x === null || Number.isSafeInteger(x)),
  { message: "expected an array of integers or nulls" },
);
const timeColumn = z.custom<number[]>(
  (v) => Array.isArray(v) && v.every((x) => Number.isSafeInteger(x)),
  { message: "expected an array of integers" },
);
const sourceList = z.array(z.string());

export const rawChunkSchema = z.object({
  v: z.literal(RAW_CHUNK_VERSION),
  /** The first sample's time, in `tu` units (ms × tu); then the deltas. */
  tu: z.union([z.literal(1), z.literal(MS_PER_SECOND)]),
  t: timeColumn,
  src: z.array(sourceList),
  c: z.record(z.string(), intColumn),
  s: z.record(z.string(), intColumn),
  a: z.record(z.string(), intColumn),
  vn: z.record(z.string(), intColumn),
  ch: z.record(z.string(), intColumn),
});
export type RawChunk = z.infer<typeof rawChunkSchema>;

/** The JSON size of a value as the store writes it. */
export function storedBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), "utf8");
}

function keyedColumns(
  samples: readonly HistorySample[],
  recordOf: (s: HistorySample) => Readonly<Record<string, number | null>>,
  scale: number,
): Record<string, (number | null)[]> {
  const names = [...new Set(samples.flatMap((s) => Object.keys(recordOf(s))))].sort();
  return Object.fromEntries(
    names.map((n) => [n, deltaEncode(samples.map((s) => quantize(recordOf(s)[n] ?? null, scale)))]),
  );
}

/** Samples (time-ordered, one per slot) → one stored value; throws past the stored-value bound. */
export function encodeRawChunk(samples: readonly HistorySample[]): RawChunk {
  if (samples.length > RAW_SLOTS_PER_CHUNK) {
    throw new RangeError(`a raw chunk holds at most ${RAW_SLOTS_PER_CHUNK} samples`);
  }
  const tu = samples.every((s) => s.t % MS_PER_SECOND === 0) ? MS_PER_SECOND : 1;
  const dictionary = new Dictionary<string[]>();
  const chunk: RawChunk = {
    v: RAW_CHUNK_VERSION,
    tu,
    t: deltaEncode(samples.map((s) => s.t / tu)).map((d) => d ?? 0),
    src: dictionary.entries,
    c: Object.fromEntries(
      FIXED_COLUMNS.map((col) => [
        col.key,
        deltaEncode(samples.map((s) => quantize(col.get(s), col.scale))),
      ]),
    ),
    s: Object.fromEntries(
      GROUPS.map((g) => [g, samples.map((s) => dictionary.indexOf([...s[g].sources]))]),
    ),
    a: Object.fromEntries(
      GROUPS.map((g) => [
        g,
        deltaEncode(
          samples.map((s) => {
            const asOf = s[g].as_of;
            return asOf === null ? null : Math.round((s.t - asOf) / MS_PER_SECOND);
          }),
        ),
      ]),
    ),
    vn: keyedColumns(samples, (s) => s.depth_2pct_usd.venues, VENUE_SCALE),
    ch: keyedColumns(samples, (s) => s.chain_peg_bps.chains, CHAIN_SCALE),
  };
  const bytes = storedBytes(chunk);
  if (bytes > MAX_STORED_VALUE_BYTES) {
    throw new RangeError(`a raw chunk of ${bytes} bytes exceeds ${MAX_STORED_VALUE_BYTES}`);
  }
  return chunk;
}

const timesSchema = rawChunkSchema.pick({ v: true, tu: true, t: true });

/**
 * The sample times a stored chunk holds, reading only its time column (a writer checks whether
 * a slot is taken, or finds the last sample, without decoding every column); damaged: throws.
 */
export function rawChunkTimes(stored: unknown): number[] {
  const { tu, t } = timesSchema.parse(stored);
  return deltaDecode(t).map((units) => (units ?? 0) * tu);
}

const at = <T>(xs: readonly T[] | undefined, i: number): T | null => xs?.[i] ?? null;

/** A stored value → the samples it holds; validated, so a damaged value throws (a ZodError). */
export function decodeRawChunk(stored: unknown): HistorySample[] {
  const chunk = rawChunkSchema.parse(stored);
  const times = deltaDecode(chunk.t);
  const fixed = new Map(FIXED_COLUMNS.map((col) => [col.key, deltaDecode(chunk.c[col.key] ?? [])]));
  const asOfs = new Map(GROUPS.map((g) => [g, deltaDecode(chunk.a[g] ?? [])]));
  const decodeKeyed = (cols: Record<string, (number | null)[]>) =>
    Object.entries(cols).map(([n, col]) => [n, deltaDecode(col)] as const);
  const venues = decodeKeyed(chunk.vn);
  const chains = decodeKeyed(chunk.ch);
  return times.map((tUnits, i) => {
    const t = (tUnits ?? 0) * chunk.tu;
    const draft: Record<string, unknown> = { t };
    for (const g of GROUPS) {
      const secondsBefore = at(asOfs.get(g), i);
      setPath(
        draft,
        [g, "as_of"],
        secondsBefore === null ? null : t - secondsBefore * MS_PER_SECOND,
      );
      setPath(draft, [g, "sources"], chunk.src[at(chunk.s[g], i) ?? -1] ?? []);
    }
    for (const col of FIXED_COLUMNS) {
      setPath(draft, col.path, unquantize(at(fixed.get(col.key), i), col.scale));
    }
    const keyed = (cols: (readonly [string, (number | null)[]])[], scale: number) =>
      Object.fromEntries(cols.map(([n, col]) => [n, unquantize(at(col, i), scale)]));
    setPath(draft, ["depth_2pct_usd", "venues"], keyed(venues, VENUE_SCALE));
    setPath(draft, ["chain_peg_bps", "chains"], keyed(chains, CHAIN_SCALE));
    return historySampleSchema.parse(draft);
  });
}
