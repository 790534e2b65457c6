import { z } from "zod";
import { selectorSchema } from "@/lib/api/params";
import { jsonError, jsonOk, parseQuery, publicRoute } from "@/lib/api/response";
import { getRiskConsole } from "@/lib/risk";
import { LIVE_CACHE_SECONDS } from "@/lib/snapshot/live";

export const dynamic = "force-dynamic";

const querySchema = z.object({ q: selectorSchema });

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(async (request) => {
  const input = parseQuery(request, querySchema);
  if (!input.ok) return input.response;
  const result = await getRiskConsole(input.value.q, request.signal);
  if (!result.ok) {
    return jsonError(404, "unknown_asset", "No USD stablecoin matches this selector.", {
      suggestions: result.suggestions,
    });
  }
  return jsonOk(result.body, {
    degraded: result.degraded,
    cache: { sMaxAgeSeconds: LIVE_CACHE_SECONDS, staleWhileRevalidateSeconds: LIVE_CACHE_SECONDS },
  });
});
