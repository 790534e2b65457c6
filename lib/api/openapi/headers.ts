/**
 * The response headers the document names (components.headers), and references to them. The
 * builder (./build.ts) attaches them to each response.
 */
import { FLAG_HEADER } from "../body";

type Json = Record<string, unknown>;

export const ref = (kind: "headers" | "parameters" | "schemas", name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/** Reusable response headers, by component name. */
export const HEADERS: Record<string, { name: string; description: string; schema: Json }> = {
  CacheControl: {
    name: "Cache-Control",
    description:
      "`public, max-age=0, s-maxage=<n>, stale-while-revalidate=<n>` on a healthy cacheable answer; `no-store` on a degraded answer (any warning), on every error and on routes that are never cached (docs/caching.md).",
    schema: { type: "string" },
  },
  ETag: {
    name: "ETag",
    description:
      "Weak ETag over the exact body bytes, on healthy cacheable answers only. Send it back as `If-None-Match` to get 304.",
    schema: { type: "string", pattern: '^W/".+"$' },
  },
  AccessControlAllowOrigin: {
    name: "Access-Control-Allow-Origin",
    description: "Every route may be read cross-origin.",
    schema: { type: "string", const: "*" },
  },
  Allow: {
    name: "Allow",
    description: "The methods this route answers.",
    schema: { type: "string", const: "GET, HEAD, OPTIONS" },
  },
  RetryAfter: {
    name: "Retry-After",
    description: "Seconds to wait before asking again.",
    schema: { type: "string", pattern: "^\\d+$" },
  },
  RateLimitLimit: {
    name: "RateLimit-Limit",
    description:
      "The client's allowance: weighted requests per minute (`PUBLIC_RATE_LIMIT_PER_MINUTE`, default 120). An answer from cached data costs 1, one that needed a provider call 10. On every GET and HEAD answer while the limiter is on (docs/rate-limits.md).",
    schema: { type: "string", pattern: "^\\d+$" },
  },
  RateLimitRemaining: {
    name: "RateLimit-Remaining",
    description: "What is left of the allowance in the current window, after this request.",
    schema: { type: "string", pattern: "^\\d+$" },
  },
  RateLimitReset: {
    name: "RateLimit-Reset",
    description:
      "Seconds until the current one-minute window ends and the allowance is whole again.",
    schema: { type: "string", pattern: "^\\d+$" },
  },
  HolderAnalyticsSupported: {
    name: FLAG_HEADER,
    description:
      "The fixed `holderAnalyticsSupported: false` invariant, as a header, on answers whose body is not a data response (this document).",
    schema: { type: "string", const: "false" },
  },
};

/** On every answer to GET and HEAD while the limiter is on, 304s and errors included. */
export const RATE_LIMIT_HEADERS = ["RateLimitLimit", "RateLimitRemaining", "RateLimitReset"];

export const headerRefs = (names: string[]): Json =>
  Object.fromEntries(names.map((n) => [HEADERS[n]!.name, ref("headers", n)]));
