/**
 * The per-client allowance behind the public routes' rate limits (docs/rate-limits.md): a fixed
 * one-minute window per client key.
 *
 * - Vercel KV or Redis: counted in the shared store with @upstash/ratelimit (`fixedWindow`), so
 *   every instance draws on one allowance per client. Its ephemeral cache answers a client that
 *   is already over until the window ends, without asking the store again.
 * - The embedded file store (or the memory store): counted in this process by `LocalWindow`, the
 *   same algorithm over a bounded map.
 * - A store that fails, or misses its budget, never refuses a request: that request is counted
 *   by the local window instead (fail open), and the store rests for `STORE_REST_MS` before it
 *   is asked again, so an outage costs at most one slow call a second per instance.
 *
 * Fixed windows (not sliding) because the headers can then be exact: `RateLimit-Reset` and
 * `Retry-After` name when the allowance really comes back. The price is the usual boundary
 * burst: up to twice the allowance across the turn of a minute.
 */
import { Ratelimit } from "@upstash/ratelimit";
import type { Redis } from "@upstash/redis";
import { telemetry } from "@/lib/telemetry";

export const WINDOW_MS = 60_000;
/** `fixedWindow`'s duration, the same minute as `WINDOW_MS`. */
const WINDOW = "60 s";
/** Keys of the shared counters: `rl:v1:<bucket>:<client>:<window number>`. */
export const LIMITER_KEY_PREFIX = "rl:v1";
/** Clients tracked by one process's local window; past it the least recently counted is dropped. */
export const LOCAL_MAX_CLIENTS = 50_000;
/** After a store failure, requests are counted locally for this long before the store is tried. */
export const STORE_REST_MS = 1_000;
/** Telemetry scope of store fallbacks (`/api/health` → telemetry.cache). */
const TELEMETRY_SCOPE = "rate-limit";

export interface LimitResult {
  allowed: boolean;
  limit: number;
  /** What is left in this window after this charge (never below 0). */
  remaining: number;
  /** When the window ends and the allowance is whole again, ms since the epoch. */
  resetAtMs: number;
}

/** Charge `cost` to `key`: allowed while the window's total stays within the allowance. */
export interface Limiter {
  limit(key: string, cost: number): Promise<LimitResult>;
}

/** The same fixed window as @upstash/ratelimit's, counted in this process. */
export class LocalWindow implements Limiter {
  readonly #used = new Map<string, { window: number; used: number }>();

  constructor(
    readonly perWindow: number,
    readonly now: () => number = Date.now,
    readonly maxClients = LOCAL_MAX_CLIENTS,
  ) {}

  async limit(key: string, cost: number): Promise<LimitResult> {
    const window = Math.floor(this.now() / WINDOW_MS);
    const known = this.#used.get(key);
    const used = (known?.window === window ? known.used : 0) + cost;
    // Re-inserted so the map's order is least recently counted first.
    this.#used.delete(key);
    while (this.#used.size >= this.maxClients) {
      const oldest = this.#used.keys().next();
      if (oldest.done) break;
      this.#used.delete(oldest.value);
    }
    this.#used.set(key, { window, used });
    return {
      allowed: used <= this.perWindow,
      limit: this.perWindow,
      remaining: Math.max(0, this.perWindow - used),
      resetAtMs: (window + 1) * WINDOW_MS,
    };
  }
}

/** The store took longer than its budget: @upstash/ratelimit let the request through unanswered. */
class StoreTimeout extends Error {}

/** @upstash/ratelimit over a script-running client of the shared store. */
export class SharedWindow implements Limiter {
  readonly #ratelimit: Ratelimit;

  constructor(redis: Redis, perWindow: number, budgetMs: number) {
    this.#ratelimit = new Ratelimit({
      redis,
      limiter: Ratelimit.fixedWindow(perWindow, WINDOW),
      prefix: LIMITER_KEY_PREFIX,
      // The library's own deadline (default 5 s): past it, it answers "timeout" and we fall back.
      timeout: budgetMs,
      analytics: false,
      ephemeralCache: new Map(),
    });
  }

  async limit(key: string, cost: number): Promise<LimitResult> {
    const r = await this.#ratelimit.limit(key, { rate: cost });
    if (r.reason === "timeout") throw new StoreTimeout();
    return { allowed: r.success, limit: r.limit, remaining: r.remaining, resetAtMs: r.reset };
  }
}

/** The shared window while the store answers; the local one when it does not (fail open). */
export class FailOpenLimiter implements Limiter {
  #restUntilMs = 0;

  constructor(
    readonly shared: Limiter,
    readonly local: Limiter,
    readonly now: () => number = Date.now,
  ) {}

  async limit(key: string, cost: number): Promise<LimitResult> {
    if (this.now() >= this.#restUntilMs) {
      try {
        return await this.shared.limit(key, cost);
      } catch {
        this.#restUntilMs = this.now() + STORE_REST_MS;
        telemetry.recordCache(TELEMETRY_SCOPE, "error");
      }
    }
    telemetry.recordCache(TELEMETRY_SCOPE, "bypass");
    return this.local.limit(key, cost);
  }
}
