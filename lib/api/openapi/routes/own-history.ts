/**
 * The service's own history (docs/history.md): a coin's samples as a series, and the event log
 * with its feeds. Each one self-contained `RouteDoc`.
 */
import { z } from "zod";
import { eventsResponseSchema, historyResponseSchema } from "@/lib/history-api/types";
import {
  confirmedParamSchema,
  eventsLogWindowSchema,
  historyFormatSchema,
  historyWindowSchema,
  logEventTypeSchema,
} from "../../params";
import type { RouteDoc, TagDoc } from "../route-doc";
import { q } from "./asset";
import { atomFeedAnswer, FEED_Q, jsonFeedAnswer } from "./history";
import events from "../examples/events.json";
import history from "../examples/history.json";

const OWN_HISTORY_TAG: TagDoc = {
  name: "Own history",
  description:
    "What the service measured itself — depth, exit cost, the price of a large sale, chain-local peg, the risk score — kept over time, and the events raised from it. It starts at the service's first sample and cannot be backfilled.",
};

const CACHE = {
  kind: "shared",
  note: "a healthy answer may be kept by shared caches for the chart class's freshness (`s-maxage`, docs/caching.md); a degraded one (the store did not answer every read, or the asset layer warned) is `no-store`.",
} as const satisfies RouteDoc["cache"];

const TYPE: RouteDoc["params"][number] = {
  name: "type",
  in: "query",
  required: false,
  schema: logEventTypeSchema,
  description: "Only events of this type.",
  example: "liquidity_drain",
};

const CSV_EXAMPLE =
  "t,price_usd,peg_deviation_bps,depth_2pct_usd,depth_2pct_cex_usd,depth_2pct_dex_usd,exit_cost_bps_100k,exit_cost_bps_1m,exit_cost_bps_10m,sale_1m_price_usd,risk_score,risk_transparency,risk_liquidity,risk_peg_stability,risk_coverage,circulating_usd,chain_peg_bps.base\r\n";

export const historyRoute: RouteDoc = {
  path: "/api/stablecoin-history",
  operationId: "getStablecoinHistory",
  tag: OWN_HISTORY_TAG,
  summary: "The coin's own history: depth, exit cost, chain-local peg, risk score over time",
  description:
    "The samples the service took of one coin (`q`) within `window`, oldest first: `price_usd` and `peg_deviation_bps`, ±2 % depth (`depth_2pct_usd` with its CEX and DEX parts), best-route exit cost at 100 k, 1 M and 10 M USD, the executable price of a 1 M USD sale, the risk score with each component and its coverage, `circulating_usd`, and each chain's chain-local peg (`chain_peg_bps`, every chain seen in the window on every point). Up to 90 days every sample (`resolution: sample`, `interval_seconds` the sample interval); 365 days one point a UTC day, each value that day's median (`resolution: daily`). A value not measured is `null`, never 0 and never carried forward; a slot without a sample has no point (a gap stays a gap), and a measurement missing at some point is named in a `history_measurement_missing` warning. `history_start` is the service's first sample of the coin (null: none yet, with `history_not_started`): its own history cannot be backfilled. `sources` names each measurement's sources within the window and their newest as-of. `format=csv` (RFC 4180, header row, an empty cell for null, `chain_peg_bps.<chain>` columns) and `format=ndjson` (one point a line) give the same rows as `points`, with the flag as the `X-Holder-Analytics-Supported` header and `X-History-Start` and `X-Warning-Codes` headers.",
  params: [
    q,
    {
      name: "window",
      in: "query",
      required: false,
      schema: historyWindowSchema,
      description: "How far back from now; 365d is daily.",
      example: "7d",
    },
    {
      name: "format",
      in: "query",
      required: false,
      schema: historyFormatSchema,
      description: "json (the body), csv or ndjson (the same rows as `points`).",
      example: "json",
    },
  ],
  ok: {
    description: "The series.",
    schema: historyResponseSchema,
    example: history,
    alternates: [
      {
        mediaType: "text/csv",
        schema: z.string().describe("CSV, one row a point"),
        example: CSV_EXAMPLE,
      },
      {
        mediaType: "application/x-ndjson",
        schema: z.string().describe("NDJSON, one point a line"),
        example: "",
      },
    ],
  },
  errors: { 400: ["bad_request"], 404: ["unknown_asset"] },
  cache: CACHE,
};

export const eventsRoute: RouteDoc = {
  path: "/api/stablecoin-events",
  operationId: "getStablecoinEvents",
  tag: OWN_HISTORY_TAG,
  summary:
    "The event log: depegs, liquidity drains, depegs at size, chain-local depegs, risk score changes",
  description:
    "One log, newest first, for one coin (`q`) or across the market: the price depeg events of `/api/stablecoin-depegs` (`type: depeg`, their rule unchanged; `confirmed` unless the depeg log lists them as unconfirmed) and the events raised from the service's own history of every sampled coin by the rules on the methodology page (docs/history.md) — `liquidity_drain` (±2 % depth below half its trailing 7-day median for 2 samples; `confirmed` only when two independent venues each fell by half, else listed with `confirmed: false` and left out of the feeds), `depeg_at_size` (a 1 M USD sale's executable price beyond 100 bps from 1.00 for 2 samples), `chain_local_depeg` (a chain's peg beyond 100 bps while the coin's price is within 50 bps; names the `chain`) and `risk_score_change` (≥ 10 points within 24 h; `component_deltas` explain it). An event is listed when it overlaps the window; `end` is null while `ongoing`. History events are raised from the samples kept at the sample interval (90 days): a longer window says so with `history_events_raw_retention` once the history is older than that. `history_start`: the earliest first sample among the coins read.",
  params: [
    FEED_Q,
    TYPE,
    {
      name: "window",
      in: "query",
      required: false,
      schema: eventsLogWindowSchema,
      description: "Events still open, or ended, within this window before now.",
      example: "30d",
    },
    {
      name: "confirmed",
      in: "query",
      required: false,
      schema: confirmedParamSchema,
      description:
        "Only confirmed (`true`) or only unconfirmed (`false`) events; both when absent.",
      example: "true",
    },
  ],
  ok: { description: "The events.", schema: eventsResponseSchema, example: events },
  errors: { 400: ["bad_request"], 404: ["unknown_asset"] },
  cache: CACHE,
};

export const eventsAtomRoute: RouteDoc = {
  path: "/events.atom",
  operationId: "getEventFeedAtom",
  tag: OWN_HISTORY_TAG,
  summary: "Confirmed events as an Atom 1.0 feed",
  description:
    "The confirmed events of `/api/stablecoin-events` over the last 365 days (one coin's with `q`, one type's with `type`), newest first, as Atom 1.0 with stable entry ids (`urn:stablecoin-intel:event:{event id}`), each linking to the coin's canonical page and carrying its type as category. Unconfirmed events (a drain seen on one venue only) are left out. An unknown `q` is a 404 `unknown_asset` JSON error, a malformed parameter a 400.",
  params: [FEED_Q, TYPE],
  ...atomFeedAnswer,
};

export const eventsJsonRoute: RouteDoc = {
  path: "/events.json",
  operationId: "getEventFeedJson",
  tag: OWN_HISTORY_TAG,
  summary: "Confirmed events as a JSON Feed 1.1",
  description:
    "The same events as `/events.atom`, as JSON Feed 1.1 with the same stable ids; each item's `_event` is the event as in `/api/stablecoin-events`. The `holderAnalyticsSupported: false` invariant sits in the feed's `_stablecoin_intel` extension object.",
  params: [FEED_Q, TYPE],
  ...jsonFeedAnswer("Stablecoin events"),
};
