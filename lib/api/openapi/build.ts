/**
 * Builds the OpenAPI 3.1 document from the routes' `RouteDoc`s (./route-doc.ts). Schemas come
 * from the same zod schemas the routes parse and build with, so the document cannot describe a
 * parameter or a body the code does not have (docs/api.md). What every route shares is added
 * here, once: 405 for other methods, 500, the error body, CORS and caching headers, 304.
 */
import { z } from "zod";
import { FLAG_HEADER } from "../body";
import { errorBodySchema, type ErrorCode } from "../errors";
import { HEADERS, headerRefs, RATE_LIMIT_HEADERS, ref } from "./headers";
import type { ParamDoc, RouteDoc, TagDoc } from "./route-doc";

export const OPENAPI_VERSION = "3.1.0";
export const API_VERSION = "1.0.0";
/** Root extension carrying the flag on the document, which is a specification, not a data body. */
export const FLAG_EXTENSION = "x-holder-analytics-supported";
export { FLAG_HEADER };

type Json = Record<string, unknown>;
const JSON_MEDIA = "application/json";

export function toJsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as Json;
  return rest;
}

/** A message each error code really answers with, for the examples. */
const EXAMPLE_MESSAGES: Record<ErrorCode, string> = {
  bad_request: 'Invalid parameter "q": must not be empty',
  unauthorized: "A valid bearer token is required.",
  unknown_asset: "No USD stablecoin matches this selector.",
  not_found: "No route matches this path.",
  method_not_allowed: "Only GET, HEAD and OPTIONS are supported on this route.",
  rate_limited:
    "Too many requests from this client; retry after the number of seconds in Retry-After.",
  upstream_unavailable: "The stablecoin aggregate is unavailable and no copy is cached yet.",
  internal_error: "The service could not complete this request.",
};

/**
 * Statuses every route answers with: 405 to other methods, 429 over the client's allowance,
 * 500 on an unexpected failure.
 */
const SHARED_ERRORS: [number, ErrorCode[], string[]][] = [
  [405, ["method_not_allowed"], ["Allow"]],
  [429, ["rate_limited"], ["RetryAfter"]],
  [500, ["internal_error"], []],
];

/** The 405 is answered before the limiter (other methods are not counted). */
const METHOD_NOT_ALLOWED = 405;

const STATUS_TEXT: Record<number, string> = {
  400: "Malformed, missing or repeated parameter",
  404: "No USD stablecoin matches the selector; `suggestions` may name close matches",
  405: "Answered to any method but GET, HEAD and OPTIONS on this path (POST, PUT, PATCH, DELETE, PROPFIND, TRACE, …; with `Allow: GET, HEAD, OPTIONS`), touching neither cache nor provider",
  429: "Over this client's allowance (`PUBLIC_RATE_LIMIT_PER_MINUTE` weighted requests a minute); retry after `Retry-After` seconds. A store outage never causes it",
  500: "Unexpected failure; the message never carries a stack, class name, URL or key",
  503: "Upstream unavailable and nothing cached yet; retry after `Retry-After` seconds",
};

/** Component name of the error body a status answers with (`Error400`, …). */
const errorSchemaName = (status: number) => `Error${status}`;

/** The error body with `error.code` narrowed to the codes one status answers with. */
function errorSchema(codes: ErrorCode[]): Json {
  const [first, ...rest] = codes;
  return toJsonSchema(
    errorBodySchema.extend({
      error: z.object({ code: z.enum([first!, ...rest]), message: z.string() }),
    }),
    "output",
  );
}

