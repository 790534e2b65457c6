import { z } from "zod";
import { jsonError, jsonOk, parseQuery, publicRoute } from "@/lib/api/response";
import { getConfig } from "@/lib/config";
import { getSupplyPanel, SUPPLY_RETRY_AFTER_SECONDS } from "@/lib/supply";

export const dynamic = "force-dynamic";

/** No parameters: unknown ones are ignored, repeated ones rejected by parseQuery. */
const querySchema = z.object({});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(async (request) => {
  const input = parseQuery(request, querySchema);
  if (!input.ok) return input.response;
  const result = await getSupplyPanel(request.signal);
  if (!result.ok) {
    return jsonError(
      503,
      "upstream_unavailable",
      "The stablecoin aggregate is unavailable and no copy is cached yet.",
      {
        warnings: [result.warning],
        headers: { "Retry-After": String(SUPPLY_RETRY_AFTER_SECONDS) },
      },
    );
  }
  const ttl = getConfig().ttlSeconds.supplyPanel;
  return jsonOk(result.body, {
    degraded: result.degraded,
    cache: { sMaxAgeSeconds: Math.min(ttl, 600), staleWhileRevalidateSeconds: ttl },
  });
});
