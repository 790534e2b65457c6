/**
 * Warnings of the exit-cost measurement: `Provider (liquidity): …`, with stable codes
 * `exit_book_unavailable`, `exit_book_budget`, `exit_book_stale`, `exit_dex_unavailable`,
 * `exit_dex_budget`, `exit_dex_stale`, `exit_not_measured`. Pair names are the exchange's own
 * symbols of registry or market-provider coins; no URL or upstream error text is ever included.
 */
import { warning, type Warning, type WarningSource } from "@/lib/assets/warnings";
import { isRateBudgetError } from "@/lib/snapshot/rate-budget";
import type { Exchange } from "@/lib/snapshot/exit-cost";

export const EXCHANGE_SOURCE: Readonly<Record<Exchange, WarningSource>> = {
  binance: "Binance",
  kraken: "Kraken",
  coinbase: "Coinbase",
};
const DEX: WarningSource = "KyberSwap";

export const EW = {
  book: (exchange: Exchange, pair: string, error: unknown): Warning =>
    isRateBudgetError(error)
      ? warning(
          EXCHANGE_SOURCE[exchange],
          "liquidity",
          "exit_book_budget",
          `rate budget reached; the ${pair} order book is not measured for now.`,
        )
      : warning(
          EXCHANGE_SOURCE[exchange],
          "liquidity",
          "exit_book_unavailable",
          `the ${pair} order book is unavailable; exit cost there is not measured.`,
        ),
  bookStale: (exchange: Exchange, pair: string): Warning =>
    warning(
      EXCHANGE_SOURCE[exchange],
      "liquidity",
      "exit_book_stale",
      `the ${pair} order book is older than its 5-minute freshness; figures are marked stale.`,
    ),
  dex: (chain: string, error: unknown): Warning =>
    isRateBudgetError(error)
      ? warning(
          DEX,
          "liquidity",
          "exit_dex_budget",
          `rate budget reached; DEX quotes on ${chain} are not measured for now.`,
        )
      : warning(
          DEX,
          "liquidity",
          "exit_dex_unavailable",
          `DEX quotes on ${chain} are unavailable; exit cost there is not measured.`,
        ),
  dexStale: (chain: string): Warning =>
    warning(
      DEX,
      "liquidity",
      "exit_dex_stale",
      `DEX quotes on ${chain} are older than their 5-minute freshness; figures are marked stale.`,
    ),
  notMeasured: warning(
    DEX,
    "liquidity",
    "exit_not_measured",
    "no USD or USDT order book on the supported exchanges and no chain with $1M of pools: exit cost is not measured.",
  ),
} as const;
