import { feedRoute } from "@/lib/api/feed-route";
import { publicRoute } from "@/lib/api/response";

export const dynamic = "force-dynamic";

/** Atom 1.0 feed of the latest depeg events (one coin's with `q`). */
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute((request, readOpts) =>
  feedRoute("atom", request, readOpts),
);
