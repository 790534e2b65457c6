/**
 * The depeg feeds' handler (`/depegs.atom`, `/depegs.json`): optional `q` parsed like the API
 * routes (malformed → 400), an unknown coin → 404 `unknown_asset` JSON, else the feed.
 */
import { z } from "zod";
import { feedResponse } from "@/lib/depegs/feed-response";
import type { ReadOpts } from "@/lib/snapshot/read-opts";
import { FLAG_HEADERS } from "./body";
import { jsonError } from "./errors";
import { publicOrigin } from "./origin";
import { selectorSchema } from "./params";
import { parseQuery } from "./query";
import { noteUpstream } from "./response-facts";

const querySchema = z.object({ q: selectorSchema.optional() });

export async function feedRoute(
  kind: "atom" | "json",
  request: Request,
  readOpts: ReadOpts,
): Promise<Response> {
  const input = parseQuery(request, querySchema);
  if (!input.ok) return input.response;
  const r = await feedResponse(kind, publicOrigin(request), readOpts, FLAG_HEADERS, input.value.q);
  if (!r.ok) {
    return jsonError(404, "unknown_asset", "No USD stablecoin matches this selector.", {
      suggestions: r.suggestions,
    });
  }
  return noteUpstream(r.response, r.upstream);
}
