import { publicRoute } from "@/lib/api/response";
import { feedResponse } from "@/lib/depegs/feed-response";

export const dynamic = "force-dynamic";

/** Atom 1.0 feed of the latest depeg events. */
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute((request, readOpts) =>
  feedResponse("atom", request, readOpts),
);
