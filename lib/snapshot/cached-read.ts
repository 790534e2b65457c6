/**
 * The one cached-read primitive behind every public read (snapshots, live provider data, the
 * supply aggregate):
 *
 *   cache hit (fresh)  → served, zero provider calls
 *   miss               → one coalesced upstream read per key, stored only when non-empty
 *   upstream failure   → the last good copy (if kept and allowed) flagged stale, else the error
 *   KV down / garbage  → bypassed: served straight from the provider, still coalesced
 *   other instances    → a short distributed lock makes one upstream read across instances; the
 *                        lock's taker looks at the entry once more before reading upstream
 *   repeated failures  → a short in-memory backoff per key (never written to the cache)
 *   warm repeats       → a value the store confirmed is reused in-process for `READ_MEMO_MS`
 *
 * Empty and failed results are never written. Keys are built by callers from query ids or
 * registry ids only — never from a user's raw input, a wallet or an asset selector.
 */
import type { z } from "zod";
import { KvError, type KvStore } from "@/lib/kv/types";
import { isProviderError } from "@/lib/providers/errors";
import { telemetry } from "@/lib/telemetry";
import { assertNotBackingOff, BackoffOpenError, recordFailure, recordSuccess } from "./backoff";
import { Coalescer } from "./coalesce";
import { acquireLock, releaseLock, waitForHolder } from "./lock";
import { readMemo } from "./read-memo";

export const CACHE_ENTRY_VERSION = 1;

interface CacheEntry {
  v: typeof CACHE_ENTRY_VERSION;
  storedAt: number;
  value: unknown;
}

export class EmptyResultError extends Error {
  constructor(readonly scope: string) {
    super(`${scope}: upstream returned an empty result`);
    this.name = "EmptyResultError";
  }
}

export interface CachedReadOptions<T> {
  kv: KvStore;
  /** Telemetry scope, e.g. `snapshot:breakdown`, `live:coingecko`, `aggregate`. */
  scope: string;
  key: string;
  /** Served from cache with no provider call while younger than this. */
  freshSeconds: number;
  /** KV TTL; past `freshSeconds` an entry is only a stale fallback. Defaults to fresh. */
  retainSeconds?: number;
  /** Validates what comes back from the cache (garbage → treated as a miss). */
  schema: z.ZodType<T>;
  fetch: () => Promise<T>;
  isEmpty?: (value: T) => boolean;
  signal?: AbortSignal;
  now?: () => number;
}

export interface CachedRead<T> {
  value: T;
  source: "cache" | "upstream" | "stale";
  /** When the value was fetched from upstream (ms since epoch). */
  storedAt: number;
  /** Upstream error behind a stale answer. */
  error?: unknown;
}

const coalescers = new Map<string, Coalescer>();
function coalescerFor(scope: string): Coalescer {
  let c = coalescers.get(scope);
  if (!c) {
    c = new Coalescer(scope);
    coalescers.set(scope, c);
  }
  return c;
}

interface StoreState {
  /** The store just timed out or is unreachable: skip it for the rest of this read. */
  down: boolean;
  /** The entry could not be read (any store error): a copy may still be there. */
  readFailed: boolean;
}

async function readEntry<T>(
  opts: CachedReadOptions<T>,
  store?: StoreState,
): Promise<{ value: T; storedAt: number } | undefined> {
  let raw: unknown;
  try {
    raw = await opts.kv.get(opts.key);
  } catch (e) {
    telemetry.recordCache(opts.scope, "error");
    if (store) store.readFailed = true;
    // A stalled store would make the lock and the write wait out their own budgets too. Garbage
    // (`corrupt`) is different: the store works, and the next good answer must overwrite it.
    if (store && e instanceof KvError && (e.kind === "timeout" || e.kind === "unavailable"))
      store.down = true;
    return undefined;
  }
  if (raw === undefined || raw === null) return undefined;
  const entry = raw as Partial<CacheEntry>;
  if (
    typeof entry !== "object" ||
    entry.v !== CACHE_ENTRY_VERSION ||
    typeof entry.storedAt !== "number"
  ) {
    telemetry.recordCache(opts.scope, "error");
    return undefined;
  }
  const parsed = opts.schema.safeParse(entry.value);
  if (!parsed.success) {
    telemetry.recordCache(opts.scope, "error");
    return undefined;
  }
  return { value: parsed.data, storedAt: entry.storedAt };
}

