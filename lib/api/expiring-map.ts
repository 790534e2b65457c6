/**
 * A small bounded map whose entries expire: the storage behind the response memo
 * (`./response-memo`). Time is passed in (`nowMs`), so callers and tests choose the clock. An
 * entry lives for `ttlMs` after it was set; one read with a clock earlier than when it was set
 * (a clock that went backwards) counts as expired. At most `maxEntries` keys: the oldest set is
 * dropped first.
 */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; setMs: number }>();

  constructor(
    readonly ttlMs: number,
    readonly maxEntries: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, nowMs: number): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    const ageMs = nowMs - e.setMs;
    if (ageMs < 0 || ageMs >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
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

  clear(): void {
    this.entries.clear();
  }
}
