/**
 * The one reader factory: every key family's reader (`./live`, `./history`, `./coin-detail`,
 * `./snapshots`) is one call of `readFamily` with what is its own — the family (its policy row
 * in `./policy`), the key (built from resolved ids only), the schema of a stored entry, the fetch
 * and the empty rule — while the request's `ReadOpts` (store, abort signal, clock, report) are
 * applied here, once.
 */
import { getKv } from "@/lib/kv";
import { policyFor, type KeyFamily } from "./policy";
import type { ReadOpts } from "./read-opts";
import { readThrough, type CachedRead, type ReadThroughOptions } from "./read-through";
import { readWarmCopy } from "./peek";
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
  // The history sampler's reads: what is warm, never a provider call.
  if (opts.warmOnly) return readWarmCopy(policyFor(family), options);
  return readThrough(policyFor(family), options);
}

/**
 * A batched fill: one provider call per chunk of the list, all at once. The fill itself paid for
 * the first; each further chunk spends one more call of the budget before any is made.
 */
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