function errorResponse(status: number, codes: ErrorCode[], extraHeaders: string[] = []): Json {
  const code = codes[0]!;
  return {
    description: `${STATUS_TEXT[status]}. Error code${codes.length > 1 ? "s" : ""}: ${codes.map((c) => `\`${c}\``).join(", ")}.`,
    headers: headerRefs([
      "CacheControl",
      "AccessControlAllowOrigin",
      ...extraHeaders,
      ...(status === METHOD_NOT_ALLOWED ? [] : RATE_LIMIT_HEADERS),
    ]),
    content: {
      [JSON_MEDIA]: {
        schema: ref("schemas", errorSchemaName(status)),
        example: {
          error: { code, message: EXAMPLE_MESSAGES[code] },
          holderAnalyticsSupported: false,
        },
      },
    },
  };
}

/** A route's own response object, with the rate-limit headers every limited answer carries. */
function limited(res: object): Json {
  const own = "headers" in res && typeof res.headers === "object" ? res.headers : {};
  return { ...res, headers: { ...headerRefs(RATE_LIMIT_HEADERS), ...own } };
}

/**
 * A parameter documented by the value its schema produces (its output side: `type: number` with
 * its bounds, not the query text), so every limit the code enforces is a keyword a client
 * generator sees. An array is written in the `form` style without explode: `a,b,c`.
 */
function parameter(p: ParamDoc): Json {
  const schema = toJsonSchema(p.schema, "output");
  if (schema.type === undefined && schema.enum === undefined)
    throw new Error(`parameter ${p.name}: its schema has no JSON Schema form (a transform?)`);
  return {
    name: p.name,
    in: p.in,
    required: p.required,
    description: p.description,
    ...(schema.type === "array" ? { style: "form", explode: false } : {}),
    schema,
    ...(p.example === undefined ? {} : { example: p.example }),
  };
}

/** The flag's field: every JSON data body requires it at its top level. */
const FLAG_FIELD = "holderAnalyticsSupported" satisfies keyof z.infer<typeof errorBodySchema>;

/**
 * A body of several shapes (`anyOf`, every branch requiring the flag) states the flag at its top
 * too, as every other body does, so a reader of the top level sees it required.
 */
function flagAtTop(schema: Json): Json {
  const branches = schema.anyOf as Json[] | undefined;
  const everyBranch = branches?.every((b) =>
    (b.required as unknown[] | undefined)?.includes(FLAG_FIELD),
  );
  if (!everyBranch) return schema;
  return {
    type: "object",
    required: [FLAG_FIELD],
    properties: { [FLAG_FIELD]: { type: "boolean", const: false } },
    ...schema,
  };
}

function operation(r: RouteDoc): Json {
  const shared = r.cache.kind === "shared";
  const okHeaders = [
    "CacheControl",
    "AccessControlAllowOrigin",
    ...(shared ? ["ETag"] : []),
    ...(r.ok.headers ?? []),
    ...RATE_LIMIT_HEADERS,
  ];
  const errors: Json = {};
  for (const [status, codes] of Object.entries(r.errors)) {
    if (codes?.length)
      errors[status] = errorResponse(Number(status), codes, status === "503" ? ["RetryAfter"] : []);
  }
  return {
    operationId: r.operationId,
    tags: [r.tag.name],
    summary: r.summary,
    description: `${r.description}\n\nCaching: ${r.cache.note}`,
    security: [],
    parameters: [...r.params.map(parameter), ...(shared ? [ref("parameters", "IfNoneMatch")] : [])],
    responses: {
      "200": {
        description: r.ok.description,
        headers: headerRefs(okHeaders),
        content: {
          [r.ok.mediaType ?? JSON_MEDIA]: {
            schema: flagAtTop(toJsonSchema(r.ok.schema, "output")),
            example: r.ok.example,
          },
          ...Object.fromEntries(
            (r.ok.alternates ?? []).map((a) => [
              a.mediaType,
              { schema: toJsonSchema(a.schema, "output"), example: a.example },
            ]),
          ),
        },
      },
      ...(shared
        ? {
            "304": {
              description: "`If-None-Match` matched the current ETag: no body.",
              headers: headerRefs(["ETag", "CacheControl", ...RATE_LIMIT_HEADERS]),
            },
          }
        : {}),
      ...errors,
      ...Object.fromEntries(
        SHARED_ERRORS.map(([status, codes, headers]) => [
          String(status),
          errorResponse(status, codes, headers),
        ]),
      ),
      ...Object.fromEntries(
        Object.entries(r.responses ?? {}).map(([status, res]) => [status, limited(res)]),
      ),
    },
  };
}

const DESCRIPTION = [
  "Read-only stablecoin intelligence: peg deviation, liquidity depth, supply distribution and supply change for USD stablecoins. Informational only; not investment advice.",
  "",
  "Every JSON data body — success, partial (`warnings`), error and 405 — carries `holderAnalyticsSupported: false`: the service does no holder analytics. This document is a specification, not a data body, so it carries the same flag as the root extension `x-holder-analytics-supported: false` and the response header `X-Holder-Analytics-Supported: false` instead (docs/api.md).",
  "",
  "Every route answers GET, HEAD (GET's headers, no body) and OPTIONS (204, CORS preflight); every other method answers 405 with `Allow: GET, HEAD, OPTIONS`, and a path under /api that no route serves answers 404 (`not_found`). A value nothing measured is `null`, never `0`, and comes with a warning prefixed `Provider (source-type): …`. No authentication.",
  "",
  "Rate limits: each client has an allowance of weighted requests per minute (default 120; an answer from cached data costs 1, one that needed a provider call 10). Every GET and HEAD answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds); over the allowance the answer is 429 `rate_limited` with `Retry-After`. `/api/health` has its own allowance (docs/rate-limits.md).",
].join("\n");

/** The OpenAPI 3.1 document for `routes`. */
export function buildDocument(routes: readonly RouteDoc[]): Json {
  const tags = new Map<string, TagDoc>();
  const errorCodes = new Map<number, Set<ErrorCode>>(
    SHARED_ERRORS.map(([s, c]) => [s, new Set(c)]),
  );
  const paths: Json = {};
  for (const r of routes) {
    if (paths[r.path]) throw new Error(`route documented twice: ${r.path}`);
    tags.set(r.tag.name, r.tag);
    paths[r.path] = { get: operation(r) };
    for (const [status, codes] of Object.entries(r.errors)) {
      const known = errorCodes.get(Number(status)) ?? new Set<ErrorCode>();
      for (const c of codes ?? []) known.add(c);
      errorCodes.set(Number(status), known);
    }
  }
  const schemas = Object.fromEntries(
    [...errorCodes.entries()]
      .filter(([, codes]) => codes.size > 0)
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [errorSchemaName(status), errorSchema([...codes])]),
  );
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: "Stablecoin Intelligence API",
      version: API_VERSION,
      description: DESCRIPTION,
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: "/", description: "The deployment serving this document." }],
    [FLAG_EXTENSION]: false,
    tags: [...tags.values()],
    paths,
    components: {
      schemas,
      headers: Object.fromEntries(
        Object.entries(HEADERS).map(([k, { description, schema }]) => [k, { description, schema }]),
      ),
      parameters: {
        IfNoneMatch: {
          name: "If-None-Match",
          in: "header",
          required: false,
          description: "An ETag from an earlier answer; a match answers 304 without a body.",
          schema: { type: "string" },
        },
      },
    },
  };
}
