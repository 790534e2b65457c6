/**
 * A small bounded map whose entries expire: the storage behind the response memo
 * (`./response-memo`). Time is passed in (`nowMs`), so callers and tests choose the clock. An
 * entry lives for `ttlMs` after it was set (or the shorter or longer life given to `set`); one read with a clock earlier than when it was set
 * (a clock that went backwards) counts as expired. At most `maxEntries` keys: the oldest set is
 * dropped first.
 */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; setMs: number; ttlMs: number }>();

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
    if (ageMs < 0 || ageMs >= e.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** Keeps `value` from `nowMs` for `ttlMs` (the map's by default); a zero TTL keeps nothing. */
  set(key: string, value: V, nowMs: number, ttlMs: number = this.ttlMs): void {
    if (ttlMs <= 0) return;
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, setMs: nowMs, ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}
