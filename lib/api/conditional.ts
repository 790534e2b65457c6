/**
 * HTTP plumbing around a GET handler that is the same for every route: HEAD, OPTIONS (CORS
 * preflight) and the weak ETag with `If-None-Match` → 304 on cacheable answers (docs/caching.md).
 */
import { createHash } from "node:crypto";
import { BASE_HEADERS, isCacheable } from "./body";
import { serialisedOf } from "./response-facts";
import { ALLOWED_METHODS } from "./errors";

/** How long a browser may reuse a preflight answer, seconds. */
const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

export function optionsResponse(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...BASE_HEADERS,
      Allow: ALLOWED_METHODS,
      "Access-Control-Allow-Methods": ALLOWED_METHODS,
      "Access-Control-Allow-Headers": "Content-Type, If-None-Match",
      "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
      "Cache-Control": `public, max-age=${PREFLIGHT_MAX_AGE_SECONDS}`,
    },
  });
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
    const known = serialisedOf(res);
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
