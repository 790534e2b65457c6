/**
 * A pass-through store that counts how every operation the service issued settled: answered,
 * failed with a classified `KvError` (by kind), failed with anything else, or still pending.
 * The cache-fault suite asserts on these counts instead of wall-clock times: a store fault
 * must surface as a classified error the read layer bypasses (the driver's per-operation
 * budget ends it), never as an unclassified throw or an operation that never settles.
 */
import { KvError, type KvErrorKind, type KvStore } from "@/lib/kv/types";

export interface KvOutcomeCounts {
  started: number;
  answered: number;
  failed: Partial<Record<KvErrorKind, number>>;
  unclassified: number;
  pending: number;
}

const emptyCounts = (): KvOutcomeCounts => ({
  started: 0,
  answered: 0,
  failed: {},
  unclassified: 0,
  pending: 0,
});

export class ObservedKv implements KvStore {
  #counts = emptyCounts();
  constructor(readonly inner: KvStore) {}

  get driver() {
    return this.inner.driver;
  }
  /** The counts since the last call, then starts counting afresh (pending ones carry over). */
  take(): KvOutcomeCounts {
    const taken = { ...this.#counts, failed: { ...this.#counts.failed } };
    this.#counts = { ...emptyCounts(), pending: this.#counts.pending };
    return taken;
  }
  get pending(): number {
    return this.#counts.pending;
  }

  get<T = unknown>(key: string): Promise<T | undefined> {
    return this.#watch(() => this.inner.get<T>(key));
  }
  set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    return this.#watch(() => this.inner.set(key, value, ttlSeconds));
  }
  delete(key: string): Promise<void> {
    return this.#watch(() => this.inner.delete(key));
  }
  setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    return this.#watch(() => this.inner.setIfAbsent(key, value, ttlSeconds));
  }
  incr(key: string, ttlSeconds: number): Promise<number> {
    return this.#watch(() => this.inner.incr(key, ttlSeconds));
  }
  close(): Promise<void> {
    return this.inner.close();
  }

  async #watch<T>(op: () => Promise<T>): Promise<T> {
    this.#counts.started += 1;
    this.#counts.pending += 1;
    try {
      const value = await op();
      this.#counts.answered += 1;
      return value;
    } catch (error) {
      if (error instanceof KvError) {
        this.#counts.failed[error.kind] = (this.#counts.failed[error.kind] ?? 0) + 1;
      } else {
        this.#counts.unclassified += 1;
      }
      throw error;
    } finally {
      this.#counts.pending -= 1;
    }
  }
}
