/**
 * A short, in-memory backoff per cache key, so a provider that fails fast under sustained load
 * is not hammered (retry-storm protection). It is deliberately NOT the cache: the spec says
 * errors are never cached, and nothing here is written to the KV store or outlives the process.
 *
 * After `BACKOFF_FAILURE_THRESHOLD` consecutive failures of one key, further upstream reads of
 * that key are skipped for an open period (`BACKOFF_BASE_MS` doubling per extra failure, capped
 * at `BACKOFF_MAX_MS`, or the upstream's `Retry-After` within that cap). The first read after
 * the period is a normal attempt: success closes the breaker at once. A single failure followed
 * by a good answer is never delayed.
 */
export const BACKOFF_FAILURE_THRESHOLD = 3;
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 10_000;
/** Bound on tracked keys; the oldest entry is dropped past it. */
export const BACKOFF_MAX_KEYS = 1_000;

interface KeyState {
  failures: number;
  openUntil: number;
  lastError: unknown;
}

export class BackoffOpenError extends Error {
  constructor(
    readonly key: string,
    readonly retryInMs: number,
    readonly lastError: unknown,
  ) {
    super("upstream reads of this key are backing off after repeated failures");
    this.name = "BackoffOpenError";
  }
}

const states = new Map<string, KeyState>();

/** Throws `BackoffOpenError` while the key's breaker is open. */
export function assertNotBackingOff(key: string, now: number): void {
  const s = states.get(key);
  if (s && s.openUntil > now) throw new BackoffOpenError(key, s.openUntil - now, s.lastError);
}

export function recordSuccess(key: string): void {
  states.delete(key);
}

export function recordFailure(
  key: string,
  error: unknown,
  now: number,
  retryAfterMs?: number,
): void {
  const s = states.get(key) ?? { failures: 0, openUntil: 0, lastError: error };
  s.failures += 1;
  s.lastError = error;
  if (s.failures >= BACKOFF_FAILURE_THRESHOLD) {
    const exponential = BACKOFF_BASE_MS * 2 ** (s.failures - BACKOFF_FAILURE_THRESHOLD);
    const wait = Math.min(BACKOFF_MAX_MS, Math.max(exponential, retryAfterMs ?? 0));
    s.openUntil = now + wait;
  }
  states.delete(key);
  states.set(key, s);
  if (states.size > BACKOFF_MAX_KEYS) {
    const oldest = states.keys().next().value;
    if (oldest !== undefined) states.delete(oldest);
  }
}

export function backoffSize(): number {
  return states.size;
}

export function resetBackoffForTests(): void {
  states.clear();
}
