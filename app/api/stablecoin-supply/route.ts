import { z } from "zod";
import {
  AGGREGATE_S_MAXAGE_SECONDS,
  parseQuery,
  publicRoute,
  respondAggregate,
} from "@/lib/api/response";
import { getConfig } from "@/lib/config";
import { getSupplyPanel } from "@/lib/supply";

export const dynamic = "force-dynamic";

/** Unknown parameters are ignored, repeated ones rejected by parseQuery. */
const querySchema = z.object({
  include_dead: z
    .enum(["true", "false"], { error: "must be true or false" })
    .optional()
    .transform((v) => v === "true"),
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(
  async (request, readOpts) => {
    const input = parseQuery(request, querySchema);
    if (!input.ok) return input.response;
    const ttl = getConfig().ttlSeconds.supplyPanel;
    return respondAggregate(
      await getSupplyPanel(readOpts, { includeDead: input.value.include_dead }),
      {
        sMaxAgeSeconds: Math.min(ttl, AGGREGATE_S_MAXAGE_SECONDS),
        staleWhileRevalidateSeconds: ttl,
      },
    );
  },
);
