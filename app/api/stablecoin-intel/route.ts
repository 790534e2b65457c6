import { z } from "zod";
import { selectorSchema } from "@/lib/api/params";
import { parseQuery, publicRoute, respondAsset } from "@/lib/api/response";
import { getStablecoinIntel } from "@/lib/intel";
import { LIVE_CACHE_SECONDS } from "@/lib/snapshot/live";

export const dynamic = "force-dynamic";

const querySchema = z.object({ q: selectorSchema });

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(
  async (request, readOpts) => {
    const input = parseQuery(request, querySchema);
    if (!input.ok) return input.response;
    return respondAsset(await getStablecoinIntel(input.value.q, readOpts), {
      sMaxAgeSeconds: LIVE_CACHE_SECONDS,
      staleWhileRevalidateSeconds: LIVE_CACHE_SECONDS,
    });
  },
);
