/**
 * The one module that reads the service's environment (README, `.env.example`), validated with zod
 * against `./env-schema`.
 *
 * - Empty string = unset.
 * - An invalid value throws a `ConfigError` whose message names the variable and what it must be,
 *   never its value. `scripts/check-env.ts` runs this before `next build` and `next start`, and
 *   `instrumentation.ts` again when the server boots, ending the process however it was started
 *   (`./fail-fast`).
 * - The four execution-gate variables are deliberately NOT read here: this module is imported
 *   on the request path, and the write key must never be read there. They live in
 *   `lib/config/operator.ts`, which only the operator script's gate imports.
 */
import type { z } from "zod";
import { envSchema, LOOPBACK_HOSTNAMES, SECRET_VARIABLES, type TtlClass } from "./env-schema";

export {
  DEFAULT_BINANCE_CALLS_PER_MINUTE,
  DEFAULT_COINBASE_CALLS_PER_MINUTE,
  DEFAULT_COINGECKO_CALLS_PER_MINUTE,
  DEFAULT_DEX_QUOTES_CALLS_PER_MINUTE,
  DEFAULT_DEX_QUOTES_CALLS_PER_SECOND,
  DEFAULT_DEXSCREENER_CALLS_PER_MINUTE,
  DEFAULT_KRAKEN_CALLS_PER_MINUTE,
  DEFAULT_KV_TIMEOUT_MS,
  DEFAULT_PROVIDER_MAX_BODY_BYTES,
  DEFAULT_PROVIDER_TIMEOUT_MS,
  DEFAULT_PUBLIC_RATE_LIMIT_PER_MINUTE,
  DEFAULT_REQUEST_WAIT_BUDGET_MS,
  envSchema,
  SPEC_TTL_SECONDS,
  type TtlClass,
} from "./env-schema";

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid environment variable ${variable}: ${detail}`);
    this.name = "ConfigError";
  }
}

export type DuneQueryName =
  "supplyByChain" | "cexFlows" | "protocolFlows" | "chainMigration" | "issuerExposure";

export type KvConfig =
  | { driver: "vercel-kv"; url: string; token: string }
  | { driver: "redis"; url: string }
  | { driver: "file"; dir: string };

export interface AppConfig {
  providers: {
    stablecoins: { baseUrl: string };
    coingecko: { baseUrl: string; apiKey: string | undefined; plan: "demo" | "pro" };
    dexscreener: { baseUrl: string };
    /** DefiLlama coins API (keyless): current prices and hourly charts, many coins per call. */
    defillamaCoins: { baseUrl: string };
    dune: { baseUrl: string; apiKey: string | undefined };
    /** Exit-cost sources: CEX order books and DEX aggregator quotes (keyless). */
    binance: { baseUrl: string };
    kraken: { baseUrl: string };
    coinbase: { baseUrl: string };
    kyberswap: { baseUrl: string };
    timeoutMs: number;
    /** How long a request waits on calls in flight (`lib/snapshot/read-through.ts`). */
    requestWaitMs: number;
    maxBodyBytes: number;
    /** Calls a minute across all instances; providers without a budget are absent. */
    callsPerMinute: {
      coingecko: number;
      dexscreener: number;
      binance: number;
      kraken: number;
      coinbase: number;
      kyberswap: number;
    };
    /** Calls a second across all instances, for a provider whose limit is a per-second one. */
    callsPerSecond: { kyberswap: number };
  };
  /** Dune query ids from configuration (docs/route-contract.md rule 8): never hard-coded. */
  duneQueries: Record<DuneQueryName, string | undefined>;
  kv: KvConfig;
  kvTimeoutMs: number;
  port: number;
  /** Per-client limits on the public routes (docs/rate-limits.md). */
  publicRateLimit: {
    /** Weighted requests a client may make a minute; 0 = off. */
    perMinute: number;
    /** The client is the first `X-Forwarded-For` hop (a platform or proxy sets it); else unknown. */
    trustProxy: boolean;
  };
  /**
   * Origin of every public link (feeds, badge snippet, OpenAPI `servers`); undefined: each
   * answer uses the origin its request was sent to (`lib/api/origin.ts`).
   */
  publicBaseUrl: string | undefined;
  ttlSeconds: Record<TtlClass, number>;
  /** The scheduled refresher (lib/refresh). */
  refresh: {
    /** In-process pass every this many seconds; undefined: no timer (cron or `npm run refresh`). */
    intervalSeconds: number | undefined;
    /** Bearer secret of `GET /api/cron/refresh`; undefined: that route answers 404. */
    cronSecret: string | undefined;
  };
  /** Own history (docs/history.md): who is sampled and how often. */
  history: {
    /** One sample a coin every this many seconds (≥ 1). */
    sampleSeconds: number;
    /** Coins with less circulating supply than this are not sampled. */
    minCirculatingUsd: number;
  };
  /** The upstream is the bundled fake of `npm run demo`: every page says so. */
  demoData: boolean;
}

function firstIssue(error: z.ZodError, env: Record<string, string | undefined>): ConfigError {
  const issue = error.issues[0];
  const variable = String(issue?.path[0] ?? "environment");
  // Messages come from our own schema text (the rule), never from the value; a secret's rule is
  // shown too, unless by chance it contains the secret itself.
  const detail = issue?.message ?? "invalid value";
  const value = env[variable]?.trim();
  const leaks = SECRET_VARIABLES.has(variable) && !!value && detail.includes(value);
  return new ConfigError(variable, leaks ? "invalid value (not shown: secret)" : detail);
}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw firstIssue(parsed.error, env);
  const e = parsed.data;

  if (Boolean(e.KV_REST_API_URL) !== Boolean(e.KV_REST_API_TOKEN)) {
    throw new ConfigError(
      e.KV_REST_API_URL ? "KV_REST_API_TOKEN" : "KV_REST_API_URL",
      "KV_REST_API_URL and KV_REST_API_TOKEN must be set together",
    );
  }
  // Browsers only honour HSTS and secure links over https; a loopback base is for local runs
  // of the production build (`npm start`, the bench), which never leave the machine.
  if (
    e.PUBLIC_BASE_URL?.startsWith("http:") &&
    env.NODE_ENV === "production" &&
    !LOOPBACK_HOSTNAMES.has(new URL(e.PUBLIC_BASE_URL).hostname)
  ) {
    throw new ConfigError(
      "PUBLIC_BASE_URL",
      "must use https when NODE_ENV=production (http only for a loopback host)",
    );
  }
  const kv: KvConfig =
    e.KV_REST_API_URL && e.KV_REST_API_TOKEN
      ? { driver: "vercel-kv", url: e.KV_REST_API_URL, token: e.KV_REST_API_TOKEN }
      : e.REDIS_URL
        ? { driver: "redis", url: e.REDIS_URL }
        : { driver: "file", dir: e.KV_DIR };

  return {
    providers: {
      stablecoins: { baseUrl: e.STABLECOINS_API_URL },
      coingecko: {
        baseUrl: e.COINGECKO_API_URL,
        apiKey: e.COINGECKO_API_KEY,
        plan: e.COINGECKO_API_PLAN,
      },
      dexscreener: { baseUrl: e.DEXSCREENER_API_URL },
      defillamaCoins: { baseUrl: e.DEFILLAMA_COINS_API_URL },
      dune: { baseUrl: e.DUNE_API_URL, apiKey: e.DUNE_API_KEY },
      binance: { baseUrl: e.BINANCE_API_URL },
      kraken: { baseUrl: e.KRAKEN_API_URL },
      coinbase: { baseUrl: e.COINBASE_API_URL },
      kyberswap: { baseUrl: e.DEX_QUOTES_API_URL },
      timeoutMs: e.PROVIDER_TIMEOUT_MS,
      requestWaitMs: e.REQUEST_WAIT_BUDGET_MS,
      maxBodyBytes: e.PROVIDER_MAX_BODY_BYTES,
      callsPerMinute: {
        coingecko: e.COINGECKO_CALLS_PER_MINUTE,
        dexscreener: e.DEXSCREENER_CALLS_PER_MINUTE,
        binance: e.BINANCE_CALLS_PER_MINUTE,
        kraken: e.KRAKEN_CALLS_PER_MINUTE,
        coinbase: e.COINBASE_CALLS_PER_MINUTE,
        kyberswap: e.DEX_QUOTES_CALLS_PER_MINUTE,
      },
      callsPerSecond: { kyberswap: e.DEX_QUOTES_CALLS_PER_SECOND },
    },
    duneQueries: {
      supplyByChain: e.DUNE_QUERY_SUPPLY_BY_CHAIN,
      cexFlows: e.DUNE_QUERY_CEX_FLOWS,
      protocolFlows: e.DUNE_QUERY_PROTOCOL_FLOWS,
      chainMigration: e.DUNE_QUERY_CHAIN_MIGRATION,
      issuerExposure: e.DUNE_QUERY_ISSUER_EXPOSURE,
    },
    kv,
    kvTimeoutMs: e.KV_TIMEOUT_MS,
    port: e.PORT,
    publicRateLimit: { perMinute: e.PUBLIC_RATE_LIMIT_PER_MINUTE, trustProxy: e.TRUST_PROXY },
    publicBaseUrl: e.PUBLIC_BASE_URL,
    ttlSeconds: {
      supplyPanel: e.CACHE_TTL_SUPPLY_PANEL_SECONDS,
      exposureFacts: e.CACHE_TTL_EXPOSURE_FACTS_SECONDS,
      movement: e.CACHE_TTL_MOVEMENT_SECONDS,
      breakdown: e.CACHE_TTL_BREAKDOWN_SECONDS,
      leaderboard: e.CACHE_TTL_LEADERBOARD_SECONDS,
      migration: e.CACHE_TTL_MIGRATION_SECONDS,
    },
    refresh: { intervalSeconds: e.REFRESH_INTERVAL_SECONDS, cronSecret: e.CRON_SECRET },
    history: {
      sampleSeconds: e.HISTORY_SAMPLE_SECONDS,
      minCirculatingUsd: e.HISTORY_MIN_CIRCULATING_USD,
    },
    demoData: e.DEMO_DATA,
  };
}

let cached: AppConfig | undefined;

/** The process-wide config, read once. Tests call `resetConfigForTests()` after changing env. */
export function getConfig(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

export function resetConfigForTests(): void {
  cached = undefined;
}
