/**
 * What this process remembers between reads, for the read-through module only
 * (`./read-through`): its last validated copy of each entry, the keys being filled or refreshed
 * (single-flight), and each key's consecutive failures (cooldown).
 *
 * - A copy is served only under the same policy decision as the store's entry would be
 *   (`entryState`), and re-checked against the store every `LOCAL_REUSE_MS` by one request, so
 *   another instance's newer write (or a flushed store) is seen about a second later.
 * - Copies are tied to the store they came from (tests and scripts swap stores), immutable by
 *   contract (deep-frozen outside production, see `keepCopy`), and capped (`LOCAL_MAX_ENTRIES`,
 *   oldest first).
 * - It lives on `globalThis` so every route bundle of this process shares one state.
 */
import type { KvStore } from "@/lib/kv/types";
import type { FailureRecord } from "./freshness";

/** Upper bound on kept copies and failure records (the registry needs a few dozen keys). */
export const LOCAL_MAX_ENTRIES = 512;

export interface LocalCopy {
  kv: KvStore;
  value: unknown;
  storedAt: number;
  empty: boolean;
  checkedAt: number;
  /** The last refresh failed with this (served alongside the stale copy). */
  error?: unknown;
}

interface State {
  copies: Map<string, LocalCopy>;
  failures: Map<string, FailureRecord & { error: unknown }>;
  /** Foreground fills (the miss path): concurrent callers share one promise. */
  fills: Map<string, Promise<unknown>>;
  /** Background refreshes in flight. */
  refreshing: Map<string, Promise<void>>;
  /** A store that just timed out or was unreachable: until when copies are not re-checked. */
  storeDownUntil: WeakMap<KvStore, number>;
}

const GLOBAL_SLOT = Symbol.for("stablecoin-intel.read-through");
type GlobalWithState = typeof globalThis & { [GLOBAL_SLOT]?: State };

export function localState(): State {
  const slot = globalThis as GlobalWithState;
  slot[GLOBAL_SLOT] ??= {
    copies: new Map(),
    failures: new Map(),
    fills: new Map(),
    refreshing: new Map(),
    storeDownUntil: new WeakMap(),
  };
  return slot[GLOBAL_SLOT];
}

function capped<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  while (map.size >= LOCAL_MAX_ENTRIES) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
  map.set(key, value);
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

export function localCopy(kv: KvStore, key: string): LocalCopy | undefined {
  const copy = localState().copies.get(key);
  return copy && copy.kv === kv ? copy : undefined;
}

/**
 * Copies are shared between requests, so nothing may change one in place. Outside production
 * they are deep-frozen, so a consumer that tried would throw in tests and development; in
 * production freezing is skipped: frozen arrays halved warm intel's throughput
 * (docs/read-layer.md).
 */
const FREEZE_COPIES = process.env.NODE_ENV !== "production";

export function keepCopy(key: string, copy: LocalCopy): void {
  if (FREEZE_COPIES) deepFreeze(copy.value);
  capped(localState().copies, key, copy);
}

export function markStoreDown(kv: KvStore, untilMs: number): void {
  localState().storeDownUntil.set(kv, untilMs);
}

export function storeDownUntil(kv: KvStore): number | undefined {
  return localState().storeDownUntil.get(kv);
}

export function failuresOf(key: string): (FailureRecord & { error: unknown }) | undefined {
  return localState().failures.get(key);
}

export function recordFailure(key: string, error: unknown, nowMs: number): FailureRecord {
  const previous = localState().failures.get(key);
  const next = { count: (previous?.count ?? 0) + 1, lastAtMs: nowMs, error };
  capped(localState().failures, key, next);
  return next;
}

export function recordSuccess(key: string): void {
  localState().failures.delete(key);
}

/** Keys currently cooling down or failing, for tests and health. */
export function failingKeys(): number {
  return localState().failures.size;
}

/** Resolves once every background refresh started so far has finished (tests, scripts). */
export async function refreshesSettled(): Promise<void> {
  await Promise.all([...localState().refreshing.values()]);
}

/**
 * Tests and scripts that change the store behind the app's back (planting, corrupting or
 * deleting an entry) call this, as if this process had just started.
 */
export function forgetLocalState(): void {
  const s = localState();
  s.copies.clear();
  s.failures.clear();
  s.storeDownUntil = new WeakMap();
}
