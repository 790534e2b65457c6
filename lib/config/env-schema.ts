/**
 * The environment's schema (zod): every variable the service reads, its default and its rule.
 * Each rule has its own text, the one a refused start prints (`./fail-fast`); never the value.
 * Parsed into the typed config by `./index`.
 */
import { z } from "zod";

/** Cache TTL classes (docs/caching.md), in seconds. Configurable upwards only: a lower value fails validation. */
export const SPEC_TTL_SECONDS = {
  supplyPanel: 6 * 60 * 60,
  exposureFacts: 6 * 60 * 60,
  movement: 12 * 60 * 60,
  breakdown: 12 * 60 * 60,
  leaderboard: 24 * 60 * 60,
  migration: 24 * 60 * 60,
} as const;
export type TtlClass = keyof typeof SPEC_TTL_SECONDS;

export const DEFAULT_PROVIDER_TIMEOUT_MS = 2_500;
/**
 * How long a request waits on provider calls in flight (a fill's, and all its reads together),
 * below the 2 s a request may take; past it the request answers degraded and the calls go on.
 */
export const DEFAULT_REQUEST_WAIT_BUDGET_MS = 1_000;
export const DEFAULT_KV_TIMEOUT_MS = 150;
/** Provider call budgets (calls a minute, shared by every instance through the KV store). */
export const DEFAULT_COINGECKO_CALLS_PER_MINUTE = 30;
export const DEFAULT_DEXSCREENER_CALLS_PER_MINUTE = 300;
/**
 * Exit-cost sources (docs/upstream.md). Binance: a 500-level depth call weighs 25 of the per-IP
 * 6000/min, so 120 calls use half of it. Kraken throttles public calls near 1/s. Coinbase allows
 * 10/s; 300 leaves room for other users of the IP. KyberSwap allows ~3/s keyless: 120/min.
 */
export const DEFAULT_BINANCE_CALLS_PER_MINUTE = 120;
export const DEFAULT_KRAKEN_CALLS_PER_MINUTE = 45;
export const DEFAULT_COINBASE_CALLS_PER_MINUTE = 300;
export const DEFAULT_DEX_QUOTES_CALLS_PER_MINUTE = 120;
const MAX_CALLS_PER_MINUTE = 1_000_000;
/**
 * KyberSwap's keyless limit is a per-second one (~3/s, over it HTTP 429), and one cold exit-cost
 * ladder asks for a quote per chain and size at once: the per-minute budget alone lets that burst
 * through, so quotes also keep to this many a second across instances.
 */
export const DEFAULT_DEX_QUOTES_CALLS_PER_SECOND = 3;
const MAX_CALLS_PER_SECOND = 100_000;
/** Per-client allowance on the public routes, weighted requests a minute (0 = limiter off). */
export const DEFAULT_PUBLIC_RATE_LIMIT_PER_MINUTE = 120;
/** High enough to count every request without ever refusing one (how the bench measures the limiter). */
const MAX_PUBLIC_RATE_LIMIT_PER_MINUTE = 1_000_000_000;
export const DEFAULT_PROVIDER_MAX_BODY_BYTES = 8 * 1024 * 1024;

/** The scheduled refresher (lib/refresh, docs/refresher.md): unset interval = no in-process timer. */
const MIN_REFRESH_INTERVAL_SECONDS = 5;
const MAX_REFRESH_INTERVAL_SECONDS = 24 * 60 * 60;
/** History samples (docs/history.md): one a coin an interval; any interval from 1 s so tests and the demo run fast. */
export const DEFAULT_HISTORY_SAMPLE_SECONDS = 3_600;
/** Coins below this circulating supply are not sampled (the long tail adds keys, not insight). */
export const DEFAULT_HISTORY_MIN_CIRCULATING_USD = 10_000_000;
const historySampleSeconds = z.coerce
  .number({ error: "must be a whole number of seconds, at least 1" })
  .int("must be a whole number of seconds, at least 1")
  .min(1, "must be a whole number of seconds, at least 1")
  .max(Number.MAX_SAFE_INTEGER, "must be a whole number of seconds, at least 1");
const historyMinCirculatingUsd = z.coerce
  .number({ error: "must be a whole number of USD, 0 or more" })
  .int("must be a whole number of USD, 0 or more")
  .min(0, "must be a whole number of USD, 0 or more")
  .max(Number.MAX_SAFE_INTEGER, "must be a whole number of USD, 0 or more");
