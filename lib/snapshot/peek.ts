/**
 * Cache-only reads: a key's stored value (this process' copy, else the store's entry), fresh or
 * stale, and never a provider call. For inputs a builder uses only when something else already
 * paid for them (the market-wide depeg log reads every coin's cached hourly series this way, so
 * rebuilding it costs no per-coin call). `readWarmCopy`: the same for every reader of a warm-only
 * read (`ReadOpts.warmOnly`, the history sampler), and only within the key's fresh time.
 */
import type { z } from "zod";
import { getKv } from "@/lib/kv";
import { readEntry, type ReadThroughOptions } from "./entry-store";
import { keep, served } from "./fetch-store";
import { entryState, LOCAL_REUSE_MS } from "./freshness";
import { localCopy } from "./local-state";
import { policyFor, type KeyFamily, type ReadPolicy } from "./policy";
import { NotWarmError } from "./read-errors";
import { noteRead, type ReadOpts } from "./read-opts";
import type { CachedRead } from "./read-through";

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
  if (copy && !copy.empty) {
    const parsed = schema.safeParse(copy.value);
    if (parsed.success) return { value: parsed.data, storedAt: copy.storedAt };
  }
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

/**
 * A warm-only read: this process' copy, else the store's entry (kept locally for the next
 * reader), served only while within its fresh time; anything else throws `NotWarmError`. Never a
 * provider call, a marker or a cooldown: what the refresher did not keep warm is not measured.
 */
export async function readWarmCopy<T>(
  policy: ReadPolicy,
  opts: ReadThroughOptions<T>,
): Promise<CachedRead<T>> {
  const now = opts.now ?? Date.now;
  const ctx = { policy, opts, now };
  let copy = localCopy(opts.kv, opts.key);
  if (entryState(copy, policy, now()) !== "fresh") {
    const entry = await readEntry(ctx);
    if (entry && (!copy || entry.storedAt >= copy.storedAt)) copy = keep(ctx, entry, now());
  }
  const state = entryState(copy, policy, now());
  noteRead(opts.report, { settled: true, upstream: false });
  if (!copy || state === "stale" || state === "expired") throw new NotWarmError(policy.family);
  return served<T>(copy, "fresh");
}
