/**
 * Per-client rate limits on the public routes (docs/rate-limits.md): `PUBLIC_RATE_LIMIT_PER_MINUTE`
 * weighted requests a minute per client (`./client-key`), counted by `lib/budget/client.ts`; 0 = off.
 *
 * Cost follows what the request spends. Every request is charged `CACHED_ANSWER_COST` before
 * anything runs, and refused at once when nothing is left. An answer whose build needed a
 * provider call (marked by `./response-facts`) is charged up to `UPSTREAM_ANSWER_COST` in all once it is
 * built: the extra charge cannot refuse an answer already made, it draws the allowance down
 * (possibly past zero), so the client's next requests wait. Every limited response — 200, 304,
 * 4xx and 5xx alike — carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`.
 */
import { getConfig } from "@/lib/config";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { getKv } from "@/lib/kv";
import { scriptClientOf } from "@/lib/kv/script-client";
import { clientKey } from "./client-key";
import { jsonError } from "./errors";
import {
  FailOpenLimiter,
  LocalWindow,
  SharedWindow,
  type LimitResult,
  type Limiter,
} from "@/lib/budget/client";
import { spentUpstream } from "./response-facts";

/** An answer from what is already cached (the answer memo, this process' copies, the store). */
export const CACHED_ANSWER_COST = 1;
/** An answer that needed at least one provider call: a tenth of the minute's default allowance. */
export const UPSTREAM_ANSWER_COST = 10;

/** Separate allowances: an operator's health probe is never starved by the same client's API use. */
export type LimitBucket = "api" | "health";

type Get = (request: Request) => Promise<Response>;

const GLOBAL_SLOT = Symbol.for("stablecoin-intel.rate-limiter");
interface Slot {
  config: object;
  kv: object;
  limiter: Limiter;
}
type GlobalWithLimiter = typeof globalThis & { [GLOBAL_SLOT]?: Slot };

/**
 * The process' limiter for the current configuration and store: rebuilt only when either is
 * replaced (tests), so the local window and the library's ephemeral cache live as long as they.
 */
function rateLimiter(perMinute: number): Limiter {
  const slot = globalThis as GlobalWithLimiter;
  const config = getConfig();
  const kv = getKv();
  const known = slot[GLOBAL_SLOT];
  if (known && known.config === config && known.kv === kv) return known.limiter;
  const local = new LocalWindow(perMinute);
  const redis = scriptClientOf(kv);
  const limiter = redis
    ? new FailOpenLimiter(
        new SharedWindow(redis, perMinute, config.kvTimeoutMs),
        local,
        Date.now,
        kv,
      )
    : local;
  slot[GLOBAL_SLOT] = { config, kv, limiter };
  return limiter;
}

/** Tests: forget the limiter (and its counts) so the next request builds a new one. */
export function resetRateLimiterForTests(): void {
  delete (globalThis as GlobalWithLimiter)[GLOBAL_SLOT];
}

function secondsUntil(atMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((atMs - nowMs) / MS_PER_SECOND));
}

/** Cross-origin scripts may read these (none is CORS-safelisted). */
const EXPOSED = "RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After";

export function rateLimitHeaders(r: LimitResult, nowMs: number): Record<string, string> {
  return {
    "RateLimit-Limit": String(r.limit),
    "RateLimit-Remaining": String(r.remaining),
    "RateLimit-Reset": String(secondsUntil(r.resetAtMs, nowMs)),
    "Access-Control-Expose-Headers": EXPOSED,
  };
}

function rateLimited(r: LimitResult, nowMs: number): Response {
  // At least one second: a zero would invite an immediate retry into the same window.
  const retryAfter = Math.max(1, secondsUntil(r.resetAtMs, nowMs));
  return jsonError(
    429,
    "rate_limited",
    "Too many requests from this client; retry after the number of seconds in Retry-After.",
    { headers: { ...rateLimitHeaders(r, nowMs), "Retry-After": String(retryAfter) } },
  );
}

/** `res` with `headers` added; a copy when its headers are immutable (not one this app built). */
function withHeaders(res: Response, headers: Record<string, string>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) res.headers.set(name, value);
    return res;
  } catch {
    const copy = new Headers(res.headers);
    for (const [name, value] of Object.entries(headers)) copy.set(name, value);
    return new Response(res.body, { status: res.status, headers: copy });
  }
}

/** Wraps a GET handler with the per-client allowance of `bucket`. */
export function withRateLimit(get: Get, bucket: LimitBucket, now: () => number = Date.now): Get {
  return async (request: Request): Promise<Response> => {
    const { perMinute, trustProxy } = getConfig().publicRateLimit;
    if (perMinute === 0) return get(request);
    const limiter = rateLimiter(perMinute);
    const key = `${bucket}:${clientKey(request.headers, trustProxy)}`;
    const charged = await limiter.limit(key, CACHED_ANSWER_COST);
    if (!charged.allowed) return rateLimited(charged, now());
    const res = await get(request);
    const final = spentUpstream(res)
      ? await limiter.limit(key, UPSTREAM_ANSWER_COST - CACHED_ANSWER_COST)
      : charged;
    return withHeaders(res, rateLimitHeaders(final, now()));
  };
}
