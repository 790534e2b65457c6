import { z } from "zod";
import { selectorSchema, walletSchema } from "@/lib/api/params";
import { jsonError, jsonOk, parseQuery, publicRoute } from "@/lib/api/response";
import { getConfig } from "@/lib/config";
import { getFlows } from "@/lib/flows";

export const dynamic = "force-dynamic";

const querySchema = z.object({ q: selectorSchema.optional(), wallet: walletSchema.optional() });

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(async (request) => {
  const input = parseQuery(request, querySchema);
  if (!input.ok) return input.response;
  const result = await getFlows(
    { q: input.value.q ?? null, wallet: input.value.wallet ?? null },
    request.signal,
  );
  if (!result.ok) {
    return jsonError(404, "unknown_asset", "No USD stablecoin matches this selector.", {
      suggestions: result.suggestions,
    });
  }
  // Movement snapshots refresh at most every 12 h: let a CDN hold a healthy answer for an hour.
  const ttl = getConfig().ttlSeconds.movement;
  return jsonOk(result.body, {
    degraded: result.degraded,
    cache: { sMaxAgeSeconds: Math.min(ttl, 3600), staleWhileRevalidateSeconds: ttl },
  });
});
