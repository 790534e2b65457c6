import type { IncomingHttpHeaders } from "node:http";
import type { HistoryEpisode } from "./history-mode";

export const PROVIDERS = [
  "defillama",
  "coingecko",
  "dexscreener",
  "dune",
  "defillama-coins",
] as const;
export type Provider = (typeof PROVIDERS)[number];
/**
 * The exit-cost sources (issue 27): served like the others, listed apart so the fault matrices
 * over the four core providers stay as they are.
 */
export const EXIT_COST_PROVIDERS = ["binance", "kraken", "coinbase", "kyberswap"] as const;
export type ExitCostProvider = (typeof EXIT_COST_PROVIDERS)[number];
export type AnyProvider = Provider | ExitCostProvider;
export const ALL_PROVIDERS: readonly AnyProvider[] = [...PROVIDERS, ...EXIT_COST_PROVIDERS];

/**
 * Which market the fake serves: `fixture` (default; the trimmed 21-asset aggregate and the 20
 * CoinGecko coins of the recordings) or `full` (the whole recorded aggregate, 322 assets, with a
 * CoinGecko that knows most of its ids; see data/full-market.ts).
 */
export const MARKETS = ["fixture", "full"] as const;
export type Market = (typeof MARKETS)[number];

/**
 * Scenarios that answer 200 with the ok body changed (`transforms.ts`): the Dune result variants
 * and the hostile values. Not faults: the provider answers, and the service must say what is
 * wrong with the answer.
 */
export const TRANSFORM_SCENARIOS = [
  "truncated",
  "partial",
  "rows-dropped",
  "invalid-rows",
  "old-execution",
  "odd-values",
] as const;
export type TransformScenario = (typeof TRANSFORM_SCENARIOS)[number];

export const SCENARIOS = [
  "ok",
  "500",
  "502",
  "503",
  "429",
  "451",
  "hang",
  "slow",
  "drip",
  "malformed",
  "wrong-shape",
  "empty",
  "oversized",
  "redirect",
  "never-run",
  "unauthorized",
  ...TRANSFORM_SCENARIOS,
] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** Scenarios only the Dune provider understands. */
export const DUNE_ONLY_SCENARIOS: readonly Scenario[] = [
  "never-run",
  "unauthorized",
  "truncated",
  "partial",
  "rows-dropped",
  "invalid-rows",
  "old-execution",
];

export interface ScenarioOptions {
  /** `slow`: delay before the headers, ms (default 300). */
  delayMs?: number;
  /** `drip`: bytes per write (default 8). */
  chunkBytes?: number;
  /** `drip`: pause between writes, ms (default 200). */
  intervalMs?: number;
  /** `oversized`: minimum body size in bytes (default 11 MiB = 11 534 336). */
  sizeBytes?: number;
  /** `oversized`: send an exact Content-Length instead of chunked encoding (default false). */
  declareLength?: boolean;
  /** `429` / `503`: Retry-After value (default "30" for 429, none for 503). */
  retryAfter?: string;
  /** `old-execution`: how long before `now` the run ended, ms (default 7 days). */
  executionAgeMs?: number;
  /** Apply to this many matching requests, then revert to `ok` (default: until changed). */
  times?: number;
  /** Only requests whose provider-relative path (incl. query) contains this string. */
  match?: string;
}

export interface LoggedRequest {
  method: string;
  /** Path as received, incl. prefix and query, e.g. `/coingecko/api/v3/coins/markets?vs_currency=usd`. */
  path: string;
  /** Path relative to the provider base URL, incl. query, e.g. `/coins/markets?vs_currency=usd`. */
  upstreamPath: string;
  /** Request headers, names lowercased, repeated values joined with ", ". */
  headers: Record<string, string>;
  provider: AnyProvider | "unknown";
  /** Wall-clock ms when the request arrived. */
  at: number;
  /** Scenario applied (absent for 501 answers). */
  scenario?: Scenario;
  /** Status sent; absent while pending or for `hang`. */
  status?: number;
  /** Wall-clock ms when the answer was sent (absent while pending): with `at`, what overlapped. */
  finishedAt?: number;
}

export interface RedirectHit {
  method: string;
  path: string;
  headers: Record<string, string>;
  at: number;
}

export interface BaseUrls {
  STABLECOINS_API_URL: string;
  COINGECKO_API_URL: string;
  DEXSCREENER_API_URL: string;
  DUNE_API_URL: string;
  DEFILLAMA_COINS_API_URL: string;
  BINANCE_API_URL: string;
  KRAKEN_API_URL: string;
  COINBASE_API_URL: string;
  DEX_QUOTES_API_URL: string;
}

export interface FakeUpstreamOptions {
  /** 0 (default) = any free port. */
  port?: number;
  host?: string;
  /** Clock for the synthetic series (default Date.now). Pass a constant for reproducible bodies. */
  now?: () => number;
  /** Market world (default `fixture`). */
  market?: Market;
}

export interface FakeUpstream {
  port: number;
  host: string;
  /** `http://host:port` */
  origin: string;
  baseUrls: BaseUrls;
  /** `http://host:port/__control` */
  controlUrl: string;
  /** Where the `redirect` scenario points (`http://host:otherPort/steal`). */
  redirectTargetUrl: string;
  setScenario(provider: AnyProvider, scenario: Scenario, opts?: ScenarioOptions): void;
  /** The market world currently served. */
  market(): Market;
  setMarket(market: Market): void;
  resetScenarios(): void;
  /**
   * History mode (README): the clock every answer is built at; null = back to `options.now`.
   * A harness advances it between samples.
   */
  setNow(ms: number | null): void;
  /** The clock the answers are built at now. */
  now(): number;
  /** History mode: the episodes that change the answers over the clock (empty = none). */
  setHistory(episodes: readonly HistoryEpisode[]): void;
  requests(): LoggedRequest[];
  clearRequests(): void;
  redirectTargetHits(): RedirectHit[];
  close(): Promise<void>;
}

export interface RouteResponse {
  status: number;
  body: string;
  contentType: string;
  headers?: Record<string, string>;
}

export interface RouteContext {
  nowMs: number;
  headers: IncomingHttpHeaders;
  /** Origin + provider prefix, e.g. `http://127.0.0.1:4010/dune/api/v1`. */
  apiBase: string;
  market: Market;
}

/** Builds the answer of a known route; `empty` = the `empty` scenario's variant. */
export type RouteHandler = (empty: boolean) => RouteResponse;
