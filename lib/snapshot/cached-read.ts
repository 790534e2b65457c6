/**
 * Transitional entry point for branches written against the previous read layer: the option
 * shape of the old `cachedRead`, served by the one read-through module (`./read-through`).
 * New key families add a row to `./policy` and call `readThrough(policyFor(family), …)` instead;
 * the lead re-points callers of this adapter there when merging (docs/read-layer.md).
 *
 * Kept semantics: an empty answer (`isEmpty`) is never stored and rejects with
 * `EmptyResultError`; the KV TTL is `retainSeconds` (defaults to fresh: no stale window).
 */
import type { z } from "zod";
import type { KvStore } from "@/lib/kv/types";
import { readThrough, type CachedRead } from "./read-through";
import { policyFor, type PolicyProvider } from "./policy";

export type { CachedRead } from "./read-through";

/** The old name of an empty answer's rejection. */
export { EmptyAnswerError as EmptyResultError } from "./read-through";

export interface CachedReadOptions<T> {
  kv: KvStore;
  /** Telemetry scope, e.g. `live:coingecko`. */
  scope: string;
  key: string;
  freshSeconds: number;
  /** KV TTL; past `freshSeconds` an entry is served stale while one refresh runs. */
  retainSeconds?: number;
  schema: z.ZodType<T>;
  fetch: () => Promise<T>;
  isEmpty?: (value: T) => boolean;
  /** Whose call budget a read spends (none when absent). */
  provider?: PolicyProvider;
  signal?: AbortSignal;
  now?: () => number;
}

export function cachedRead<T>(opts: CachedReadOptions<T>): Promise<CachedRead<T>> {
  const base = policyFor("live:quotes");
  return readThrough(
    {
      family: opts.scope,
      freshSeconds: opts.freshSeconds,
      graceSeconds: opts.retainSeconds ?? opts.freshSeconds,
      empty: { kind: "failure" },
      lockBudgetMs: base.lockBudgetMs,
      provider: opts.provider ?? "defillama",
    },
    opts,
  );
}
