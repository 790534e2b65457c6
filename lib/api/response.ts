/**
 * Response helpers shared by every public route: the fixed `holderAnalyticsSupported: false`
 * flag, the error body shape, 405 with `Allow`, CORS and cache headers. Route handlers stay thin.
 */
import { createHash } from "node:crypto";
import { z } from "zod";

/** Spec §1.1 / §4 rule 2: a fixed invariant on every JSON body. */
export const HOLDER_ANALYTICS_SUPPORTED = false as const;
export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

export type ErrorCode =
  | "bad_request"
  | "unknown_asset"
  | "not_found"
  | "method_not_allowed"
  | "upstream_unavailable"
  | "internal_error";

export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  holderAnalyticsSupported: z.literal(false),
  suggestions: z.array(z.string()).optional(),
  warnings: z.array(z.string()).optional(),
});

export interface CachePolicy {
  /** Shared-cache freshness (CDN `s-maxage`), seconds. */
  sMaxAgeSeconds: number;
  /** `stale-while-revalidate`, seconds. */
  staleWhileRevalidateSeconds: number;
}

const BASE_HEADERS: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Origin": "*",
  "X-Content-Type-Options": "nosniff",
};
const NO_STORE = "no-store";

/**
 * The JSON text of each body `jsonOk` built (and its ETag once hashed), so `withConditional` can
 * hash it without reading the stream back and copying it into a second Response.
 */
interface KeptAnswer {
  text: string;
  headers: [string, string][];
  etag?: string;
}
const SERIALISED = new WeakMap<Response, KeptAnswer>();

function withFlag<T extends object>(body: T): T & { holderAnalyticsSupported: false } {
  return { ...body, holderAnalyticsSupported: HOLDER_ANALYTICS_SUPPORTED };
}

/**
 * 200 JSON. A degraded body (any warning) is never cacheable downstream; a healthy one gets a
 * short `s-maxage` with `stale-while-revalidate`.
 */
export function jsonOk<T extends object>(
  body: T,
  opts: {
    cache: CachePolicy | null;
    degraded: boolean;
    status?: number;
    headers?: Record<string, string>;
  },
): Response {
  const cacheControl =
    opts.degraded || !opts.cache
      ? NO_STORE
      : `public, max-age=0, s-maxage=${opts.cache.sMaxAgeSeconds}, stale-while-revalidate=${opts.cache.staleWhileRevalidateSeconds}`;
  const text = JSON.stringify(withFlag(body));
  const res = new Response(text, {
    status: opts.status ?? 200,
    headers: {
      "Content-Type": "application/json",
      ...BASE_HEADERS,
      "Cache-Control": cacheControl,
      ...opts.headers,
    },
  });
  SERIALISED.set(res, { text, headers: [...res.headers] });
  return res;
}

function isCacheable(res: Response): boolean {
  return res.status === 200 && !(res.headers.get("cache-control") ?? "").includes("no-store");
}

export function jsonError(
  status: number,
  code: ErrorCode,
  message: string,
  extra: { suggestions?: string[]; warnings?: string[]; headers?: Record<string, string> } = {},
): Response {
  const { headers, ...rest } = extra;
  return Response.json(withFlag({ error: { code, message }, ...rest }), {
    status,
    headers: { ...BASE_HEADERS, "Cache-Control": NO_STORE, ...headers },
  });
}

export function methodNotAllowed(): Response {
  return jsonError(
    405,
    "method_not_allowed",
    "Only GET, HEAD and OPTIONS are supported on this route.",
    {
      headers: { Allow: ALLOWED_METHODS },
    },
  );
}

export function optionsResponse(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...BASE_HEADERS,
      Allow: ALLOWED_METHODS,
      "Access-Control-Allow-Methods": ALLOWED_METHODS,
      "Access-Control-Allow-Headers": "Content-Type, If-None-Match",
      "Access-Control-Max-Age": "86400",
      "Cache-Control": "public, max-age=86400",
    },
  });
}

/** Turn a zod failure on query parameters into one user-safe sentence. */
export function describeInputError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request parameters.";
  const param = issue.path.length > 0 ? String(issue.path[0]) : "request";
  return `Invalid parameter "${param}": ${issue.message}`;
}

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
        e instanceof Error ? e.message.slice(0, 200) : "unknown error",
      );
      return jsonError(500, "internal_error", "The service could not complete this request.");
    }
  };
}

/** HEAD answers exactly what GET would, without a body. */
export function headFrom(get: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const res = await get(request);
    return new Response(null, { status: res.status, headers: res.headers });
  };
}

/** Weak ETag over the exact body bytes. */
export function etagOf(body: string): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, "");
  return header === "*" || header.split(",").some((t) => strip(t) === strip(etag));
}

/**
 * Cacheable (healthy) 200s get an ETag, and a matching `If-None-Match` gets 304 with no body,
 * so a CDN or client in front absorbs repeated reads. Degraded (`no-store`) answers get none.
 */
export function withConditional(get: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const res = await get(request);
    if (!isCacheable(res)) return res;
    const known = SERIALISED.get(res);
    const body = known?.text ?? (await res.text());
    const etag = known ? (known.etag ??= etagOf(body)) : etagOf(body);
    if (matchesIfNoneMatch(request.headers.get("if-none-match"), etag)) {
      const headers = new Headers(res.headers);
      headers.set("ETag", etag);
      headers.delete("content-length");
      return new Response(null, { status: 304, headers });
    }
    if (known !== undefined) {
      res.headers.set("ETag", etag); // body not read yet: answer with it as built
      return res;
    }
    const headers = new Headers(res.headers);
    headers.set("ETag", etag);
    return new Response(body, { status: 200, headers });
  };
}

/**
 * The method table every public route exports: GET/HEAD/OPTIONS work; POST, PUT, PATCH and
 * DELETE answer 405 with `Allow`, touching neither cache nor provider.
 */
export function publicRoute(get: (request: Request) => Promise<Response>) {
  const GET = withConditional(safeHandler(get));
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

/** Parse URL search params with a zod schema; repeated parameters are rejected. */
export function parseQuery<S extends z.ZodType>(
  request: Request,
  schema: S,
): { ok: true; value: z.output<S> } | { ok: false; response: Response } {
  const url = new URL(request.url);
  const raw: Record<string, string> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    if (all.length > 1) {
      return {
        ok: false,
        response: jsonError(
          400,
          "bad_request",
          `Invalid parameter "${key.slice(0, 32)}": given more than once.`,
        ),
      };
    }
    raw[key] = all[0] ?? "";
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    return { ok: false, response: jsonError(400, "bad_request", describeInputError(parsed.error)) };
  return { ok: true, value: parsed.data };
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
