import { z } from "zod";
import { selectorSchema, windowSchema } from "@/lib/api/params";
import { parseQuery, publicRoute, respondAsset } from "@/lib/api/response";
import { getPegHistory } from "@/lib/peg-history";
import { CHART_CACHE_SECONDS } from "@/lib/snapshot/live";

export const dynamic = "force-dynamic";

const querySchema = z.object({ q: selectorSchema, window: windowSchema });

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(
  async (request, readOpts) => {
    const input = parseQuery(request, querySchema);
    if (!input.ok) return input.response;
    return respondAsset(await getPegHistory(input.value.q, input.value.window, readOpts), {
      sMaxAgeSeconds: CHART_CACHE_SECONDS,
      staleWhileRevalidateSeconds: CHART_CACHE_SECONDS,
    });
  },
);
