/** The depeg event log, its feeds and the embeddable peg badge, each one self-contained `RouteDoc`. */
import { z } from "zod";
import { depegsResponseSchema } from "@/lib/depegs/schema";
import { eventsWindowSchema, selectorSchema } from "../../params";
import { SELECTOR_DESCRIPTION, type RouteDoc, type TagDoc } from "../route-doc";
import depegs from "../examples/depegs.json";

const HISTORY_TAG: TagDoc = {
  name: "History",
  description: "Depeg events from the long-range price history, and the embeddable peg badge.",
};

export const depegsRoute: RouteDoc = {
  path: "/api/stablecoin-depegs",
  operationId: "getStablecoinDepegs",
  tag: HISTORY_TAG,
  summary: "Depeg events, newest first",
  description:
    "Depeg events detected by the published rule (a coin enters an event beyond ±100 bps for at least 1 h of consecutive points and leaves within ±50 bps for at least 2 h; gaps never end an event) from every price series the coin has: the aggregate's daily prices of every stablecoin (DefiLlama `/stablecoinprices`, one call for the whole market), the market provider's hourly (90 days) and daily (365 days) series — read through the cache with `q`, used only when already cached without it — and the DefiLlama coins API's 90-day hourly series (kept warm by the refresher; used when cached without `q`; with `q`, read through the cache for a coin without a CoinGecko id, by its `<chain>:<address>` key once known). Each event names its `resolution` (daily points miss intraday troughs), its `sources` (the series that opened it, then those that confirmed it or were checked) and its `confirmation`: on a coin of 1 B USD or more it is `confirmed` only when a second independent source family (aggregate, market provider, DEX-implied) is beyond ±50 bps on the same side within the event, else `unconfirmed` with a `reason` (still listed); below 1 B USD one source suffices (`not_required`). Without `q`, across the whole market: every USD coin of the aggregate (not yield-bearing) with at least 1,000,000 USD circulating and a price history — a coin without a CoinGecko id counts once its DefiLlama coins hourly series is stored (its events carry `coingecko_id: null` and an id `llama-<DefiLlama id>:<granularity>:<start>`); rebuilding it costs at most two upstream calls. Every event carries the coin's canonical `selector` (its page `/stablecoins/{selector}`, the feeds' item link). A coin with no price series is listed in `history_unavailable`: its events are unknown, not absent.",
  params: [
    {
      name: "q",
      in: "query",
      required: false,
      schema: selectorSchema,
      description: `${SELECTOR_DESCRIPTION} Omit for the whole market.`,
      example: "usdc",
    },
    {
      name: "window",
      in: "query",
      required: false,
      schema: eventsWindowSchema,
      description: "Events still open, or ended, within this window before the as-of time.",
      example: "365d",
    },
  ],
  ok: {
    description: "The events and their sources.",
    schema: depegsResponseSchema,
    example: depegs,
  },
  errors: { 400: ["bad_request"], 404: ["unknown_asset"] },
  cache: {
    kind: "shared",
    note: "a healthy answer may be kept by shared caches for the chart class's freshness (`s-maxage`, docs/caching.md); a degraded one is `no-store`.",
  },
};

const SVG_MEDIA = "image/svg+xml";
const BADGE_EXAMPLE =
  '<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="peg: 0.999–1.001 ✓"><title>peg: 0.999–1.001 ✓ · CoinGecko (market) as of 2026-11-23T12:00:00.000Z</title>…</svg>';

export const badgeRoute: RouteDoc = {
  path: "/api/badge/{asset}.svg",
  operationId: "getPegBadge",
  tag: HISTORY_TAG,
  summary: "Embeddable peg badge (SVG)",
  description:
    'A small shields-style SVG: "peg | 0.999–1.001 ✓" inside the tolerance, the deviation in bps outside it, "not measured" without a price. Its `<title>` names the source and the as-of time. Script-free, served with `Content-Security-Policy: default-src \'none\'`; embed it as an image: `<img src="/api/badge/usdc.svg" alt="USDC peg">`.',
  params: [
    {
      name: "asset",
      in: "path",
      required: true,
      schema: selectorSchema,
      description: SELECTOR_DESCRIPTION,
      example: "usdc",
    },
  ],
  ok: {
    description: "The badge.",
    schema: z.string().describe("SVG document"),
    mediaType: SVG_MEDIA,
    example: BADGE_EXAMPLE,
  },
  errors: {},
  cache: {
    kind: "shared",
    note: "a measured badge may be kept by shared caches for the live class's freshness (`s-maxage` = 60 s); a badge without a measurement is `no-store`.",
  },
  responses: {
    "404": {
      description:
        'No USD stablecoin matches the selector: a grey "unknown coin" badge, still an SVG.',
      content: { [SVG_MEDIA]: { schema: { type: "string" } } },
    },
  },
};

