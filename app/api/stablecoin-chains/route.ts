import { z } from "zod";
import { jsonError } from "@/lib/api/errors";
import {
  AGGREGATE_S_MAXAGE_SECONDS,
  parseQuery,
  publicRoute,
  respondAggregate,
} from "@/lib/api/response";
import { getChain, getChains } from "@/lib/chains";
import { chainParamSchema } from "@/lib/chains/params";
import { getConfig } from "@/lib/config";
import { LIVE_CACHE_SECONDS } from "@/lib/snapshot/live";

export const dynamic = "force-dynamic";

const querySchema = z.object({ chain: chainParamSchema.optional() });

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(
  async (request, readOpts) => {
    const input = parseQuery(request, querySchema);
    if (!input.ok) return input.response;
    const chain = input.value.chain;
    if (chain === undefined) {
      const ttl = getConfig().ttlSeconds.supplyPanel;
      return respondAggregate(await getChains(readOpts), {
        sMaxAgeSeconds: Math.min(ttl, AGGREGATE_S_MAXAGE_SECONDS),
        staleWhileRevalidateSeconds: ttl,
      });
    }
    const result = await getChain(chain, readOpts);
    if (!result.ok && "unknown" in result)
      return jsonError(404, "not_found", "The aggregate lists no stablecoin supply on this chain.");
    // The one-chain view carries pool prices: live freshness.
    return respondAggregate(result, {
      sMaxAgeSeconds: LIVE_CACHE_SECONDS,
      staleWhileRevalidateSeconds: LIVE_CACHE_SECONDS,
    });
  },
);
