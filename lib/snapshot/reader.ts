/**
 * The one reader factory: a family's reader is one `readFamily` call with its own key, schema,
 * fetch and empty rule; the request's `ReadOpts` are applied here, once.
 */
import { getKv } from "@/lib/kv";
import { policyFor, type KeyFamily } from "./policy";
import type { ReadOpts } from "./read-opts";
import { readThrough, type CachedRead, type ReadThroughOptions } from "./read-through";
import { warmThrough } from "./warm-through";

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
