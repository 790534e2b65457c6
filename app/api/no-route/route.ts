import { notFound } from "@/lib/api/response";

export const dynamic = "force-dynamic";

/**
 * Any /api path no route serves: 404 JSON with the flag (docs/route-contract.md), whatever the
 * method, instead of the HTML not-found page. next.config.mjs rewrites such paths here as a
 * fallback, i.e. only once every route and page has failed to match (a catch-all route under
 * /api would do the same, but eslint's no-html-link-for-pages then takes every /api link for a
 * page). Reads nothing from the request.
 */
const answer = async () => notFound();
const head = async () => new Response(null, { status: 404, headers: notFound().headers });

export {
  answer as GET,
  head as HEAD,
  answer as OPTIONS,
  answer as POST,
  answer as PUT,
  answer as PATCH,
  answer as DELETE,
};
