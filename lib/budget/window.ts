/**
 * The one fixed-window counter behind provider call budgets and client rate limits: a window
 * length, the window a time falls in, and per-key counts that start at zero in each new window.
 * Shared counts live in the store (`KvStore.incr`, or @upstash/ratelimit for clients); a
 * process' own counts live in `LocalCounts`, bounded (least recently counted dropped first).
 */
import { MS_PER_SECOND } from "@/lib/domain/constants";

export type WindowLength = "minute" | "second";
export const WINDOW_MS: Record<WindowLength, number> = {
  minute: 60 * MS_PER_SECOND,
  second: MS_PER_SECOND,
};
/** A shared counter outlives its window by this much (clock skew between instances). */
const CLOCK_SKEW_SECONDS = 1;

export interface Window {
  index: number;
  endsAtMs: number;
}

export function rateWindow(nowMs: number, length: WindowLength = "minute"): Window {
  const windowMs = WINDOW_MS[length];
  const index = Math.floor(nowMs / windowMs);
  return { index, endsAtMs: (index + 1) * windowMs };
}

/** The expiry of a shared counter of `window` written at `atMs`. */
export function counterTtlSeconds(window: Window, atMs: number): number {
  return Math.max(1, Math.ceil((window.endsAtMs - atMs) / MS_PER_SECOND)) + CLOCK_SKEW_SECONDS;
}

/** This process' counts per key in the current window of each key. */
export class LocalCounts<C> {
  readonly #byKey = new Map<string, { index: number; counts: C }>();

  constructor(
    readonly fresh: () => C,
    readonly maxKeys: number,
  ) {}

  /** The counts of `key` in window `index` (zero in a new window); the key becomes most recent. */
  at(key: string, index: number): C {
    const known = this.#byKey.get(key);
    const entry = known?.index === index ? known : { index, counts: this.fresh() };
    this.#byKey.delete(key);
    while (this.#byKey.size >= this.maxKeys) {
      const oldest = this.#byKey.keys().next();
      if (oldest.done) break;
      this.#byKey.delete(oldest.value);
    }
    this.#byKey.set(key, entry);
    return entry.counts;
  }

  clear(): void {
    this.#byKey.clear();
  }
}
