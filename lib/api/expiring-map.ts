/**
 * A small bounded map whose entries go stale, then expire: the storage behind the response memo
 * (`./response-memo`). Time is passed in (`nowMs`), so callers and tests choose the clock. An
 * entry is fresh for `ttlMs` after it was set, stale for `graceMs` more, then gone; one read with
 * a clock earlier than when it was set (a clock that went backwards) counts as expired. At most
 * `maxEntries` keys: the oldest set is dropped first.
 */
export interface Looked<V> {
  value: V;
  /** Past `ttlMs` but inside the grace window. */
  stale: boolean;
}

export class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; setMs: number }>();

  constructor(
    readonly ttlMs: number,
    readonly maxEntries: number,
    readonly graceMs = 0,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  lookup(key: string, nowMs: number): Looked<V> | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    const ageMs = nowMs - e.setMs;
    if (ageMs < 0 || ageMs >= this.ttlMs + this.graceMs) {
      this.entries.delete(key);
      return undefined;
    }
    return { value: e.value, stale: ageMs >= this.ttlMs };
  }

  /** Keeps `value` from `nowMs`; with a zero TTL nothing is kept. */
  set(key: string, value: V, nowMs: number): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, setMs: nowMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
