import { z } from "zod";
import { selectorSchema } from "@/lib/api/params";
import { parseQuery, publicRoute, respondAsset } from "@/lib/api/response";
import { getRiskConsole } from "@/lib/risk";
import { LIVE_CACHE_SECONDS } from "@/lib/snapshot/live";

export const dynamic = "force-dynamic";

const querySchema = z.object({ q: selectorSchema });

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(
  async (request, readOpts) => {
    const input = parseQuery(request, querySchema);
    if (!input.ok) return input.response;
    return respondAsset(await getRiskConsole(input.value.q, readOpts), {
      sMaxAgeSeconds: LIVE_CACHE_SECONDS,
      staleWhileRevalidateSeconds: LIVE_CACHE_SECONDS,
    });
  },
);
