/** The market-wide routes, each one self-contained `RouteDoc`. */
import { z } from "zod";
import { issuersResponseSchema } from "@/lib/issuers/schema";
import { supplyResponseSchema } from "@/lib/supply/schema";
import { AGGREGATE_S_MAXAGE_SECONDS } from "../../route";
import { TAGS, type RouteDoc } from "../route-doc";
import issuers from "../examples/issuers.json";
import supply from "../examples/supply.json";

const AGGREGATE_CACHE = `a healthy answer may be kept by shared caches for ${AGGREGATE_S_MAXAGE_SECONDS} s (\`s-maxage\`) with \`stale-while-revalidate\` up to the supply-panel TTL class (6 h, docs/caching.md); a degraded one is \`no-store\`.`;
const AGGREGATE_ERRORS = {
  400: ["bad_request"],
  503: ["upstream_unavailable"],
} satisfies RouteDoc["errors"];

export const supplyRoute: RouteDoc = {
  path: "/api/stablecoin-supply",
  operationId: "getStablecoinSupply",
  tag: TAGS.market,
  summary: "USD stablecoins ranked by circulating supply",
  description:
    "USD-pegged stablecoins ranked by circulating supply, with 7-day and 30-day net supply change, peg deviation, backing label, and the market context rail's chips. Coins DefiLlama marks dead (`deadFrom`, `delisted` or `deprecated`) are left out of the list, the total and the rail unless `include_dead=true` lists them, marked `dead`, after the live ones (the total and the rail stay live-only). The rail's largest 7-day change counts only coins above 5,000,000 USD both now and a week ago. Served from the 6-hour aggregate cache. Unknown parameters are ignored, a repeated one is a 400.",
  params: [
    {
      name: "include_dead",
      in: "query",
      required: false,
      schema: z.enum(["true", "false"]),
      description:
        "`true` also lists dead coins, marked `dead` with `dead_reason` (default `false`).",
      example: "false",
    },
  ],
  ok: { description: "The ranked supply panel.", schema: supplyResponseSchema, example: supply },
  errors: AGGREGATE_ERRORS,
  cache: { kind: "shared", note: AGGREGATE_CACHE },
};

export const issuersRoute: RouteDoc = {
  path: "/api/stablecoin-issuers",
  operationId: "getStablecoinIssuers",
  tag: TAGS.market,
  summary: "Issuer × chain market cap and issuer concentration",
  description:
    "Market cap by issuer and chain (the treemap), issuer concentration (HHI and top issuer share) and issuer exposure from the scheduled snapshot. No parameters: unknown ones are ignored, a repeated one is a 400.",
  params: [],
  ok: {
    description: "Issuer tree and concentration.",
    schema: issuersResponseSchema,
    example: issuers,
  },
  errors: AGGREGATE_ERRORS,
  cache: { kind: "shared", note: AGGREGATE_CACHE },
};
