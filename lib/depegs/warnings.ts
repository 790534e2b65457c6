/** Warnings of the depeg event log (history reads), as structured values. */
import { warning, type Warning } from "@/lib/assets/warnings";
import type { LongRangeDays } from "@/lib/snapshot/history";

const historyWarning = (code: string, text: string): Warning =>
  warning("CoinGecko", "market", code, text);
export const historyUnavailable = (symbol: string, days: LongRangeDays) =>
  historyWarning(
    "long_history_unavailable",
    `the ${days}-day price history of ${symbol} is unavailable; its events are from the other sources only (history unavailable).`,
  );
export const staleHistory = (symbol: string, days: LongRangeDays) =>
  historyWarning(
    "long_history_stale",
    `the ${days}-day price history of ${symbol} could not be refreshed; events are from the last stored copy.`,
  );
/** Over the call budget, the code is the budget's (`market_rate_budget`), stale copy or none. */
const BUDGET_CODE = "market_rate_budget";
export const historyOverBudget = (symbol: string, days: LongRangeDays) =>
  historyWarning(
    BUDGET_CODE,
    `rate budget reached; the ${days}-day price history of ${symbol} is unavailable for now, so its events are from the other sources only.`,
  );
export const staleHistoryOverBudget = (symbol: string, days: LongRangeDays) =>
  historyWarning(
    BUDGET_CODE,
    `rate budget reached; the ${days}-day price history of ${symbol} was not refreshed, so events are from the last stored copy.`,
  );
const coinsWarning = (code: string, text: string): Warning => ({
  source: "DefiLlama",
  type: "aggregate",
  code,
  message: `DefiLlama coins API (aggregate): ${text}`,
});
/** A coin without a CoinGecko id: its hourly series is its only price history. */
export const coinsHistoryUnavailable = (symbol: string) =>
  coinsWarning(
    "coins_history_unavailable",
    `the 90-day hourly price history of ${symbol} is unavailable; its events are unknown (history unavailable).`,
  );
/** No coins key yet: its aggregate detail (the address) is not cached, or names no sendable key. */
export const coinsKeyUnknown = (symbol: string) =>
  coinsWarning(
    "coins_history_unavailable",
    `no price history key is known for ${symbol} yet (its contract address comes from its cached aggregate detail); its events are unknown (history unavailable).`,
  );
export const coinsHistoryStale = (symbol: string) =>
  coinsWarning(
    "coins_history_stale",
    `the 90-day hourly price history of ${symbol} could not be refreshed; events are from the last stored copy.`,
  );
export const aggregatePricesUnavailable: Warning = warning(
  "DefiLlama",
  "aggregate",
  "aggregate_prices_unavailable",
  "the daily price history of every stablecoin is unavailable; events are from cached market-provider series only (history unavailable).",
);
export const aggregatePricesStale: Warning = warning(
  "DefiLlama",
  "aggregate",
  "aggregate_prices_stale",
  "the daily price history could not be refreshed; events are from the last stored copy.",
);
