import { z } from "zod";
import { eventsWindowSchema, selectorSchema } from "@/lib/api/params";
import { parseQuery, publicRoute, respondAsset } from "@/lib/api/response";
import { getDepegs } from "@/lib/depegs";
import { CHART_CACHE_SECONDS } from "@/lib/snapshot/live";

export const dynamic = "force-dynamic";

const querySchema = z.object({
  q: selectorSchema.optional(),
  window: eventsWindowSchema,
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(
  async (request, readOpts) => {
    const input = parseQuery(request, querySchema);
    if (!input.ok) return input.response;
    return respondAsset(await getDepegs(input.value, readOpts), {
      sMaxAgeSeconds: CHART_CACHE_SECONDS,
      staleWhileRevalidateSeconds: CHART_CACHE_SECONDS,
    });
  },
);