/** True when the store took the entry. */
async function writeEntry<T>(
  opts: CachedReadOptions<T>,
  value: T,
  storedAt: number,
): Promise<boolean> {
  const entry: CacheEntry = { v: CACHE_ENTRY_VERSION, storedAt, value };
  try {
    await opts.kv.set(opts.key, entry, opts.retainSeconds ?? opts.freshSeconds);
    telemetry.recordCache(opts.scope, "write");
    return true;
  } catch {
    telemetry.recordCache(opts.scope, "error");
    return false;
  }
}

async function freshEntry<T>(
  opts: CachedReadOptions<T>,
  isFresh: (e: { storedAt: number }) => boolean,
): Promise<{ value: T; storedAt: number } | undefined> {
  const e = await readEntry(opts);
  return e && isFresh(e) ? e : undefined;
}

function retryAfterMs(error: unknown): number | undefined {
  return isProviderError(error) && error.retryAfterSeconds !== undefined
    ? error.retryAfterSeconds * 1000
    : undefined;
}

async function readThrough<T>(
  opts: CachedReadOptions<T>,
  cached: { value: T; storedAt: number } | undefined,
  now: () => number,
  store: StoreState,
): Promise<CachedRead<T>> {
  const isFresh = (e: { storedAt: number }) => now() - e.storedAt < opts.freshSeconds * 1000;
  // Store down: no lock (availability first, as for any lock error) and no write.
  const lock = store.down ? "skipped" : await acquireLock(opts.kv, opts.key);
  try {
    // Lock taken: another instance may have written the entry and released the lock between our
    // miss and our lock (a late starter), so look once more before reading upstream. Held by
    // another caller: wait (bounded) for its entry.
    const shared =
      lock === "acquired"
        ? await freshEntry(opts, isFresh)
        : lock === "held"
          ? await waitForHolder(opts.kv, opts.key, () => freshEntry(opts, isFresh))
          : undefined;
    if (shared) {
      telemetry.recordCache(opts.scope, "coalesced");
      readMemo().set(opts.kv, opts.key, shared.value, shared.storedAt, now());
      return { value: shared.value, source: "cache", storedAt: shared.storedAt };
    }
    assertNotBackingOff(opts.key, now());
    const value = await opts.fetch();
    if (opts.isEmpty?.(value)) throw new EmptyResultError(opts.scope);
    recordSuccess(opts.key);
    const storedAt = now();
    if (store.down) telemetry.recordCache(opts.scope, "bypass");
    else if (await writeEntry(opts, value, storedAt))
      readMemo().set(opts.kv, opts.key, value, storedAt, now());
    return { value, source: "upstream", storedAt };
  } catch (thrown) {
    const error = thrown instanceof BackoffOpenError ? thrown.lastError : thrown;
    if (!(thrown instanceof BackoffOpenError))
      recordFailure(opts.key, error, now(), retryAfterMs(error));
    // The upstream failed and the first read of the entry did too (a KV hiccup): look once more
    // before failing, so a transient store error cannot hide a good copy (failure path only).
    if (!cached && store.readFailed) {
      cached = await readEntry(opts);
      if (cached && isFresh(cached)) {
        telemetry.recordCache(opts.scope, "hit");
        return { value: cached.value, source: "cache", storedAt: cached.storedAt };
      }
    }
    if (cached) {
      telemetry.recordCache(opts.scope, "stale");
      return { value: cached.value, source: "stale", storedAt: cached.storedAt, error };
    }
    throw error;
  } finally {
    if (lock === "acquired") await releaseLock(opts.kv, opts.key);
  }
}

export function cachedRead<T>(opts: CachedReadOptions<T>): Promise<CachedRead<T>> {
  const now = opts.now ?? Date.now;
  const isFresh = (storedAt: number) => now() - storedAt < opts.freshSeconds * 1000;
  const memo = readMemo().get(opts.kv, opts.key, now());
  if (memo && isFresh(memo.storedAt)) {
    telemetry.recordCache(opts.scope, "memo");
    // Validated when it was memoized (same schema: keys are scoped to one reader each).
    return Promise.resolve({ value: memo.value as T, source: "cache", storedAt: memo.storedAt });
  }
  // The shared work takes no caller signal: one caller's abort never cancels it.
  return coalescerFor(opts.scope).run(
    opts.key,
    async (): Promise<CachedRead<T>> => {
      const store: StoreState = { down: false, readFailed: false };
      const cached = await readEntry(opts, store);
      if (cached && isFresh(cached.storedAt)) {
        telemetry.recordCache(opts.scope, "hit");
        readMemo().set(opts.kv, opts.key, cached.value, cached.storedAt, now());
        return { value: cached.value, source: "cache", storedAt: cached.storedAt };
      }
      telemetry.recordCache(opts.scope, "miss");
      return readThrough(opts, cached, now, store);
    },
    opts.signal,
  );
}
