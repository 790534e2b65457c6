/**
 * Cross-instance coalescing: a short distributed lock (set-if-absent with expiry) per cache
 * key, so several instances sharing one store make one upstream read between them. A waiter
 * polls the cache for a bounded time; if the holder dies (lock expires) or fails (releases
 * without writing), the waiter reads directly. Any store error skips the lock: availability
 * first.
 */
import { randomUUID } from "node:crypto";
import type { KvStore } from "@/lib/kv/types";

export const LOCK_TTL_SECONDS = 5;
export const LOCK_WAIT_MAX_MS = 3_000;
export const LOCK_POLL_MS = 50;

const INSTANCE_ID = randomUUID();
export const lockKey = (key: string) => `lock:${key}`;

/**
 * `acquired`: this caller holds the lock. `held`: another caller does. `skipped`: the store could
 * not be asked (any error): go ahead without the lock, availability first.
 */
export type LockOutcome = "acquired" | "held" | "skipped";

export async function acquireLock(kv: KvStore, key: string): Promise<LockOutcome> {
  try {
    return (await kv.setIfAbsent(lockKey(key), INSTANCE_ID, LOCK_TTL_SECONDS))
      ? "acquired"
      : "held";
  } catch {
    return "skipped";
  }
}

export async function releaseLock(kv: KvStore, key: string): Promise<void> {
  try {
    await kv.delete(lockKey(key));
  } catch {
    // The lock expires on its own.
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Wait until `read()` yields a value, the lock is gone, or the wait budget is spent.
 * Returns the value, or undefined when the caller should read upstream itself.
 */
export async function waitForHolder<T>(
  kv: KvStore,
  key: string,
  read: () => Promise<T | undefined>,
  now: () => number = Date.now,
): Promise<T | undefined> {
  const deadline = now() + LOCK_WAIT_MAX_MS;
  while (now() < deadline) {
    await sleep(LOCK_POLL_MS);
    const v = await read();
    if (v !== undefined) return v;
    let held: unknown;
    try {
      held = await kv.get(lockKey(key));
    } catch {
      return undefined;
    }
    if (held === undefined || held === null) return read();
  }
  return undefined;
}
