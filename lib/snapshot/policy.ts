/**
 * The read policy of every key family, one table (docs/read-layer.md, "Key families").
 * Adding a family: its name in `KeyFamily`, one row below, a reader calling `readFamily`.
 */
import type { PolicyProvider } from "@/lib/budget/calls";
import { getConfig, type AppConfig, type TtlClass } from "@/lib/config";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { EXIT_COST_FRESH_SECONDS } from "@/lib/domain/exit-cost-constants";

export type EmptyRule =
  { kind: "negative"; seconds: number } | { kind: "not-stored" } | { kind: "failure" };

export interface ReadPolicy {
  /** Telemetry scope and the name docs use. */
  family: string;
  freshSeconds: number;
  graceSeconds: number;
  empty: EmptyRule;
  lockBudgetMs: number;
  provider: PolicyProvider;
}

export type SnapshotFamily = `snapshot:${TtlClass}`;
export type KeyFamily =
  | "aggregate"
  | "live:quotes"
  | "live:tickers"
  | "live:pools"
  | "live:charts"
  | "live:supply-history"
  | "live:coin-detail"
  | "history:hourly"
  | "history:daily"
  | "history:aggregate-prices"
  | "history:supply-total"
  | "aggregate:chains"
  | "history:supply-chain"
  | "live:coin-chains"
  | "live:coin-prices"
  | "history:coins-hourly"
  | ExitCostFamily
  | SnapshotFamily;

/** Order books per exchange and DEX quotes: one family each, so each spends its own budget. */
export type ExitCostFamily =
  "exit:book:binance" | "exit:book:kraken" | "exit:book:coinbase" | "exit:dex-quote";

/** Live market and DEX data: fresh for about a minute. */
export const LIVE_FRESH_SECONDS = 60;
/** Peg-history series change slowly at hourly granularity. */
export const CHART_FRESH_SECONDS = 5 * 60;
/** Order books and DEX quotes (exit cost by trade size): fresh 5 minutes. */
export { EXIT_COST_FRESH_SECONDS };
/** Live families keep a stale copy for this many fresh periods (10 min for quotes). */
export const LIVE_GRACE_FACTOR = 10;
/** The aggregate list keeps a last good copy for 30 days. */
export const AGGREGATE_GRACE_SECONDS = 30 * 24 * 60 * 60;
/** Supply history (6 h fresh) keeps a stale copy for a day. */
export const SUPPLY_HISTORY_GRACE_SECONDS = 24 * 60 * 60;
/** Coin detail (contract addresses) changes rarely: fresh a day, a stale copy kept a week. */
export const COIN_DETAIL_FRESH_SECONDS = 24 * 60 * 60;
export const COIN_DETAIL_GRACE_SECONDS = 7 * 24 * 60 * 60;
/** 90-day series (hourly points): a new point each hour. */
export const HISTORY_HOURLY_FRESH_SECONDS = 60 * 60;
/** 365-day series (daily points). */
export const HISTORY_DAILY_FRESH_SECONDS = 6 * 60 * 60;
/** DefiLlama coins current prices: the provider's records move every 5 minutes. */
export const COIN_PRICES_FRESH_SECONDS = 5 * 60;
/** Hourly coin series are extended, not refetched: a copy is kept for the whole 90 days. */
export const COINS_HOURLY_GRACE_SECONDS = 90 * 24 * 60 * 60;
/** A valid empty live answer (no pools, no tickers) is asked again after this long. */
export const NEGATIVE_SECONDS = 60;
/** Store round trips a holder makes besides its provider call (entry, budget counts, marker). */
export const HOLDER_STORE_OPERATIONS = 6;

function live(
  family: KeyFamily,
  freshSeconds: number,
  provider: PolicyProvider,
  lockBudgetMs: number,
): ReadPolicy {
  return {
    family,
    freshSeconds,
    graceSeconds: freshSeconds * LIVE_GRACE_FACTOR,
    empty: { kind: "negative", seconds: Math.min(NEGATIVE_SECONDS, freshSeconds) },
    lockBudgetMs,
    provider,
  };
}

function snapshot(cls: TtlClass, config: AppConfig, lockBudgetMs: number): ReadPolicy {
  const seconds = config.ttlSeconds[cls];
  // Rule 6: an empty scheduled result is never stored; no stale window past the class TTL.
  return {
    family: `snapshot:${cls}`,
    freshSeconds: seconds,
    graceSeconds: seconds,
    empty: { kind: "not-stored" },
    lockBudgetMs,
    provider: "dune",
  };
}

