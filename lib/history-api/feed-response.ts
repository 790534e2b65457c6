/**
 * HTTP answers of /events.atom and /events.json: the log's confirmed events over 365 days (one
 * coin's with `q`, one type's with `type`); an unknown coin is `{ ok: false, suggestions }`.
 */
import { feedHttpResponse, type FeedAnswer } from "@/lib/depegs/feed-response";
import type { LogEventType } from "@/lib/history/windows";
import type { ReadOpts } from "@/lib/snapshot/read-opts";
import { getStablecoinEvents } from "./events";
import { eventsAtomFeed, eventsJsonFeed } from "./feeds";

const FEED_WINDOW = "365d";

export async function eventsFeedResponse(
  kind: "atom" | "json",
  origin: string,
  readOpts: ReadOpts,
  headers: Record<string, string>,
  query: { q?: string; type?: LogEventType },
): Promise<FeedAnswer> {
  const r = await getStablecoinEvents({ ...query, window: FEED_WINDOW, confirmed: true }, readOpts);
  if (!r.ok) return r;
  const { body } = r;
  const input = {
    events: body.events,
    asOf: body.as_of ?? new Date(0).toISOString(),
    origin,
    ...query,
  };
  const text =
    kind === "atom" ? eventsAtomFeed(input) : JSON.stringify(eventsJsonFeed(input), null, 1);
  return {
    ok: true,
    response: feedHttpResponse(kind, text, r.degraded, headers),
    upstream: r.upstream,
  };
}
