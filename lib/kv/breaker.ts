/**
 * The one store-health breaker: after a store operation times out or finds the store unreachable,
 * every user of that store (read layer, call budgets, client limiter) leaves it alone for
 * `STORE_REST_MS`, so an outage costs one slow call per process per interval, not one per key.
 */
import { KvError } from "./types";

export const STORE_REST_MS = 1_000;

const GLOBAL_SLOT = Symbol.for("stablecoin-intel.store-breaker");
type GlobalWithBreaker = typeof globalThis & { [GLOBAL_SLOT]?: WeakMap<object, number> };

function downUntil(): WeakMap<object, number> {
  const slot = globalThis as GlobalWithBreaker;
  slot[GLOBAL_SLOT] ??= new WeakMap();
  return slot[GLOBAL_SLOT];
}

/** Pure: resting until `downUntilMs`; a clock that went backwards never lengthens the rest. */
export function storeResting(downUntilMs: number | undefined, nowMs: number): boolean {
  if (downUntilMs === undefined) return false;
  const leftMs = downUntilMs - nowMs;
  return leftMs > 0 && leftMs <= STORE_REST_MS;
}

export function storeDown(store: object, nowMs: number): boolean {
  return storeResting(downUntil().get(store), nowMs);
}

export function markStoreDown(store: object, nowMs: number): void {
  downUntil().set(store, nowMs + STORE_REST_MS);
}

/** A timeout or an unreachable store (not a corrupt value or a refused write). */
export function isStoreOutage(error: unknown): boolean {
  return error instanceof KvError && (error.kind === "timeout" || error.kind === "unavailable");
}

/** Tests and scripts: every store healthy again. */
export function forgetStoreHealth(): void {
  (globalThis as GlobalWithBreaker)[GLOBAL_SLOT] = new WeakMap();
}
