import { publicRoute } from "@/lib/api/response";
import { feedResponse } from "@/lib/depegs/feed-response";

export const dynamic = "force-dynamic";

/** JSON Feed 1.1 of the latest depeg events. */
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute((request, readOpts) =>
  feedResponse("json", request, readOpts),
);
