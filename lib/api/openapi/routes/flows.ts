/** `/api/stablecoin-flows`, one self-contained `RouteDoc`. */
import { flowsResponseSchema } from "@/lib/flows/schema";
import { selectorSchema, walletParamSchema } from "../../params";
import { SELECTOR_DESCRIPTION, TAGS, type RouteDoc } from "../route-doc";
import flows from "../examples/flows.json";

export const flowsRoute: RouteDoc = {
  path: "/api/stablecoin-flows",
  operationId: "getStablecoinFlows",
  tag: TAGS.flows,
  summary: "Protocol flows, CEX ↔ unlabeled transfers and chain migration",
  description:
    "Three scheduled on-chain snapshots, read from the cache only (docs/route-contract.md): protocol inflow/outflow leaderboard, large transfers between labeled exchanges and unlabeled addresses, and net chain migration. `q` narrows to one stablecoin and `wallet` to one address; both filter the shared rows after reading.",
  params: [
    {
      name: "q",
      in: "query",
      required: false,
      schema: selectorSchema,
      description: SELECTOR_DESCRIPTION,
      example: "usdc",
    },
    {
      name: "wallet",
      in: "query",
      required: false,
      schema: walletParamSchema,
      description: "An EVM address: `0x` and 40 hexadecimal characters, any case.",
      example: "0x28c6c06298d514db089934071355e5743bf21d60",
    },
  ],
  ok: { description: "The three flow views.", schema: flowsResponseSchema, example: flows },
  errors: { 400: ["bad_request"], 404: ["unknown_asset"] },
  cache: {
    kind: "shared",
    note: "a healthy answer may be kept by shared caches for up to one hour (`s-maxage`) with `stale-while-revalidate` up to the movement TTL class (12 h, docs/caching.md); a degraded one is `no-store`.",
  },
};
