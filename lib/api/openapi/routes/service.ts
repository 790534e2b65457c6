/** `/api/health` and `/api/openapi.json` (this document), each one self-contained `RouteDoc`. */
import { z } from "zod";
import { API_VERSION, FLAG_EXTENSION, FLAG_HEADER, OPENAPI_VERSION } from "../build";
import { TAGS, type RouteDoc } from "../route-doc";
import health from "../examples/health.json";

const lastCall = z.object({ outcome: z.string(), at: z.string(), durationMs: z.number() });
const recentCalls = z
  .object({
    windowSeconds: z.number().int().positive(),
    calls: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    failureShare: z.number().min(0).max(1).nullable(),
  })
  .describe(
    "This instance's calls to the source over the last `windowSeconds` (300), how many failed, and their share (null: no call). The source counts as failing when at least half failed and at least 3 did.",
  );

const backoff = z
  .object({
    consecutiveFailures: z.number().int().positive(),
    cooldownMs: z.number().int().positive(),
    nextTryAt: z.string(),
  })
  .nullable()
  .describe(
    "The read layer's backoff of a source that keeps failing on this instance: failure rounds in a row, how long its keys now cool down (doubling from the base cooldown, capped at 10 minutes) and when it is next asked; null while it answers.",
  );

/** The body of `/api/health` (lib/health.ts `HealthReport`). */
export const healthResponseSchema = z.object({
  status: z
    .enum(["ok", "degraded"])
    .describe(
      "degraded when the cache store fails, on-chain snapshots are not configured or have warnings, or a source is failing over the window of its `recent` calls (not on one failed call).",
    ),
  uptimeSeconds: z.number(),
  startedAt: z.string(),
  sources: z.array(
    z.object({
      name: z.string(),
      provider: z.string(),
      type: z.enum([
        "aggregate",
        "market",
        "price",
        "liquidity",
        "order-book",
        "dex-quote",
        "on-chain-scheduled",
      ]),
      configured: z.boolean(),
      lastCall: lastCall.nullable(),
      recent: recentCalls,
      backoff,
      warnings: z
        .array(z.string())
        .describe(
          "What is wrong with this source's data as last read by this instance (scheduled on-chain snapshots: truncated, partial, rows dropped, scheduler stale, unavailable).",
        ),
      warning_codes: z
        .array(z.string())
        .describe("The code of each entry of `warnings`, in order (e.g. `onchain_truncated`)."),
    }),
  ),
  cache: z.object({
    driver: z.string(),
    ok: z.boolean(),
    latencyMs: z.number(),
    error: z.string().optional(),
  }),
  refresher: z
    .object({
      intervalSeconds: z.number().nullable(),
      cronEnabled: z.boolean(),
      lastRun: z
        .object({
          startedAt: z.string(),
          endedAt: z.string(),
          outcome: z.enum(["ok", "partial", "failed"]),
          reason: z.string().nullable(),
          trigger: z.enum(["interval", "cron", "script"]),
          families: z.record(
            z.string(),
            z.object({
              coins: z.number(),
              warmCoins: z.number(),
              warmed: z.number(),
              failed: z.number(),
              deferred: z.number(),
            }),
          ),
          budget: z.record(z.string(), z.object({ spent: z.number(), allowance: z.number() })),
          history: z
            .object({
              slot: z.number().nullable(),
              coins: z.number(),
              stored: z.number(),
              taken: z.number(),
              missed: z.number(),
            })
            .optional()
            .describe(
              "The history sampler at the end of the pass: the slot, coins at or above the floor, samples stored, coins whose slot already held one, coins missed.",
            ),
        })
        .nullable(),
    })
    .describe(
      "The scheduled refresher: its interval on this instance, whether the cron route is enabled, and the last pass of any instance (start, end, outcome, coins warm per key family, provider calls spent against what the refresh reserve allowed).",
    ),
  telemetry: z.object({
    note: z.string(),
    providerCalls: z.array(
      z.object({
        provider: z.string(),
        endpoint: z.string(),
        outcome: z.string(),
        count: z.number(),
        totalDurationMs: z.number(),
        maxDurationMs: z.number(),
      }),
    ),
    cache: z.record(z.string(), z.number()),
  }),
  holderAnalyticsSupported: z.literal(false),
});

export const healthRoute: RouteDoc = {
  path: "/api/health",
  operationId: "getHealth",
  tag: TAGS.service,
  summary: "Health of the sources, the cache and this instance",
  description:
    "Whether each provider is configured and what its last call did, whether the cache store answers, and this instance's telemetry counters (per instance, reset on cold start: directional, not billing-grade). Never a key, URL or host.",
  params: [],
  ok: { description: "The health report.", schema: healthResponseSchema, example: health },
  errors: {},
  cache: { kind: "none", note: "never cached: always `no-store`, no ETag." },
};

/** The body of `/api/openapi.json`: an OpenAPI 3.1 document (fields beyond these are allowed). */
export const openApiBodySchema = z
  .object({
    openapi: z.literal(OPENAPI_VERSION),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    servers: z.array(z.object({ url: z.string() }).loose()).min(1),
    paths: z.record(z.string(), z.unknown()),
    [FLAG_EXTENSION]: z.literal(false),
  })
  .loose();

export const openApiRoute: RouteDoc = {
  path: "/api/openapi.json",
  operationId: "getOpenApiDocument",
  tag: TAGS.service,
  summary: "This OpenAPI 3.1 document",
  description: `The document describing every public route, generated from the zod schemas the routes are built on. Always JSON, whatever \`Accept\` says. It is a specification, not a data body: the \`holderAnalyticsSupported: false\` invariant is the root extension \`${FLAG_EXTENSION}: false\` and the \`${FLAG_HEADER}: false\` header. Its \`servers\` entry is \`PUBLIC_BASE_URL\` when set, else the origin the document was requested from. A rendered reference is served at /docs/api.`,
  params: [],
  ok: {
    description: "The OpenAPI document (example abbreviated).",
    schema: openApiBodySchema,
    example: {
      openapi: OPENAPI_VERSION,
      info: { title: "Stablecoin Intelligence API", version: API_VERSION },
      servers: [{ url: "https://intel.example.com", description: "This deployment." }],
      paths: {},
      [FLAG_EXTENSION]: false,
    },
    headers: ["HolderAnalyticsSupported"],
  },
  errors: {},
  cache: {
    kind: "shared",
    note: "may be kept by shared caches for an hour (`s-maxage`), with an ETag.",
  },
};
