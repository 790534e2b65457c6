/**
 * The OpenAPI entry of GET /api/stablecoin-depegs, self-contained (structurally a `RouteDoc` of
 * lib/api/openapi.ts) so the document can list it with one spread: `...DEPEGS_ROUTE_DOCS`.
 */
import { z } from "zod";
import { selectorSchema } from "@/lib/api/params";
import { DEFAULT_EVENTS_WINDOW, EVENTS_WINDOWS } from "./index";
import { depegsResponseSchema } from "./schema";

export const eventsWindowSchema = z
  .enum(EVENTS_WINDOWS, { error: `must be one of ${EVENTS_WINDOWS.join(", ")}` })
  .default(DEFAULT_EVENTS_WINDOW);

export const DEPEGS_ROUTE_DOCS = [
  {
    path: "/api/stablecoin-depegs",
    summary:
      "Depeg events (published rule: beyond ±100 bps for ≥ 1 h enters, within ±50 bps for ≥ 2 h leaves), newest first, for one coin or across the tracked market.",
    params: [
      {
        name: "q",
        required: false,
        schema: selectorSchema,
        description:
          "One coin: symbol (any case), CoinGecko id or DefiLlama id. Omit for the tracked market.",
      },
      {
        name: "window",
        required: false,
        schema: eventsWindowSchema,
        description: "30d, 90d or 365d (default). Events open or ending inside the window.",
      },
    ],
    response: depegsResponseSchema,
    errors: [400, 404, 405],
  },
];
