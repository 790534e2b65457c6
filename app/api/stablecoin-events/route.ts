import { z } from "zod";
import {
  confirmedSchema,
  eventsLogWindowSchema,
  logEventTypeSchema,
  selectorSchema,
} from "@/lib/api/params";
import { parseQuery, publicRoute, respondAsset } from "@/lib/api/response";
import { getStablecoinEvents } from "@/lib/history-api/events";
import { CHART_CACHE_SECONDS } from "@/lib/snapshot/live";

export const dynamic = "force-dynamic";

const querySchema = z.object({
  q: selectorSchema.optional(),
  type: logEventTypeSchema.optional(),
  window: eventsLogWindowSchema,
  confirmed: confirmedSchema.optional(),
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(
  async (request, readOpts) => {
    const input = parseQuery(request, querySchema);
    if (!input.ok) return input.response;
    return respondAsset(await getStablecoinEvents(input.value, readOpts), {
      sMaxAgeSeconds: CHART_CACHE_SECONDS,
      staleWhileRevalidateSeconds: CHART_CACHE_SECONDS,
    });
  },
);
