/**
 * Cache-only reads (copy, else stored entry; never a provider call) of inputs something else
 * already paid for.
 */
import type { z } from "zod";
import { getKv } from "@/lib/kv";
import { readEntry } from "./entry-store";
import { LOCAL_REUSE_MS } from "./freshness";
import { localCopy } from "./local-state";
import { policyFor, type KeyFamily } from "./policy";
import { noteRead, type ReadOpts } from "./read-opts";

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
