/**
 * One public route's entry in the OpenAPI document: everything the document says about it, in
 * one self-contained value. Adding a route = one new `RouteDoc` in `./routes/` (its own file) and
 * one line in `./routes/index.ts`; the builder (`./build.ts`) adds what every route shares: the
 * 405 for other methods, the 500, the error body, CORS and caching headers, `security: []`.
 */
import type { z } from "zod";
import type { ErrorCode } from "../errors";

export interface TagDoc {
  name: string;
  description: string;
}

export interface ParamDoc {
  name: string;
  in: "query" | "path";
  required: boolean;
  /**
   * The zod schema the route parses this parameter with (or the one it is built from, before a
   * normalising transform): the document shows its output, the value with every bound.
   */
  schema: z.ZodType;
  description: string;
  /** A value of the documented schema (a number for `type: number`, an array for `type: array`). */
  example?: string | number | readonly number[];
}

/**
 * How a healthy 200 may be kept: `shared` answers carry `public, max-age=0, s-maxage=…,
 * stale-while-revalidate=…`, an `ETag`, and answer a matching `If-None-Match` with 304 (a
 * degraded answer is `no-store` without ETag); `none` answers are always `no-store`.
 */
export type CacheDoc = { kind: "shared"; note: string } | { kind: "none"; note: string };

export interface RouteDoc {
  path: string;
  operationId: string;
  tag: TagDoc;
  summary: string;
  description: string;
  params: ParamDoc[];
  ok: {
    description: string;
    /** Schema of the 200 body (output side: what the route serialises). */
    schema: z.ZodType;
    /** Media type of the 200 body; JSON unless the route serves SVG, Atom, … */
    mediaType?: string;
    /** A real 200 body from the demo world (`npm run openapi:examples`). */
    example: unknown;
    /** Extra headers of the 200 beyond the shared caching and CORS ones (`components.headers`). */
    headers?: string[];
    /** Other media types the 200 may have (a `format` parameter's CSV, say). */
    alternates?: { mediaType: string; schema: z.ZodType; example: unknown }[];
  };
  /** Error statuses this route answers besides the shared 405 and 500, with their codes. */
  errors: Partial<Record<400 | 404 | 503, ErrorCode[]>>;
  cache: CacheDoc;
  /**
   * OpenAPI response objects by status that replace the generated ones, for a route whose answer
   * is not the JSON error body (an SVG badge's 404, say).
   */
  responses?: Record<string, object>;
}

/** The shared query selector `q`'s wording; its pattern and length come from its zod schema. */
export const SELECTOR_DESCRIPTION =
  "Stablecoin selector: a symbol (any case), a CoinGecko id or a DefiLlama id. Accepted characters and length are the schema's `pattern` and `maxLength`. Never put into an upstream URL: it is resolved to a known asset first.";

/** Tags of the routes in this folder; a route block elsewhere may bring its own. */
export const TAGS = {
  asset: {
    name: "Asset",
    description: "One USD stablecoin, chosen with the selector `q`.",
  },
  market: {
    name: "Market",
    description: "The USD stablecoin market as a whole, from the supply aggregate.",
  },
  flows: {
    name: "Flows",
    description: "Scheduled on-chain snapshots: protocol flows, CEX transfers, chain migration.",
  },
  service: {
    name: "Service",
    description: "The service itself: health and this document.",
  },
} satisfies Record<string, TagDoc>;
