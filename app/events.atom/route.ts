import { eventsFeedRoute } from "@/lib/api/feed-route";
import { publicRoute } from "@/lib/api/response";

export const dynamic = "force-dynamic";

/** Atom 1.0 feed of the event log's confirmed events (`q`: one coin; `type`: one type). */
export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = publicRoute((request, readOpts) =>
  eventsFeedRoute("atom", request, readOpts),
);
