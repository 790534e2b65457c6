/**
 * The per-client allowance behind the public routes' rate limits (docs/rate-limits.md): one
 * fixed minute per client key. With Vercel KV or Redis, @upstash/ratelimit counts it in the store
 * (its ephemeral cache answers a client already over without asking again); with the file or
 * memory store, or while the store breaker rests the store, this process counts it (fail open:
 * a store failure never refuses a request). Fixed windows keep `RateLimit-Reset` exact.
 */
import { Ratelimit } from "@upstash/ratelimit";
import type { Redis } from "@upstash/redis";
import { markStoreDown, storeDown } from "@/lib/kv/breaker";
import { telemetry } from "@/lib/telemetry";
import { LocalCounts, rateWindow, WINDOW_MS as WINDOW_LENGTH_MS } from "./window";

export const WINDOW_MS = WINDOW_LENGTH_MS.minute;
/** `fixedWindow`'s duration, the same minute as `WINDOW_MS`. */
const WINDOW = "60 s";
/** Keys of the shared counters: `rl:v1:<bucket>:<client>:<window number>`. */
export const LIMITER_KEY_PREFIX = "rl:v1";
/** Clients tracked by one process's local window; past it the least recently counted is dropped. */
export const LOCAL_MAX_CLIENTS = 50_000;
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
  readonly #used: LocalCounts<{ used: number }>;

  constructor(
    readonly perWindow: number,
    readonly now: () => number = Date.now,
    maxClients = LOCAL_MAX_CLIENTS,
  ) {
    this.#used = new LocalCounts(() => ({ used: 0 }), maxClients);
  }

  async limit(key: string, cost: number): Promise<LimitResult> {
    const window = rateWindow(this.now());
    const counts = this.#used.at(key, window.index);
    counts.used += cost;
    return {
      allowed: counts.used <= this.perWindow,
      limit: this.perWindow,
      remaining: Math.max(0, this.perWindow - counts.used),
      resetAtMs: window.endsAtMs,
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
  constructor(
    readonly shared: Limiter,
    readonly local: Limiter,
    readonly now: () => number = Date.now,
    /** Whose health the store breaker tracks: the store the shared window counts in. */
    readonly store: object = shared,
  ) {}

  async limit(key: string, cost: number): Promise<LimitResult> {
    if (!storeDown(this.store, this.now())) {
      try {
        return await this.shared.limit(key, cost);
      } catch {
        markStoreDown(this.store, this.now());
        telemetry.recordCache(TELEMETRY_SCOPE, "error");
      }
    }
    telemetry.recordCache(TELEMETRY_SCOPE, "bypass");
    return this.local.limit(key, cost);
  }
}
