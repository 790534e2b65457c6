/**
 * JSON bodies: every body carries the fixed `holderAnalyticsSupported: false` flag, the shared
 * headers (CORS, nosniff) and a `Cache-Control` that only lets healthy answers be kept
 * (docs/route-contract.md, docs/caching.md).
 */
import { roundToUnits } from "@/lib/domain/precision";
import { noteUpstream } from "./spend";

/** A fixed invariant on every JSON body (docs/route-contract.md rule 2). */
export const HOLDER_ANALYTICS_SUPPORTED = false as const;
/** The same flag as a header, on answers whose body is not a data response. */
export const FLAG_HEADER = "X-Holder-Analytics-Supported";
/** The flag header, for answers whose body is not JSON (the badge, the feeds, this document). */
export const FLAG_HEADERS: Readonly<Record<string, string>> = {
  [FLAG_HEADER]: String(HOLDER_ANALYTICS_SUPPORTED),
};

export interface CachePolicy {
  /** Shared-cache freshness (CDN `s-maxage`), seconds. */
  sMaxAgeSeconds: number;
  /** `stale-while-revalidate`, seconds. */
  staleWhileRevalidateSeconds: number;
}

export const BASE_HEADERS: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Origin": "*",
  "X-Content-Type-Options": "nosniff",
};
export const NO_STORE = "no-store";

/** A serialised answer: the exact body text, its headers, and its ETag once computed. */
export interface SerialisedBody {
  text: string;
  headers: [string, string][];
  etag?: string;
  /**
   * Whether this process may answer a repeat from this text for `RESPONSE_MEMO_MS`
   * (`./response-memo`): a data answer, healthy or degraded; never a body built with no cache
   * policy at all (the health report).
   */
  reusable: boolean;
}

/**
 * The JSON text of each body `jsonOk` built (and its ETag once hashed), so the ETag wrapper can
 * hash it without reading the stream back and copying it into a second Response.
 */
const SERIALISED = new WeakMap<Response, SerialisedBody>();

/** The text `jsonOk` built for `res`, if it built it. */
export function serialisedOf(res: Response): SerialisedBody | undefined {
  return SERIALISED.get(res);
}

/** Record the text behind a Response built outside `jsonOk` from a kept answer. */
export function rememberSerialised(res: Response, body: SerialisedBody): void {
  SERIALISED.set(res, body);
}

export function withFlag<T extends object>(body: T): T & { holderAnalyticsSupported: false } {
  return { ...body, holderAnalyticsSupported: HOLDER_ANALYTICS_SUPPORTED };
}

/** The `Cache-Control` of a healthy answer: shared caches may keep it, browsers revalidate. */
export function cacheControlOf(cache: CachePolicy): string {
  return `public, max-age=0, s-maxage=${cache.sMaxAgeSeconds}, stale-while-revalidate=${cache.staleWhileRevalidateSeconds}`;
}

/** A Response (JSON unless `headers` says otherwise) whose text is remembered for the ETag wrapper and the memo. */
function serialised(
  text: string,
  status: number,
  headers: Record<string, string>,
  reusable: boolean,
): Response {
  const res = new Response(text, {
    status,
    headers: { "Content-Type": "application/json", ...BASE_HEADERS, ...headers },
  });
  SERIALISED.set(res, { text, headers: [...res.headers], reusable });
  return res;
}

/**
 * 200 JSON. A degraded body (any warning) is never cacheable downstream; a healthy one gets a
 * short `s-maxage` with `stale-while-revalidate`. Every number is rounded to its unit's precision
 * here, the one serialisation step of every data body (lib/domain/precision.ts).
 */
export function jsonOk<T extends object>(
  body: T,
  opts: {
    cache: CachePolicy | null;
    degraded: boolean;
    status?: number;
    headers?: Record<string, string>;
    /** Building `body` needed a provider call (`./spend`: the rate limiter charges more). */
    upstream?: boolean;
  },
): Response {
  const cacheControl = opts.degraded || !opts.cache ? NO_STORE : cacheControlOf(opts.cache);
  const res = serialised(
    JSON.stringify(withFlag(roundToUnits(body))),
    opts.status ?? 200,
    { "Cache-Control": cacheControl, ...opts.headers },
    opts.cache !== null,
  );
  return noteUpstream(res, opts.upstream ?? false);
}

/**
 * 200 data rows in another format than JSON (CSV, NDJSON): the same cache rule as `jsonOk`, the
 * flag as the `X-Holder-Analytics-Supported: false` header (the rows have no top level).
 */
export function textOk(
  text: string,
  opts: {
    contentType: string;
    cache: CachePolicy;
    degraded: boolean;
    headers?: Record<string, string>;
    upstream?: boolean;
  },
): Response {
  const res = serialised(
    text,
    200,
    {
      "Content-Type": opts.contentType,
      "Cache-Control": opts.degraded ? NO_STORE : cacheControlOf(opts.cache),
      ...FLAG_HEADERS,
      ...opts.headers,
    },
    true,
  );
  return noteUpstream(res, opts.upstream ?? false);
}

/**
 * 200 JSON for a specification rather than a data body (the OpenAPI document): the body stays
 * as given, and the flag travels as the `X-Holder-Analytics-Supported: false` header
 * (docs/api.md, "The flag").
 */
export function jsonSpecification(body: object, cache: CachePolicy): Response {
  return serialised(
    JSON.stringify(body),
    200,
    { "Cache-Control": cacheControlOf(cache), ...FLAG_HEADERS },
    true,
  );
}

/** A 200 that shared caches may keep (not `no-store`). */
export function isCacheable(res: Response): boolean {
  return res.status === 200 && !(res.headers.get("cache-control") ?? "").includes(NO_STORE);
}
