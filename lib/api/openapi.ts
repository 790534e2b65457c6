/**
 * OpenAPI 3.1 document generated from the same zod schemas the routes are built on and the
 * tests validate against. Each public route registers itself in `ROUTES` as it lands.
 */
import { z } from "zod";
import { DEPEGS_ROUTE_DOCS } from "@/lib/depegs/openapi";
import { intelResponseSchema } from "@/lib/intel/schema";
import { flowsResponseSchema } from "@/lib/flows/schema";
import { issuersResponseSchema } from "@/lib/issuers/schema";
import { pegHistoryResponseSchema } from "@/lib/peg-history/schema";
import { poolsResponseSchema } from "@/lib/pools/schema";
import { riskResponseSchema } from "@/lib/risk/schema";
import { supplyResponseSchema } from "@/lib/supply/schema";
import { selectorSchema, swapSizeSchema, walletSchema, windowSchema } from "./params";
import { errorBodySchema } from "./response";

interface Param {
  name: string;
  required: boolean;
  schema: z.ZodType;
  description: string;
}

export interface RouteDoc {
  path: string;
  summary: string;
  params: Param[];
  response: z.ZodType;
  errors: number[];
}

const q: Param = {
  name: "q",
  required: true,
  schema: selectorSchema,
  description: "Symbol (any case), CoinGecko id or DefiLlama id.",
};

export const ROUTES: RouteDoc[] = [
  {
    path: "/api/stablecoin-intel",
    summary: "Peg, liquidity and supply context for one stablecoin (spec §2 normalized response).",
    params: [q],
    response: intelResponseSchema,
    errors: [400, 404, 405],
  },
  {
    path: "/api/stablecoin-supply",
    summary:
      "Top USD-pegged stablecoins by circulating supply, 7d/30d net change, peg deviation, backing, rail chips.",
    params: [],
    response: supplyResponseSchema,
    errors: [400, 405, 503],
  },
  {
    path: "/api/stablecoin-issuers",
    summary:
      "Issuer × chain market cap (treemap), issuer concentration (HHI, top issuer), issuer exposure.",
    params: [],
    response: issuersResponseSchema,
    errors: [400, 405, 503],
  },
  {
    path: "/api/stablecoin-pools",
    summary:
      "Pool map (venue × chain) from the DEX aggregator and the deep-liquidity finder for a swap size.",
    params: [
      q,
      {
        name: "size_usd",
        required: false,
        schema: swapSizeSchema,
        description: "Swap size in USD for the finder.",
      },
    ],
    response: poolsResponseSchema,
    errors: [400, 404, 405],
  },
  {
    path: "/api/stablecoin-risk",
    summary:
      "Risk console: peg status and badge, depeg statistics per window, depth, issuer concentration, velocity, momentum, risk score.",
    params: [q],
    response: riskResponseSchema,
    errors: [400, 404, 405],
  },
  {
    path: "/api/stablecoin-peg-history",
    summary:
      "Sparkline series for a window (market-provider history) and that window's depeg statistics.",
    params: [
      q,
      { name: "window", required: true, schema: windowSchema, description: "24h, 7d or 30d." },
    ],
    response: pegHistoryResponseSchema,
    errors: [400, 404, 405],
  },
  {
    path: "/api/stablecoin-flows",
    summary:
      "Protocol flows, CEX ↔ unlabeled large transfers and chain migration (scheduled/cached on-chain snapshots).",
    params: [
      { ...q, required: false },
      {
        name: "wallet",
        required: false,
        schema: walletSchema,
        description: "0x + 40 hex; filters the shared transfer rows locally.",
      },
    ],
    response: flowsResponseSchema,
    errors: [400, 404, 405],
  },
  ...DEPEGS_ROUTE_DOCS,
];

export function registerRoute(doc: RouteDoc): void {
  if (!ROUTES.some((r) => r.path === doc.path)) ROUTES.push(doc);
}

const toJson = (schema: z.ZodType, io: "input" | "output") => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return rest;
};

const ERROR_TEXT: Record<number, string> = {
  400: "Malformed parameter",
  404: "Unknown asset",
  405: "Method not allowed (Allow: GET, HEAD, OPTIONS)",
  503: "Upstream unavailable and nothing cached",
};

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const r of ROUTES) {
    const errors = Object.fromEntries(
      r.errors.map((status) => [
        String(status),
        {
          description: ERROR_TEXT[status] ?? "Error",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      ]),
    );
    paths[r.path] = {
      get: {
        summary: r.summary,
        parameters: r.params.map((p) => ({
          name: p.name,
          in: "query",
          required: p.required,
          description: p.description,
          schema: toJson(p.schema, "input"),
        })),
        responses: {
          "200": {
            description: "OK",
            content: { "application/json": { schema: toJson(r.response, "output") } },
          },
          ...errors,
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Stablecoin Intelligence API",
      version: "1.0.0",
      description:
        "Read-only, informational only; not investment advice. Every body carries holderAnalyticsSupported: false. Methods other than GET, HEAD and OPTIONS answer 405.",
    },
    paths,
    components: { schemas: { Error: toJson(errorBodySchema, "output") } },
  };
}

// Parameter schemas of later routes, exported so they are documented from one place.
export const PARAM_SCHEMAS = {
  selector: selectorSchema,
  window: windowSchema,
  wallet: walletSchema,
  swapSize: swapSizeSchema,
};
