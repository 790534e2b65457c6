import { z } from "zod";
import { historyFormatSchema, historyWindowSchema, selectorSchema } from "@/lib/api/params";
import { parseQuery, publicRoute } from "@/lib/api/response";
import { respondHistory } from "@/lib/api/history-response";
import { getStablecoinHistory } from "@/lib/history-api/history";
import { CHART_CACHE_SECONDS } from "@/lib/snapshot/live";

export const dynamic = "force-dynamic";

const querySchema = z.object({
  q: selectorSchema,
  window: historyWindowSchema,
  format: historyFormatSchema,
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(
  async (request, readOpts) => {
    const input = parseQuery(request, querySchema);
    if (!input.ok) return input.response;
    const { format, ...query } = input.value;
    return respondHistory(await getStablecoinHistory(query, readOpts), format, {
      sMaxAgeSeconds: CHART_CACHE_SECONDS,
      staleWhileRevalidateSeconds: CHART_CACHE_SECONDS,
    });
  },
);
