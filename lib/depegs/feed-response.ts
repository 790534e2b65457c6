/**
 * HTTP answers of /depegs.atom and /depegs.json: the market's events over 365 days as a feed, or
 * one coin's with `q` (an unknown coin is `{ ok: false, suggestions }` — the route answers 404).
 * Cacheable for the chart TTL when every coin's history was read; `no-store` when partial.
 */
import { CHART_CACHE_SECONDS } from "@/lib/snapshot/live";
import type { ReadOpts } from "@/lib/snapshot/read-opts";
import { getDepegs } from "./index";
import { atomFeed, jsonFeed } from "./feeds";

export const FEED_CONTENT_TYPES = {
  atom: "application/atom+xml; charset=utf-8",
  json: "application/feed+json; charset=utf-8",
} as const;

/** The feed, and whether building it needed a provider call (the route marks it for the limiter). */
export type FeedAnswer =
  { ok: true; response: Response; upstream: boolean } | { ok: false; suggestions: string[] };

/**
 * `origin` is the public origin of the links (`rel=self`, item links); entry ids do not depend
 * on it. `headers` are added to the answer (the route's flag header).
 */
export async function feedResponse(
  kind: "atom" | "json",
  origin: string,
  readOpts: ReadOpts,
  headers: Record<string, string> = {},
  q?: string,
): Promise<FeedAnswer> {
  const r = await getDepegs({ q, window: "365d" }, readOpts);
  if (!r.ok) return r;
  const body = r.body;
  const input = { events: body.events, asOf: body.metadata.as_of, origin, q };
  const text = kind === "atom" ? atomFeed(input) : JSON.stringify(jsonFeed(input), null, 1);
  const response = feedHttpResponse(kind, text, body.warnings.length > 0, headers);
  return { ok: true, response, upstream: r.upstream };
}

/** A feed's HTTP answer: cacheable for the chart TTL, `no-store` when built from a partial log. */
export function feedHttpResponse(
  kind: "atom" | "json",
  text: string,
  partial: boolean,
  headers: Record<string, string>,
): Response {
  return new Response(text, {
    status: 200,
    headers: {
      "Content-Type": FEED_CONTENT_TYPES[kind],
      "Access-Control-Allow-Origin": "*",
      "X-Content-Type-Options": "nosniff",
      ...headers,
      "Cache-Control": partial
        ? "no-store"
        : `public, max-age=${CHART_CACHE_SECONDS}, s-maxage=${CHART_CACHE_SECONDS}, stale-while-revalidate=${CHART_CACHE_SECONDS}`,
    },
  });
}
