/**
 * A short in-process memo of validated cache entries, in front of the KV store.
 *
 * A warm request reads about a dozen entries (the aggregate list alone is ~200 kB of JSON); each
 * read is a store round trip, a JSON parse and a shape check. Within `READ_MEMO_MS` of the last
 * confirmed read of a key, this process reuses the value it already parsed instead
 * (docs/performance.md, issue "Performance and scale"). What it can change, and what it cannot:
 *
 * - Freshness is still judged against the entry's own `storedAt` and the caller's fresh window:
 *   a memoized value is served only while it would also be served from the store.
 * - Another instance's newer write is seen at most `READ_MEMO_MS` later than without the memo.
 * - Only values confirmed by the store are kept: a fresh hit, an entry this process wrote, or one
 *   another instance wrote while we waited on its lock. Stale copies, bypassed reads (store down)
 *   and failures are never memoized.
 * - Keys come from registry ids and fixed parameters only (never user input) and the map is
 *   capped (`READ_MEMO_MAX_ENTRIES`, oldest dropped first), so it cannot grow without bound.
 * - Values are deep-frozen when memoized: they are shared between requests, and a consumer that
 *   tried to modify one in place would throw instead of corrupting the next request's answer.
 *
 * The memo lives on `globalThis` so every route bundle and page in this process shares one map.
 */
import type { KvStore } from "@/lib/kv/types";
import { ExpiringMap } from "./expiring-map";

/** How long a confirmed read is reused without asking the store again. */
export const READ_MEMO_MS = 1_000;
/** Upper bound on memoized keys (the registry needs a few dozen). */
export const READ_MEMO_MAX_ENTRIES = 256;

interface MemoEntry {
  /** The store the value was confirmed in: a different store (tests, scripts) never matches. */
  kv: KvStore;
  value: unknown;
  storedAt: number;
}

export interface MemoHit {
  value: unknown;
  storedAt: number;
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

export class ReadMemo {
  private readonly entries: ExpiringMap<MemoEntry>;

  constructor(ttlMs: number = READ_MEMO_MS, maxEntries: number = READ_MEMO_MAX_ENTRIES) {
    this.entries = new ExpiringMap(ttlMs, maxEntries);
  }

  get size(): number {
    return this.entries.size;
  }

  get(kv: KvStore, key: string, nowMs: number): MemoHit | undefined {
    const e = this.entries.get(key, nowMs);
    if (!e || e.kv !== kv) return undefined;
    return { value: e.value, storedAt: e.storedAt };
  }

  set(kv: KvStore, key: string, value: unknown, storedAt: number, nowMs: number): void {
    if (this.entries.ttlMs <= 0) return;
    deepFreeze(value);
    this.entries.set(key, { kv, value, storedAt }, nowMs);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

const GLOBAL_SLOT = Symbol.for("stablecoin-intel.read-memo");
type GlobalWithMemo = typeof globalThis & { [GLOBAL_SLOT]?: ReadMemo };

/** The process-wide memo. */
export function readMemo(): ReadMemo {
  const slot = globalThis as GlobalWithMemo;
  slot[GLOBAL_SLOT] ??= new ReadMemo();
  return slot[GLOBAL_SLOT];
}

/**
 * Tests and scripts that write the store behind the app's back (planting or corrupting an entry)
 * call this so the next read goes to the store. Replacing the store (`setKvForTests`,
 * `resetKvForTests`) needs nothing: entries only match the store instance they were confirmed in.
 */
export function clearReadMemo(): void {
  readMemo().clear();
}
