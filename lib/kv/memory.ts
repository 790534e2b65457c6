/**
 * In-process KV for tests: values are stored JSON-encoded (so callers get copies, exactly as
 * with a real store), TTLs follow an injectable clock, and failures can be simulated.
 */
import { getConfig } from "@/lib/config";

import {
  assertKey,
  closedError,
  counterValue,
  decodeValue,
  encodeValue,
  ttlToMs,
  withBudget,
  type Clock,
} from "./shared";
import { KvError, type KvErrorKind, type KvStore } from "./types";

const DRIVER = "memory";
/** Expired entries are swept every this many writes (reads prune the key they touch). */
const SWEEP_EVERY_WRITES = 100;

export interface MemoryKvOptions {
  now?: Clock;
  timeoutMs?: number;
}

interface Entry {
  raw: string;
  expiresAt: number;
}

export class MemoryKv implements KvStore {
  readonly driver = DRIVER;
  readonly #entries = new Map<string, Entry>();
  readonly #now: Clock;
  readonly #timeoutMs: number;
  #writes = 0;
  #closed = false;
  #failure: KvErrorKind | undefined;

  constructor(options: MemoryKvOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#timeoutMs = options.timeoutMs ?? getConfig().kvTimeoutMs;
  }

  /** Test hook: every following operation fails with this kind (`undefined` to stop). */
  simulateFailure(kind: KvErrorKind | undefined): void {
    this.#failure = kind;
  }

  /** Test hook: store a raw (possibly non-JSON) string under a key, to exercise `corrupt`. */
  setRaw(key: string, raw: string, ttlSeconds: number): void {
    this.#entries.set(key, { raw, expiresAt: this.#now() + ttlToMs(DRIVER, ttlSeconds) });
  }

  /** Number of entries held, expired ones included until pruned (for sweep tests). */
  get size(): number {
    return this.#entries.size;
  }

  get<T = unknown>(key: string): Promise<T | undefined> {
    return this.#run("get", key, () => {
      const entry = this.#live(key);
      return entry === undefined ? undefined : decodeValue<T>(DRIVER, entry.raw);
    });
  }

  set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    return this.#run("set", key, () => {
      this.#write(key, encodeValue(DRIVER, value), ttlToMs(DRIVER, ttlSeconds));
    });
  }

  delete(key: string): Promise<void> {
    return this.#run("delete", key, () => {
      this.#entries.delete(key);
    });
  }

  setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    return this.#run("setIfAbsent", key, () => {
      const raw = encodeValue(DRIVER, value);
      const ttlMs = ttlToMs(DRIVER, ttlSeconds);
      if (this.#live(key) !== undefined) return false;
      this.#write(key, raw, ttlMs);
      return true;
    });
  }

  incr(key: string, ttlSeconds: number): Promise<number> {
    return this.#run("incr", key, () => {
      const ttlMs = ttlToMs(DRIVER, ttlSeconds);
      const entry = this.#live(key);
      const count = entry === undefined ? 1 : counterValue(DRIVER, entry.raw) + 1;
      const expiresAt = entry?.expiresAt ?? this.#now() + ttlMs;
      this.#entries.set(key, { raw: String(count), expiresAt });
      return count;
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#entries.clear();
  }

  #run<T>(op: string, key: string, body: () => T): Promise<T> {
    return withBudget(DRIVER, op, this.#timeoutMs, unexpected, async () => {
      if (this.#closed) throw closedError(DRIVER);
      if (this.#failure) throw new KvError(this.#failure, DRIVER, `simulated ${this.#failure}`);
      assertKey(DRIVER, key);
      return body();
    });
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #write(key: string, raw: string, ttlMs: number): void {
    this.#entries.set(key, { raw, expiresAt: this.#now() + ttlMs });
    this.#writes += 1;
    if (this.#writes % SWEEP_EVERY_WRITES === 0) this.#sweep();
  }

  #sweep(): void {
    const now = this.#now();
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt <= now) this.#entries.delete(key);
    }
  }
}

function unexpected(error: unknown): KvError {
  return new KvError("unavailable", DRIVER, "unexpected memory store failure", { cause: error });
}
