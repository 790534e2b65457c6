/**
 * The feeds' handler (`/depegs.atom`, `/depegs.json`, `/events.atom`, `/events.json`): the query
 * parsed like the API routes (malformed → 400), an unknown coin → 404 `unknown_asset` JSON, else
 * the feed.
 */
import { z } from "zod";
import { feedResponse, type FeedAnswer } from "@/lib/depegs/feed-response";
import { eventsFeedResponse } from "@/lib/history-api/feed-response";
import type { ReadOpts } from "@/lib/snapshot/read-opts";
import { FLAG_HEADERS } from "./body";
import { jsonError } from "./errors";
import { publicOrigin } from "./origin";
import { logEventTypeSchema, selectorSchema } from "./params";
import { parseQuery } from "./query";
import { noteUpstream } from "./spend";

type FeedKind = "atom" | "json";

async function answer<S extends z.ZodType>(
  request: Request,
  schema: S,
  build: (origin: string, query: z.output<S>) => Promise<FeedAnswer>,
): Promise<Response> {
  const input = parseQuery(request, schema);
  if (!input.ok) return input.response;
  const r = await build(publicOrigin(request), input.value);
  if (!r.ok) {
    return jsonError(404, "unknown_asset", "No USD stablecoin matches this selector.", {
      suggestions: r.suggestions,
    });
  }
  return noteUpstream(r.response, r.upstream);
}

const depegQuery = z.object({ q: selectorSchema.optional() });

/** The depeg feeds: `q` picks one coin. */
export function feedRoute(kind: FeedKind, request: Request, readOpts: ReadOpts) {
  return answer(request, depegQuery, (origin, { q }) =>
    feedResponse(kind, origin, readOpts, FLAG_HEADERS, q),
  );
}

const eventsQuery = z.object({ q: selectorSchema.optional(), type: logEventTypeSchema.optional() });

/** The event log's feeds (confirmed events): `q` picks one coin, `type` one event type. */
export function eventsFeedRoute(kind: FeedKind, request: Request, readOpts: ReadOpts) {
  return answer(request, eventsQuery, (origin, query) =>
    eventsFeedResponse(kind, origin, readOpts, FLAG_HEADERS, query),
  );
}
