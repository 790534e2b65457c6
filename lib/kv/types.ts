/**
 * The one key-value interface every driver implements (file, redis, vercel-kv, memory).
 * Values are JSON-serialisable. Every operation has a time budget; a down, slow or
 * garbage-holding store raises `KvError`, which callers catch and bypass (never a 500).
 */
export interface KvStore {
  readonly driver: "file" | "redis" | "vercel-kv" | "memory";
  /** `undefined` when absent or expired. Garbage under the key → `KvError` of kind `corrupt`. */
  get<T = unknown>(key: string): Promise<T | undefined>;
  /** Set with a TTL in seconds (> 0). */
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Atomic set-if-absent with TTL; true when this call set the key (a lock was taken). */
  setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean>;
  /**
   * Atomic counter: adds one and returns the new count. A new counter lives `ttlSeconds`; an
   * existing one keeps its expiry (a fixed window, never extended by later increments).
   */
  incr(key: string, ttlSeconds: number): Promise<number>;
  /** Releases connections/timers; safe to call twice. */
  close(): Promise<void>;
}

export type KvErrorKind = "timeout" | "unavailable" | "corrupt" | "rejected";

export class KvError extends Error {
  constructor(
    readonly kind: KvErrorKind,
    readonly driver: KvStore["driver"],
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "KvError";
  }
}
