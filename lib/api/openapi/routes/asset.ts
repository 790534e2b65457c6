/** The per-asset routes, each one self-contained `RouteDoc`. */
import { exitCostResponseSchema } from "@/lib/exit-cost/schema";
import { intelResponseSchema } from "@/lib/intel/schema";
import { pegHistoryResponseSchema } from "@/lib/peg-history/schema";
import { poolsResponseSchema } from "@/lib/pools/schema";
import { riskResponseSchema } from "@/lib/risk/schema";
import { exitSizesParamSchema, selectorSchema, swapSizeSchema, windowSchema } from "../../params";
import { SELECTOR_DESCRIPTION, TAGS, type ParamDoc, type RouteDoc } from "../route-doc";
import exitCost from "../examples/exit-cost.json";
import intel from "../examples/intel.json";
import pegHistory from "../examples/peg-history.json";
import pools from "../examples/pools.json";
import risk from "../examples/risk.json";

/** The required selector of the per-coin routes. */
export const q: ParamDoc = {
  name: "q",
  in: "query",
  required: true,
  schema: selectorSchema,
  description: SELECTOR_DESCRIPTION,
  example: "usdc",
};

const LIVE_CACHE =
  "a healthy answer may be kept by shared caches for the live-read class's freshness (`s-maxage`, docs/caching.md); a degraded one is `no-store`.";
const ASSET_ERRORS = { 400: ["bad_request"], 404: ["unknown_asset"] } satisfies RouteDoc["errors"];

export const intelRoute: RouteDoc = {
  path: "/api/stablecoin-intel",
  operationId: "getStablecoinIntel",
  tag: TAGS.asset,
  summary: "Peg, liquidity and supply context for one stablecoin",
  description:
    "The normalized stablecoin response: live price and peg deviation from the market provider, CEX and DEX liquidity depth, and the supply distribution by chain from the cached on-chain snapshot. A field nothing measured is `null` and comes with a warning; a provider that fails degrades the answer, it does not fail it.",
  params: [q],
  ok: {
    description: "The normalized stablecoin response.",
    schema: intelResponseSchema,
    example: intel,
  },
  errors: ASSET_ERRORS,
  cache: { kind: "shared", note: LIVE_CACHE },
};

export const riskRoute: RouteDoc = {
  path: "/api/stablecoin-risk",
  operationId: "getStablecoinRisk",
  tag: TAGS.asset,
  summary: "Risk console for one stablecoin",
  description:
    "Peg status and badge, depeg statistics per window, depth, issuer concentration, velocity, supply momentum and a risk score with its components, weights and the inputs each component was computed from (`risk_score.components[].inputs`, snake_case keys). A component whose input is unknown scores 0 (the weakest known value) and is listed in `risk_score.missing`; `risk_score.coverage` is the share of the weight that was measured. Historical observation, not a prediction.",
  params: [q],
  ok: { description: "The risk console.", schema: riskResponseSchema, example: risk },
  errors: ASSET_ERRORS,
  cache: { kind: "shared", note: LIVE_CACHE },
};

export const pegHistoryRoute: RouteDoc = {
  path: "/api/stablecoin-peg-history",
  operationId: "getStablecoinPegHistory",
  tag: TAGS.asset,
  summary: "Peg sparkline and depeg statistics for one window",
  description:
    "The price series of one window from the market provider's history, and that window's depeg statistics (share of time outside ±10/50/100 bps, worst deviation, excursions).",
  params: [
    q,
    {
      name: "window",
      in: "query",
      required: true,
      schema: windowSchema,
      description: "The history window.",
      example: "7d",
    },
  ],
  ok: {
    description: "The window's series and statistics.",
    schema: pegHistoryResponseSchema,
    example: pegHistory,
  },
  errors: ASSET_ERRORS,
  cache: {
    kind: "shared",
    note: "a healthy answer may be kept by shared caches for the chart class's freshness (`s-maxage`, docs/caching.md); a degraded one is `no-store`.",
  },
};

export const poolsRoute: RouteDoc = {
  path: "/api/stablecoin-pools",
  operationId: "getStablecoinPools",
  tag: TAGS.asset,
  summary: "Pool map and deep-liquidity finder for one stablecoin",
  description:
    "DEX pools of the stablecoin by venue and chain from the DEX aggregator, and the deep-liquidity finder's ranking of those pools for a swap of `size_usd` (informational, not a routing instruction).",
  params: [
    q,
    {
      name: "size_usd",
      in: "query",
      required: false,
      schema: swapSizeSchema,
      description:
        "Swap size in USD for the finder, written as a JSON number (`1000000`, `2500.5`, `1e6`; no `+` sign, spaces, separators or leading zeros); bounds in the schema.",
      example: 1_000_000,
    },
  ],
  ok: { description: "Pool map and finder ranking.", schema: poolsResponseSchema, example: pools },
  errors: ASSET_ERRORS,
  cache: { kind: "shared", note: LIVE_CACHE },
};

export const exitCostRoute: RouteDoc = {
  path: "/api/stablecoin-exit-cost",
  operationId: "getStablecoinExitCost",
  tag: TAGS.asset,
  summary: "Exit cost by trade size for one stablecoin",
  description:
    "What selling each size of a ladder of the coin costs, in bps from $1.00: per venue (CEX order books of the coin's USD and USDT markets on Binance, Kraken and Coinbase Exchange, walked level by level; KyberSwap DEX quotes per chain into the chain's deepest USD stablecoin), the best single venue, a greedy split estimate across venues (labelled `estimate`), unfilled amounts, and the largest size at which the coin holds its peg (best exit within 50 bps). A venue that cannot take a size is reported as not fillable, never as a number; a figure nothing measured is `null` with a reason and a warning.",
  params: [
    q,
    {
      name: "sizes_usd",
      in: "query",
      required: false,
      schema: exitSizesParamSchema,
      description:
        "Trade sizes in USD, comma-separated, each written as a JSON number (`10000`, `2500.5`, `1e6`); bounds in the schema. Sorted and de-duplicated. Default 10000,100000,1000000,10000000.",
      example: [10_000, 1_000_000],
    },
  ],
  ok: {
    description: "The exit-cost ladder.",
    schema: exitCostResponseSchema,
    example: exitCost,
  },
  errors: ASSET_ERRORS,
  cache: { kind: "shared", note: LIVE_CACHE },
};
