/**
 * The route wrapper every public route is built with, and the two answer shapes routes build:
 * a per-asset answer (or 404 `unknown_asset`) and an aggregate answer (or 503
 * `upstream_unavailable`). Rules: docs/route-contract.md.
 */
import { jsonOk, type CachePolicy } from "./body";
import { headFrom, optionsResponse, withConditional } from "./conditional";
import { jsonError, methodNotAllowed } from "./errors";
import { requestReadOpts, type RouteGet } from "./route-get";
import { withMemo } from "./with-memo";

/** Longest part of an unexpected error's message that reaches the server log. */
const LOGGED_MESSAGE_MAX_CHARS = 200;

/**
 * Wrap a GET handler: anything unexpected becomes a JSON 500 without stack or class name,
 * logged server-side with a short, secret-free message.
 */
export function safeHandler(handler: RouteGet): RouteGet {
  return async (request, readOpts) => {
    try {
      return await handler(request, readOpts);
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
 * DELETE answer 405 with `Allow`, touching neither cache nor provider.
 */
export function publicRoute(get: RouteGet, opts: { now?: () => number } = {}) {
  const handle = withMemo(safeHandler(get), opts.now ?? Date.now);
  const GET = withConditional((request) => handle(request, requestReadOpts(request)));
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

type Built = { ok: true; body: object; degraded: boolean };

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
  return jsonOk(result.body, { degraded: result.degraded, cache });
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
  return jsonOk(result.body, { degraded: result.degraded, cache });
}