/** The whole table for a configuration (TTL classes and provider budgets come from config). */
export function readPolicies(config: AppConfig): Readonly<Record<KeyFamily, ReadPolicy>> {
  // Nobody waits on another holder longer than the holder's own read can take.
  const budget = config.providers.timeoutMs + HOLDER_STORE_OPERATIONS * config.kvTimeoutMs;
  return {
    aggregate: {
      family: "aggregate",
      freshSeconds: config.ttlSeconds.supplyPanel,
      graceSeconds: AGGREGATE_GRACE_SECONDS,
      empty: { kind: "failure" },
      lockBudgetMs: budget,
      provider: "defillama",
    },
    "live:quotes": live("live:quotes", LIVE_FRESH_SECONDS, "coingecko", budget),
    "live:tickers": live("live:tickers", LIVE_FRESH_SECONDS, "coingecko", budget),
    "live:pools": live("live:pools", LIVE_FRESH_SECONDS, "dexscreener", budget),
    "live:charts": live("live:charts", CHART_FRESH_SECONDS, "coingecko", budget),
    "live:supply-history": {
      ...live("live:supply-history", config.ttlSeconds.supplyPanel, "defillama", budget),
      graceSeconds: SUPPLY_HISTORY_GRACE_SECONDS,
    },
    "live:coin-detail": {
      ...live("live:coin-detail", COIN_DETAIL_FRESH_SECONDS, "coingecko", budget),
      graceSeconds: COIN_DETAIL_GRACE_SECONDS,
    },
    "history:hourly": live("history:hourly", HISTORY_HOURLY_FRESH_SECONDS, "coingecko", budget),
    "history:daily": live("history:daily", HISTORY_DAILY_FRESH_SECONDS, "coingecko", budget),
    // Every coin's daily prices in one key (`/stablecoinprices`): a new point a day.
    "history:aggregate-prices": live(
      "history:aggregate-prices",
      HISTORY_DAILY_FRESH_SECONDS,
      "defillama",
      budget,
    ),
    "history:supply-total": {
      ...live("history:supply-total", config.ttlSeconds.supplyPanel, "defillama", budget),
      graceSeconds: SUPPLY_HISTORY_GRACE_SECONDS,
    },
    // Per-chain data: kept like the aggregate, the market history and a coin's supply history.
    "aggregate:chains": {
      family: "aggregate:chains",
      freshSeconds: config.ttlSeconds.supplyPanel,
      graceSeconds: AGGREGATE_GRACE_SECONDS,
      empty: { kind: "failure" },
      lockBudgetMs: budget,
      provider: "defillama",
    },
    "history:supply-chain": {
      ...live("history:supply-chain", config.ttlSeconds.supplyPanel, "defillama", budget),
      graceSeconds: SUPPLY_HISTORY_GRACE_SECONDS,
    },
    "live:coin-chains": {
      ...live("live:coin-chains", config.ttlSeconds.supplyPanel, "defillama", budget),
      graceSeconds: SUPPLY_HISTORY_GRACE_SECONDS,
    },
    "live:coin-prices": live(
      "live:coin-prices",
      COIN_PRICES_FRESH_SECONDS,
      "defillama-coins",
      budget,
    ),
    "history:coins-hourly": {
      ...live("history:coins-hourly", HISTORY_HOURLY_FRESH_SECONDS, "defillama-coins", budget),
      graceSeconds: COINS_HOURLY_GRACE_SECONDS,
    },
    "exit:book:binance": live("exit:book:binance", EXIT_COST_FRESH_SECONDS, "binance", budget),
    "exit:book:kraken": live("exit:book:kraken", EXIT_COST_FRESH_SECONDS, "kraken", budget),
    "exit:book:coinbase": live("exit:book:coinbase", EXIT_COST_FRESH_SECONDS, "coinbase", budget),
    "exit:dex-quote": live("exit:dex-quote", EXIT_COST_FRESH_SECONDS, "kyberswap", budget),
    "snapshot:supplyPanel": snapshot("supplyPanel", config, budget),
    "snapshot:exposureFacts": snapshot("exposureFacts", config, budget),
    "snapshot:movement": snapshot("movement", config, budget),
    "snapshot:breakdown": snapshot("breakdown", config, budget),
    "snapshot:leaderboard": snapshot("leaderboard", config, budget),
    "snapshot:migration": snapshot("migration", config, budget),
  };
}

export function policyFor(family: KeyFamily): ReadPolicy {
  return readPolicies(getConfig())[family];
}

/** Lock budget in whole seconds (KV TTLs are seconds), never below one. */
export function markerSeconds(policy: ReadPolicy): number {
  return Math.max(1, Math.ceil(policy.lockBudgetMs / MS_PER_SECOND));
}
