/**
 * A small bounded map whose entries expire: the storage behind the response memo
 * (`./response-memo`). Time is passed in (`nowMs`), so callers and tests
 * choose the clock; an entry read with a clock earlier than when it was set (a clock that went
 * backwards) counts as expired. At most `maxEntries` keys: the oldest set is dropped first.
 */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; untilMs: number }>();

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
    if (nowMs >= e.untilMs || nowMs < e.untilMs - this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** Keeps `value` until `nowMs + ttlMs`; with a zero TTL nothing is kept. */
  set(key: string, value: V, nowMs: number): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, untilMs: nowMs + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
