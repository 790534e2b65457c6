/** GET /api/stablecoin-chains: the chain ranking and, with `chain`, one chain's coins (issue 28). */
import { z } from "zod";
import { chainDetailResponseSchema, chainsListResponseSchema } from "@/lib/chains/schema";
import { chainParamSchema } from "@/lib/chains/params";
import { AGGREGATE_S_MAXAGE_SECONDS } from "../../route";
import { TAGS, type RouteDoc } from "../route-doc";
import chains from "../examples/chains.json";

export const chainsRoute: RouteDoc = {
  path: "/api/stablecoin-chains",
  operationId: "getStablecoinChains",
  tag: TAGS.market,
  summary: "USD stablecoin supply per chain; one chain's coins",
  description:
    "Without `chain`: every chain the aggregate lists (EVM or not), ranked by USD stablecoin supply, with 1/7/30-day change and the largest coins and their dominance. With `chain`: that chain's coins with their natively minted vs bridged-in supply (and the bridges the aggregate names), the chain-local peg (TVL-weighted DEX price over the coin's pools on the chain with TVL ≥ 50 000 USD, in bps from 1.00) where the service reads pools, `chain_local_depeg` flags, and the chain's daily supply history. Chain names are canonical and lowercase (`bnb`, `optimism`); aggregate labels (`BSC`, `OP Mainnet`) are accepted.",
  params: [
    {
      name: "chain",
      in: "query",
      required: false,
      schema: chainParamSchema,
      description: "A chain: canonical name or the aggregate's label, any case.",
      example: "ethereum",
    },
  ],
  ok: {
    description: "The chain ranking, or one chain's coins (with `chain`).",
    schema: z.union([chainsListResponseSchema, chainDetailResponseSchema]),
    example: chains,
  },
  errors: { 400: ["bad_request"], 404: ["not_found"], 503: ["upstream_unavailable"] },
  cache: {
    kind: "shared",
    note: `the ranking may be kept by shared caches for ${AGGREGATE_S_MAXAGE_SECONDS} s (\`s-maxage\`), one chain's view (live pool prices) for 60 s; a degraded answer is \`no-store\`.`,
  },
};
