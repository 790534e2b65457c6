/**
 * The one reader factory: a family's reader is one `readFamily` call with its own key, schema,
 * fetch and empty rule; the request's `ReadOpts` are applied here, once. `peekFamily` is its
 * cache-only twin (copy, else stored entry; never a provider call) for inputs already paid for.
 */
import type { z } from "zod";
import { getKv } from "@/lib/kv";
import { readEntry } from "./entry-store";
import { LOCAL_REUSE_MS } from "./freshness";
import { localCopy } from "./local-state";
import { policyFor, type KeyFamily } from "./policy";
import { noteRead, type ReadOpts } from "./read-opts";
import { readThrough, type CachedRead, type ReadThroughOptions } from "./read-through";
import { readWarmCopy, warmThrough } from "./warm-through";

export type { ReadOpts } from "./read-opts";

/** One read: the family's own part, and the request's options. */
export interface FamilyRead<T> extends Pick<
  ReadThroughOptions<T>,
  "key" | "schema" | "fetch" | "isEmpty"
> {
  family: KeyFamily;
  opts?: ReadOpts;
}

export function readFamily<T>({
  family,
  opts = {},
  ...source
}: FamilyRead<T>): Promise<CachedRead<T>> {
  const options: ReadThroughOptions<T> = {
    ...source,
    kv: opts.kv ?? getKv(),
    signal: opts.signal,
    now: opts.now,
    report: opts.report,
  };
  // The scheduled refresher's reads (`lib/refresh`): same entries, refreshed ahead and awaited.
  if (opts.warm) return warmThrough(policyFor(family), options, opts.warm);
  // The history sampler's reads: what is warm, never a provider call.
  if (opts.warmOnly) return readWarmCopy(policyFor(family), options);
  return readThrough(policyFor(family), options);
}

/** A batched fill: one call per chunk; each chunk after the first spends one more budget call. */
export async function fetchChunks<R>(
  chunks: readonly (readonly string[])[],
  fetchOne: (chunk: readonly string[]) => Promise<readonly R[]>,
  spendExtraCall: () => Promise<void>,
): Promise<{ asked: string[]; results: R[] }> {
  for (let i = 1; i < chunks.length; i += 1) await spendExtraCall();
  const parts = await Promise.all(chunks.map((chunk) => fetchOne(chunk)));
  return { asked: chunks.flat(), results: parts.flat() };
}

/** The empty rule of list-valued families. */
export const isEmptyList = (value: readonly unknown[]): boolean => value.length === 0;

export interface Peeked<T> {
  value: T;
  storedAt: number;
}

const NEVER_FETCH = () => Promise.reject(new Error("peek: cache-only read"));

export async function peekFamily<T>({
  family,
  key,
  schema,
  opts = {},
}: {
  family: KeyFamily;
  key: string;
  schema: z.ZodType<T>;
  opts?: ReadOpts;
}): Promise<Peeked<T> | null> {
  const kv = opts.kv ?? getKv();
  const copy = localCopy(kv, key);
  // Keys are scoped to one reader, and a copy is kept only after its schema validated it (as
  // `served` in ./fetch-store): a peek on a hot path does not parse it again.
  if (copy && !copy.empty) return { value: copy.value as T, storedAt: copy.storedAt };
  const now = opts.now ?? Date.now;
  const entry = await readEntry({
    policy: policyFor(family),
    opts: { kv, key, schema, fetch: NEVER_FETCH },
    now,
  });
  // Another reader may store the key at any moment: an answer built without it is not kept
  // longer than the read layer waits before it looks at the store again.
  if (!entry)
    noteRead(opts.report, { settled: true, upstream: false, untilMs: now() + LOCAL_REUSE_MS });
  // `readEntry` validated it with the same schema.
  return entry ? { value: entry.value as T, storedAt: entry.storedAt } : null;
}
