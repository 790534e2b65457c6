import { z } from "zod";
import { selectorSchema, walletSchema } from "@/lib/api/params";
import { parseQuery, publicRoute, respondAsset } from "@/lib/api/response";
import { getConfig } from "@/lib/config";
import { getFlows } from "@/lib/flows";

export const dynamic = "force-dynamic";

/** A CDN may hold a healthy flows answer this long; the snapshots themselves refresh ≥ 12 h. */
const FLOWS_S_MAXAGE_SECONDS = 3600;

const querySchema = z.object({ q: selectorSchema.optional(), wallet: walletSchema.optional() });

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(
  async (request, readOpts) => {
    const input = parseQuery(request, querySchema);
    if (!input.ok) return input.response;
    const filters = { q: input.value.q ?? null, wallet: input.value.wallet ?? null };
    const ttl = getConfig().ttlSeconds.movement;
    return respondAsset(await getFlows(filters, readOpts), {
      sMaxAgeSeconds: Math.min(ttl, FLOWS_S_MAXAGE_SECONDS),
      staleWhileRevalidateSeconds: ttl,
    });
  },
);
