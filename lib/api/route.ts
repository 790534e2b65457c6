/**
 * The route wrapper every public route is built with, and the two answer shapes routes build:
 * a per-asset answer (or 404 `unknown_asset`) and an aggregate answer (or 503
 * `upstream_unavailable`). Rules: docs/route-contract.md.
 */
import { jsonOk, type CachePolicy } from "./body";
import { headFrom, optionsResponse, withConditional } from "./conditional";
import { jsonError, methodNotAllowed } from "./errors";
import { withRateLimit, type LimitBucket } from "./rate-limit";
import { requestReadOpts, type RouteGet } from "./route-get";
import { withMemo } from "./with-memo";

/** Longest part of an unexpected error's message that reaches the server log. */
const LOGGED_MESSAGE_MAX_CHARS = 200;

/**
 * Wrap a GET handler: anything unexpected becomes a JSON 500 without stack or class name,
 * logged server-side with a short, secret-free message.
 */
export function safeHandler(handler: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    try {
      return await handler(request);
    } catch (e) {
      console.error(
        "route failed:",
        e instanceof Error ? e.message.slice(0, LOGGED_MESSAGE_MAX_CHARS) : "unknown error",
      );
      return jsonError(500, "internal_error", "The service could not complete this request.");
    }
  };
}

/**
 * The method table every public route exports: GET/HEAD/OPTIONS work; POST, PUT, PATCH and
 * DELETE answer 405 with `Allow`, touching neither cache nor provider (nor the rate limiter;
 * other methods never reach a route: ./method-guard.ts answers them the same way).
 * GET and HEAD count against the client's allowance of `opts.limit` (`./rate-limit`; default
 * "api", `false` only for the bench's framework baseline). The limiter sits inside the ETag
 * wrapper, so a 304 carries its headers too, and outside the memo, which it sees answer. The
 * catch is outermost, so a failure in the memo, the limiter or the ETag layer is a JSON 500 too,
 * never Next's own error answer. Each build gets its own read options (`./route-get`): the
 * memo reads their report to decide whether the answer is settled.
 */
export function publicRoute(
  get: RouteGet,
  opts: { now?: () => number; limit?: LimitBucket | false } = {},
) {
  const now = opts.now ?? Date.now;
  const memoised = withMemo(get, now);
  const answer = async (request: Request) => {
    const readOpts = requestReadOpts(request);
    try {
      return await memoised(request, readOpts);
    } finally {
      readOpts.done();
    }
  };
  const limit = opts.limit ?? "api";
  const GET = safeHandler(withConditional(limit ? withRateLimit(answer, limit) : answer));
  const reject = async () => methodNotAllowed();
  return {
    GET,
    HEAD: headFrom(GET),
    OPTIONS: async () => optionsResponse(),
    POST: reject,
    PUT: reject,
    PATCH: reject,
    DELETE: reject,
  };
}

/** CDN freshness for the aggregate routes; the data itself is cached 6 h. */
export const AGGREGATE_S_MAXAGE_SECONDS = 600;

/** Seconds a client should wait before retrying when an aggregate route has nothing to serve. */
export const UPSTREAM_RETRY_AFTER_SECONDS = 60;

/** `upstream`: building the body needed a provider call (the rate limiter charges more). */
type Built = { ok: true; body: object; degraded: boolean; upstream: boolean };

/** Per-asset routes: the built body, or 404 `unknown_asset` with suggestions. */
export function respondAsset(
  result: Built | { ok: false; suggestions: string[] },
  cache: CachePolicy,
): Response {
  if (!result.ok) {
    return jsonError(404, "unknown_asset", "No USD stablecoin matches this selector.", {
      suggestions: result.suggestions,
    });
  }
  return jsonOk(result.body, { degraded: result.degraded, cache, upstream: result.upstream });
}

/** Aggregate routes: the built body, or 503 `upstream_unavailable` when nothing can be served. */
export function respondAggregate(
  result: Built | { ok: false; warning: string },
  cache: CachePolicy,
): Response {
  if (!result.ok) {
    return jsonError(
      503,
      "upstream_unavailable",
      "The stablecoin aggregate is unavailable and no copy is cached yet.",
      {
        warnings: [result.warning],
        headers: { "Retry-After": String(UPSTREAM_RETRY_AFTER_SECONDS) },
      },
    );
  }
  return jsonOk(result.body, { degraded: result.degraded, cache, upstream: result.upstream });
}
