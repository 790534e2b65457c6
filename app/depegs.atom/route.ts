import { FLAG_HEADERS, noteUpstream, publicRoute } from "@/lib/api/response";
import { publicOrigin } from "@/lib/api/origin";
import { feedResponse } from "@/lib/depegs/feed-response";

export const dynamic = "force-dynamic";

/** Atom 1.0 feed of the latest depeg events. */
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(
  async (request, readOpts) => {
    const { response, upstream } = await feedResponse(
      "atom",
      publicOrigin(request),
      readOpts,
      FLAG_HEADERS,
    );
    return noteUpstream(response, upstream);
  },
);
