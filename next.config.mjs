import { fileURLToPath } from "node:url";
import { PAGE_EXPIRE_SECONDS } from "./page-cache-handler.mjs";

// The environment is validated before `next build` / `next start` (scripts/check-env.ts via the
// npm scripts) and again at server boot (instrumentation.ts): an invalid value stops with a
// message naming the variable (lib/config).

const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  },
];

/**
 * HSTS on every answer served over https: the platform or the TLS-terminating proxy in front of
 * `next start` says so in `X-Forwarded-Proto` (its first hop; `next start` itself speaks plain
 * http, where browsers ignore the header anyway). Two years, this host only: subdomains and the
 * preload list are the operator's decision (README "Security headers").
 */
// lib/api/method-guard.ts sends the same value on the 405 it answers itself (a unit test).
const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;
const HSTS = {
  source: "/:path*",
  has: [{ type: "header", key: "x-forwarded-proto", value: "(?:https|HTTPS)(?:\\s*,.*)?" }],
  headers: [{ key: "Strict-Transport-Security", value: `max-age=${HSTS_MAX_AGE_SECONDS}` }],
};

const DEV = process.env.NODE_ENV === "development";

/**
 * One static policy for every page, so pages stay cacheable (a per-request nonce would force
 * each view to render on the server). Script files come only from this origin; the bootstrap
 * files carry subresource-integrity hashes (`experimental.sri`; Next 16.4.5 leaves the layout's
 * segment chunks without one); inline scripts are Next's own streamed
 * payload (`self.__next_f.push`), which changes per page and so cannot be hashed ahead of time:
 * hence 'unsafe-inline' for <script> elements, while `script-src-attr 'none'` refuses every
 * inline event handler (`onerror=`, `onclick=`) and `javascript:` stays blocked. React escapes
 * every upstream string. 'unsafe-eval' only in `next dev` (React's debugging needs it).
 * See README "Security headers" and /methodology#caching.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${DEV ? " 'unsafe-eval'" : ""}`,
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** JSON only: nothing on an API response may run or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Pages are kept by the page store (page-cache-handler.mjs): it decides each page's
 * Cache-Control (`public` with a CDN lifetime for a page built from complete data, `private,
 * no-store` for one rendered from partial data) and never keeps a page rendered from partial data
 * as the page. No Cache-Control is set here for pages: a fixed per-path value could not tell the
 * two apart. See docs/caching.md "Pages".
 */
const PAGE_CACHE_HANDLER = fileURLToPath(new URL("./page-cache-handler.mjs", import.meta.url));

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Pages only (API routes hash their own bodies, lib/api/conditional.ts). Next hashes the whole
  // cached page on every request to derive its ETag (about 40% of a cached 250 KB page's server
  // time in a CPU profile, and page throughput rose from about 0.35x to 0.6x the trivial route
  // without it: docs/performance.md section 4c). The pages' `s-maxage` lets a CDN absorb
  // repeats instead; a browser revalidating a page downloads it again.
  generateEtags: false,
  reactStrictMode: true,
  serverExternalPackages: ["redis", "@redis/client"],
  expireTime: PAGE_EXPIRE_SECONDS,
  cacheHandler: PAGE_CACHE_HANDLER,
  experimental: { sri: { algorithm: "sha256" } },
  // A path under /api that no route serves answers the routes' 404 JSON (app/api/no-route).
  async rewrites() {
    return {
      fallback: [{ source: "/api/:path*", destination: "/api/no-route" }],
    };
  },
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      HSTS,
      {
        source: "/((?!api/).*)",
        headers: [{ key: "Content-Security-Policy", value: PAGE_CSP }],
      },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CSP }] },
    ];
  },
};

export default nextConfig;
