import { FLAG_HEADERS, noteUpstream, publicRoute } from "@/lib/api/response";
import { publicOrigin } from "@/lib/api/origin";
import { feedResponse } from "@/lib/depegs/feed-response";

export const dynamic = "force-dynamic";

/** JSON Feed 1.1 of the latest depeg events. */
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute(
  async (request, readOpts) => {
    const { response, upstream } = await feedResponse(
      "json",
      publicOrigin(request),
      readOpts,
      FLAG_HEADERS,
    );
    return noteUpstream(response, upstream);
  },
);
