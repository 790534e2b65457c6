import { z } from "zod";
import { selectorSchema, swapSizeSchema } from "@/lib/api/params";
import { parseQuery, publicRoute, respondAsset } from "@/lib/api/response";
import { getPools } from "@/lib/pools";
import { LIVE_CACHE_SECONDS } from "@/lib/snapshot/live";

export const dynamic = "force-dynamic";

const querySchema = z.object({ q: selectorSchema, size_usd: swapSizeSchema.optional() });

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(
  async (request, readOpts) => {
    const input = parseQuery(request, querySchema);
    if (!input.ok) return input.response;
    return respondAsset(await getPools(input.value.q, input.value.size_usd ?? null, readOpts), {
      sMaxAgeSeconds: LIVE_CACHE_SECONDS,
      staleWhileRevalidateSeconds: LIVE_CACHE_SECONDS,
    });
  },
);