/** Vercel generates 32+ characters; anything much shorter is guessable. */
const MIN_CRON_SECRET_LENGTH = 16;
/** Shorter than this is not a key (a typo, a placeholder). */
const MIN_API_KEY_LENGTH = 8;
const API_KEY_RULE = `must be at least ${MIN_API_KEY_LENGTH} characters (a key is longer)`;

export const SECRET_VARIABLES = new Set([
  "COINGECKO_API_KEY",
  "DUNE_API_KEY",
  "KV_REST_API_TOKEN",
  "CRON_SECRET",
]);

/** Empty string (or whitespace only) counts as unset. */
const blankToUndefined = (v: unknown) =>
  typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess(blankToUndefined, schema.default(fallback as never));

const httpUrl = z
  .string()
  .url("must be an absolute http(s) URL")
  .refine((u) => /^https?:\/\//i.test(u), "must use http or https")
  .refine((u) => !/[?#]/.test(u), "must not contain a query string or fragment")
  .transform((u) => u.replace(/\/+$/, ""));

/** Hosts a plain-http `PUBLIC_BASE_URL` may name in production: this machine only. */
export const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The public origin links are built on: scheme, host and port only (links add their paths). */
const publicBaseUrl = httpUrl
  .refine(
    (u) => new URL(u).pathname === "/" && !new URL(u).username && !new URL(u).password,
    "must be an origin such as https://intel.example.com (no path, no credentials)",
  )
  .transform((u) => new URL(u).origin);

const redisUrl = z
  .string()
  .refine((u) => /^rediss?:\/\/[^\s]+$/i.test(u), "must look like redis://host:port");

const flag = z
  .enum(["true", "false", "1", "0"], "must be true or false")
  .transform((v) => v === "true" || v === "1");

const queryId = z.string().regex(/^\d{1,12}$/, "must be a query id made of digits only");

/** One rule text for every way a number can fail (not a number, a fraction, out of range). */
const intInRange = (min: number, max: number) => {
  const rule = `must be an integer from ${min} to ${max}`;
  return z.coerce.number({ error: rule }).int(rule).min(min, rule).max(max, rule);
};

const ttlAtLeast = (cls: TtlClass) =>
  withDefault(
    intInRange(SPEC_TTL_SECONDS[cls], 30 * 24 * 60 * 60).describe(
      `TTL for ${cls}; never lower than the class floor of ${SPEC_TTL_SECONDS[cls]} s (docs/caching.md)`,
    ),
    SPEC_TTL_SECONDS[cls],
  );

export const envSchema = z.object({
  STABLECOINS_API_URL: withDefault(httpUrl, "https://stablecoins.llama.fi"),
  COINGECKO_API_URL: withDefault(httpUrl, "https://api.coingecko.com/api/v3"),
  COINGECKO_API_KEY: optional(z.string().min(MIN_API_KEY_LENGTH, API_KEY_RULE)),
  COINGECKO_API_PLAN: withDefault(z.enum(["demo", "pro"], "must be demo or pro"), "demo"),
  DEXSCREENER_API_URL: withDefault(httpUrl, "https://api.dexscreener.com"),
  DEFILLAMA_COINS_API_URL: withDefault(httpUrl, "https://coins.llama.fi"),
  DUNE_API_URL: withDefault(httpUrl, "https://api.dune.com/api/v1"),
  BINANCE_API_URL: withDefault(httpUrl, "https://api.binance.com"),
  KRAKEN_API_URL: withDefault(httpUrl, "https://api.kraken.com"),
  COINBASE_API_URL: withDefault(httpUrl, "https://api.exchange.coinbase.com"),
  DEX_QUOTES_API_URL: withDefault(httpUrl, "https://aggregator-api.kyberswap.com"),
  DUNE_API_KEY: optional(z.string().min(MIN_API_KEY_LENGTH, API_KEY_RULE)),
  DUNE_QUERY_SUPPLY_BY_CHAIN: optional(queryId),
  DUNE_QUERY_CEX_FLOWS: optional(queryId),
  DUNE_QUERY_PROTOCOL_FLOWS: optional(queryId),
  DUNE_QUERY_CHAIN_MIGRATION: optional(queryId),
  DUNE_QUERY_ISSUER_EXPOSURE: optional(queryId),
  KV_REST_API_URL: optional(httpUrl),
  KV_REST_API_TOKEN: optional(z.string()),
  REDIS_URL: optional(redisUrl),
  KV_DIR: withDefault(z.string(), ".data/kv"),
  PORT: withDefault(intInRange(1, 65_535), 3000),
  PUBLIC_BASE_URL: optional(publicBaseUrl),
  PROVIDER_TIMEOUT_MS: withDefault(intInRange(50, 60_000), DEFAULT_PROVIDER_TIMEOUT_MS),
  REQUEST_WAIT_BUDGET_MS: withDefault(intInRange(50, 60_000), DEFAULT_REQUEST_WAIT_BUDGET_MS),
  PROVIDER_MAX_BODY_BYTES: withDefault(
    intInRange(1024, 64 * 1024 * 1024),
    DEFAULT_PROVIDER_MAX_BODY_BYTES,
  ),
  KV_TIMEOUT_MS: withDefault(intInRange(10, 10_000), DEFAULT_KV_TIMEOUT_MS),
  COINGECKO_CALLS_PER_MINUTE: withDefault(
    intInRange(1, MAX_CALLS_PER_MINUTE),
    DEFAULT_COINGECKO_CALLS_PER_MINUTE,
  ),
  DEXSCREENER_CALLS_PER_MINUTE: withDefault(
    intInRange(1, MAX_CALLS_PER_MINUTE),
    DEFAULT_DEXSCREENER_CALLS_PER_MINUTE,
  ),
  BINANCE_CALLS_PER_MINUTE: withDefault(
    intInRange(1, MAX_CALLS_PER_MINUTE),
    DEFAULT_BINANCE_CALLS_PER_MINUTE,
  ),
  KRAKEN_CALLS_PER_MINUTE: withDefault(
    intInRange(1, MAX_CALLS_PER_MINUTE),
    DEFAULT_KRAKEN_CALLS_PER_MINUTE,
  ),
  COINBASE_CALLS_PER_MINUTE: withDefault(
    intInRange(1, MAX_CALLS_PER_MINUTE),
    DEFAULT_COINBASE_CALLS_PER_MINUTE,
  ),
  DEX_QUOTES_CALLS_PER_MINUTE: withDefault(
    intInRange(1, MAX_CALLS_PER_MINUTE),
    DEFAULT_DEX_QUOTES_CALLS_PER_MINUTE,
  ),
  DEX_QUOTES_CALLS_PER_SECOND: withDefault(
    intInRange(1, MAX_CALLS_PER_SECOND),
    DEFAULT_DEX_QUOTES_CALLS_PER_SECOND,
  ),
  PUBLIC_RATE_LIMIT_PER_MINUTE: withDefault(
    intInRange(0, MAX_PUBLIC_RATE_LIMIT_PER_MINUTE),
    DEFAULT_PUBLIC_RATE_LIMIT_PER_MINUTE,
  ),
  // zod 4 returns a default as is (not parsed): the output value, not its spelling.
  TRUST_PROXY: z.preprocess(blankToUndefined, flag.default(false)),
  REFRESH_INTERVAL_SECONDS: optional(
    intInRange(MIN_REFRESH_INTERVAL_SECONDS, MAX_REFRESH_INTERVAL_SECONDS),
  ),
  HISTORY_SAMPLE_SECONDS: withDefault(historySampleSeconds, DEFAULT_HISTORY_SAMPLE_SECONDS),
  HISTORY_MIN_CIRCULATING_USD: withDefault(
    historyMinCirculatingUsd,
    DEFAULT_HISTORY_MIN_CIRCULATING_USD,
  ),
  CRON_SECRET: optional(
    z.string().min(MIN_CRON_SECRET_LENGTH, `must be at least ${MIN_CRON_SECRET_LENGTH} characters`),
  ),
  // Set by `npm run demo` only: pages say they show the bundled demo data.
  DEMO_DATA: z.preprocess(blankToUndefined, flag.default(false)),
  CACHE_TTL_SUPPLY_PANEL_SECONDS: ttlAtLeast("supplyPanel"),
  CACHE_TTL_EXPOSURE_FACTS_SECONDS: ttlAtLeast("exposureFacts"),
  CACHE_TTL_MOVEMENT_SECONDS: ttlAtLeast("movement"),
  CACHE_TTL_BREAKDOWN_SECONDS: ttlAtLeast("breakdown"),
  CACHE_TTL_LEADERBOARD_SECONDS: ttlAtLeast("leaderboard"),
  CACHE_TTL_MIGRATION_SECONDS: ttlAtLeast("migration"),
});
