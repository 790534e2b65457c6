/**
 * Every public route's `RouteDoc`, in the order the document lists them. A new route: one file
 * (or one export in a file of its group) with its `RouteDoc`, and one line here.
 */
import type { RouteDoc } from "../route-doc";
import { exitCostRoute, intelRoute, pegHistoryRoute, poolsRoute, riskRoute } from "./asset";
import { flowsRoute } from "./flows";
import { atomFeedRoute, badgeRoute, depegsRoute, jsonFeedRoute } from "./history";
import { chainsRoute } from "./chains";
import { issuersRoute, supplyRoute } from "./market";
import { eventsAtomRoute, eventsJsonRoute, eventsRoute, historyRoute } from "./own-history";
import { healthRoute, openApiRoute } from "./service";

export const ROUTE_DOCS: readonly RouteDoc[] = [
  intelRoute,
  riskRoute,
  pegHistoryRoute,
  poolsRoute,
  exitCostRoute,
  supplyRoute,
  issuersRoute,
  chainsRoute,
  flowsRoute,
  depegsRoute,
  badgeRoute,
  atomFeedRoute,
  jsonFeedRoute,
  historyRoute,
  eventsRoute,
  eventsAtomRoute,
  eventsJsonRoute,
  healthRoute,
  openApiRoute,
];