export const ATOM_MEDIA = "application/atom+xml";
export const JSON_FEED_MEDIA = "application/feed+json";
/** JSON Feed 1.1, with the flag in the service's extension object. */
export const jsonFeedSchema = z
  .object({
    version: z.literal("https://jsonfeed.org/version/1.1"),
    title: z.string(),
    items: z.array(z.object({ id: z.string() }).loose()),
    _stablecoin_intel: z.object({ holderAnalyticsSupported: z.literal(false) }).loose(),
  })
  .loose();

export const FEED_CACHE = {
  kind: "shared",
  note: "a complete feed may be kept by shared caches for the chart class's freshness (`s-maxage`); a feed missing some coin's history is `no-store`.",
} as const satisfies RouteDoc["cache"];

export const FEED_Q: RouteDoc["params"][number] = {
  name: "q",
  in: "query",
  required: false,
  schema: selectorSchema,
  description: `${SELECTOR_DESCRIPTION} Omit for the whole market.`,
  example: "usdc",
};

/** An Atom feed route's 200, errors and caching. */
export const atomFeedAnswer = {
  ok: {
    description: "The Atom feed.",
    schema: z.string().describe("Atom 1.0 XML document"),
    mediaType: ATOM_MEDIA,
    example:
      '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">…</feed>',
  },
  errors: { 400: ["bad_request"], 404: ["unknown_asset"] },
  cache: FEED_CACHE,
} satisfies Pick<RouteDoc, "ok" | "errors" | "cache">;

/** A JSON Feed route's 200 (an empty feed of `title` as its example), errors and caching. */
export const jsonFeedAnswer = (title: string) =>
  ({
    ok: {
      description: "The JSON feed.",
      schema: jsonFeedSchema,
      mediaType: JSON_FEED_MEDIA,
      example: {
        version: "https://jsonfeed.org/version/1.1",
        title,
        items: [],
        _stablecoin_intel: { holderAnalyticsSupported: false },
      },
    },
    errors: { 400: ["bad_request"], 404: ["unknown_asset"] },
    cache: FEED_CACHE,
  }) satisfies Pick<RouteDoc, "ok" | "errors" | "cache">;

export const atomFeedRoute: RouteDoc = {
  path: "/depegs.atom",
  operationId: "getDepegFeedAtom",
  tag: HISTORY_TAG,
  summary: "Depeg events as an Atom 1.0 feed",
  description:
    "The whole market's depeg events over the last 365 days (one coin's with `q`), newest first, as Atom 1.0 with stable entry ids (`urn:stablecoin-intel:depeg:{coin}:{granularity}:{start hour}`, the coin being its CoinGecko id, else `llama-{DefiLlama id}`), each linking to the coin's canonical page, so a reader or chat bot can subscribe. Same events as `/api/stablecoin-depegs`; unconfirmed events are listed with the category `unconfirmed` and marked in the title. An unknown `q` is a 404 `unknown_asset` JSON error, a malformed one a 400.",
  params: [FEED_Q],
  ...atomFeedAnswer,
};

export const jsonFeedRoute: RouteDoc = {
  path: "/depegs.json",
  operationId: "getDepegFeedJson",
  tag: HISTORY_TAG,
  summary: "Depeg events as a JSON Feed 1.1",
  description:
    "The same events as `/depegs.atom` (one coin's with `q`), as JSON Feed 1.1 with the same stable ids; each item's `_depeg` is the event as in `/api/stablecoin-depegs` (resolution, sources, confirmation) and its tags include the confirmation status. The `holderAnalyticsSupported: false` invariant sits in the feed's `_stablecoin_intel` extension object (JSON Feed allows extra keys only when they start with `_`).",
  params: [FEED_Q],
  ...jsonFeedAnswer("Stablecoin depeg events"),
};
