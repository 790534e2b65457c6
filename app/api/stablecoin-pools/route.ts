import { z } from "zod";
import { selectorSchema, swapSizeSchema } from "@/lib/api/params";
import { jsonError, jsonOk, parseQuery, publicRoute } from "@/lib/api/response";
import { getPools } from "@/lib/pools";
import { LIVE_CACHE_SECONDS } from "@/lib/snapshot/live";

export const dynamic = "force-dynamic";

const querySchema = z.object({ q: selectorSchema, size_usd: swapSizeSchema.optional() });

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(async (request) => {
  const input = parseQuery(request, querySchema);
  if (!input.ok) return input.response;
  const result = await getPools(input.value.q, input.value.size_usd ?? null, request.signal);
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
