import { withRateLimit } from "@/lib/api/rate-limit";
import { headFrom, notFound, safeHandler } from "@/lib/api/response";

export const dynamic = "force-dynamic";

/**
 * Any /api path no route serves: 404 JSON with the flag (docs/route-contract.md), whatever the
 * method, instead of the HTML not-found page. next.config.mjs rewrites such paths here as a
 * fallback, i.e. only once every route and page has failed to match (a catch-all route under
 * /api would do the same, but eslint's no-html-link-for-pages then takes every /api link for a
 * page). GET and HEAD count against the client's allowance and carry its `RateLimit-*` headers,
 * like every other GET and HEAD answer under /api (the document says so).
 */
const GET = safeHandler(withRateLimit(async () => notFound(), "api"));
const HEAD = headFrom(GET);
const other = async () => notFound();

export {
  GET,
  HEAD,
  other as OPTIONS,
  other as POST,
  other as PUT,
  other as PATCH,
  other as DELETE,
};
