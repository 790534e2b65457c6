/**
 * Warnings as structured values: which source, which kind of source, a stable machine code and a
 * user-safe sentence prefixed "Provider (source-type): …". Modules select warnings by `source`,
 * `type` or `code`, never by the sentence's text. Bodies carry the sentences (`warnings`) and, in
 * the same order, the codes (`warning_codes`). No URL, host, key, stack or class name ever goes
 * in a message.
 *
 * Three different situations read differently: a coin NOT LISTED by a provider (nothing was
 * asked), a provider that DID NOT ANSWER (failed, timed out, malformed), and a provider that
 * ANSWERED WITH NOTHING for this coin.
 */
import { isRateBudgetError } from "@/lib/budget/calls";

export type WarningSource =
  | "CoinGecko"
  | "DexScreener"
  | "DefiLlama"
  | "Dune"
  // Exit-cost sources (lib/assets/exit-warnings.ts).
  | "Binance"
  | "Kraken"
  | "Coinbase"
  | "KyberSwap"
  // The service's own history (lib/history-api/warnings.ts).
  | "Service";
export type WarningType = "market" | "liquidity" | "aggregate" | "on-chain-scheduled" | "history";

export interface Warning {
  source: WarningSource;
  type: WarningType;
  /** Stable snake_case code, e.g. `dex_no_pools`. */
  code: string;
  message: string;
}

export function warning(
  source: WarningSource,
  type: WarningType,
  code: string,
  text: string,
): Warning {
  return { source, type, code, message: `${source} (${type}): ${text}` };
}

const asOf = (ms: number | null) => (ms ? new Date(ms).toISOString() : "an earlier run");
const ISO_TIME_START = 11;
const ISO_TIME_END = 16;
/** `HH:MM UTC` of a stale copy (live copies are at most an hour old). */
const clock = (ms: number | null) =>
  ms ? `${new Date(ms).toISOString().slice(ISO_TIME_START, ISO_TIME_END)} UTC` : "an earlier read";

/** Why a copy past its fresh time is served: budget spent, source failing, or a refresh due. */
export type StaleReason = "budget" | "failed" | "refreshing";

/** Why a read served past its fresh time (null when fresh). */
export function staleReason(r: { stale: boolean; error?: unknown }): StaleReason | null {
  if (!r.stale) return null;
  if (r.error === undefined) return "refreshing";
  return isRateBudgetError(r.error) ? "budget" : "failed";
}

const CG = "CoinGecko";
const DEX = "DexScreener";
const LLAMA = "DefiLlama";

/**
 * Every answer a spent call budget shaped carries its provider's budget code, whatever is missing
 * or stale because of it: `market_rate_budget` (CoinGecko), `dex_rate_budget` (DexScreener).
 */
const BUDGET_CODE = { [CG]: "market_rate_budget", [DEX]: "dex_rate_budget" } as const;
const marketBudgetWarning = (text: string) =>
  warning(CG, "market", BUDGET_CODE[CG], `rate budget reached; ${text}`);

export const W = {
  aggregateUnavailable: warning(
    LLAMA,
    "aggregate",
    "aggregate_unavailable",
    "the stablecoin aggregate is unavailable; supply figures and price cross-checks are missing.",
  ),
  /** A stale aggregate copy: its refresh failed (default) or is still under way. */
  aggregateStale: (storedAt: number | null, error: unknown = true) =>
    error === undefined
      ? warning(
          LLAMA,
          "aggregate",
          "aggregate_stale_refreshing",
          `a refresh is under way; serving the last good copy as of ${asOf(storedAt)}.`,
        )
      : warning(
          LLAMA,
          "aggregate",
          "aggregate_stale",
          `the source is unavailable; serving the last good copy as of ${asOf(storedAt)}.`,
        ),
  marketNotListed: warning(
    CG,
    "market",
    "market_not_listed",
    "this coin is not listed by the market provider, so it was not asked for a live price, market cap or 24h volume.",
  ),
  marketNoAnswer: warning(
    CG,
    "market",
    "market_no_answer",
    "the market provider did not answer; live price, market cap and 24h volume are unavailable.",
  ),
  marketNotFound: warning(
    CG,
    "market",
    "market_not_found",
    "the market provider answered without this coin; it has no live price, market cap or 24h volume for it.",
  ),
  priceFromAggregate: warning(
    LLAMA,
    "aggregate",
    "price_from_aggregate",
    "price and peg deviation use the aggregate's price because the market provider has none; confidence is lowered.",
  ),
  priceFromDex: warning(
    DEX,
    "liquidity",
    "price_from_dex",
    "price and peg deviation are implied by DEX pools because neither the market provider nor the aggregate has a price; confidence is lowered.",
  ),
  priceUnavailable: warning(
    CG,
    "market",
    "price_unavailable",
    "no source has a current price for this coin; price and peg deviation are not measured.",
  ),
  /** Two independent prices more than the threshold apart (`lib/domain/price-sources.ts`). */
  priceSourcesDisagree: (spreadBps: number, low: string, high: string) =>
    warning(
      LLAMA,
      "market",
      "price_sources_disagree",
      `independent prices disagree by ${spreadBps.toFixed(0)} bps (${low} lower than ${high}); treat the price and peg deviation with care.`,
    ),
  marketCapFromAggregate: warning(
    LLAMA,
    "aggregate",
    "market_cap_from_aggregate",
    "market cap is the aggregate's circulating supply in USD because the market provider has none.",
  ),
  tickersNoAnswer: warning(
    CG,
    "market",
    "tickers_no_answer",
    "centralized-exchange order books did not answer; depth covers DEX pools only.",
  ),
  tickersEmpty: warning(
    CG,
    "market",
    "tickers_no_depth",
    "no centralized-exchange ticker of this coin reports order-book depth; depth covers DEX pools only.",
  ),
  contractsNotListed: warning(
    DEX,
    "liquidity",
    "contracts_not_listed",
    "no contract addresses are known for this coin (it is not listed by the market provider), so no pools were looked up.",
  ),
  contractsNotFound: warning(
    CG,
    "market",
    "contracts_not_found",
    "the market provider does not know this coin, so its contract addresses and pools are unknown.",
  ),
  contractsNoAnswer: warning(
    CG,
    "market",
    "contracts_no_answer",
    "the coin's contract addresses could not be fetched; no pools are known.",
  ),
  contractsNoSupportedChain: warning(
    DEX,
    "liquidity",
    "contracts_no_supported_chain",
    "the market provider lists no contract of this coin on a chain the DEX aggregator covers, so no pools were looked up.",
  ),
  dexNoAnswer: warning(
    DEX,
    "liquidity",
    "dex_no_answer",
    "the DEX aggregator did not answer; depth covers centralized exchanges only.",
  ),
  marketBudget: marketBudgetWarning(
    "live price, market cap and 24h volume are unavailable for now.",
  ),
  tickersBudget: marketBudgetWarning(
    "centralized-exchange order books are unavailable for now; depth covers DEX pools only.",
  ),
  contractsBudget: marketBudgetWarning(
    "the coin's contract addresses are unavailable for now, so no pools were looked up.",
  ),
  historyBudget: marketBudgetWarning("price history is unavailable for now."),
  dexBudget: warning(
    DEX,
    "liquidity",
    BUDGET_CODE[DEX],
    "rate budget reached; DEX pool data is unavailable for now.",
  ),
  dexBudgetPartial: warning(
    DEX,
    "liquidity",
    BUDGET_CODE[DEX],
    "rate budget reached; some pool lookups were not made for now.",
  ),
  dexPartial: (chains: string[]) =>
    warning(
      DEX,
      "liquidity",
      "dex_partial",
      `pool data is unavailable for ${chains.join(", ")}; depth and pools cover the other chains.`,
    ),
  dexNoPools: warning(
    DEX,
    "liquidity",
    "dex_no_pools",
    "no pools found for this coin's contracts.",
  ),
  historyUnavailable: warning(
    CG,
    "market",
    "history_unavailable",
    "price history is unavailable for this window.",
  ),
  historyNotListed: warning(
    CG,
    "market",
    "history_not_listed",
    "this coin is not listed by the market provider, so there is no price history.",
  ),
  distributionFromAggregate: warning(
    LLAMA,
    "aggregate",
    "distribution_from_aggregate",
    "supply distribution is taken from the aggregate's per-chain circulating figures, not the on-chain snapshot.",
  ),
  distributionNotCovered: warning(
    "Dune",
    "on-chain-scheduled",
    "distribution_not_covered",
    "the on-chain snapshot does not cover this asset; supply distribution uses the aggregate instead.",
  ),
  distributionUnavailable: warning(
    LLAMA,
    "aggregate",
    "distribution_unavailable",
    "supply distribution is unavailable.",
  ),
} as const;

/**
 * Points of a price series that were not prices (zero, negative, non-finite): dropped and
 * counted, never read as a −10,000 bps depeg. `of` names the series, e.g. "the 30-day price
 * history of USDT".
 */
export function pricesDropped(count: number, of: string): Warning {
  const points = count === 1 ? "1 price point" : `${count} price points`;
  return warning(
    CG,
    "market",
    "market_prices_dropped",
    `${points} of ${of} were zero, negative or not a number and were dropped.`,
  );
}

/** What a copy past its fresh time is of: whose data, for the warning's source and code. */
const STALE_SUBJECTS = {
  market: [CG, "market"],
  tickers: [CG, "market"],
  history: [CG, "market"],
  dex: [DEX, "liquidity"],
} as const satisfies Record<string, readonly [WarningSource, WarningType]>;
export type StaleSubject = keyof typeof STALE_SUBJECTS;

/**
 * A copy served past its fresh time: `Provider (source-type): <why>; showing data from HH:MM
 * UTC.`, code `<subject>_stale_<reason>` (e.g. `market_stale_failed`) — or, when the call budget
 * is why, the provider's budget code (`market_rate_budget`, `dex_rate_budget`).
 */
export function staleWarning(
  subject: StaleSubject,
  reason: StaleReason,
  storedAt: number | null,
): Warning {
  const [source, type] = STALE_SUBJECTS[subject];
  const why =
    reason === "budget"
      ? "rate budget reached"
      : reason === "failed"
        ? "the source is unavailable"
        : "a refresh is under way";
  const code = reason === "budget" ? BUDGET_CODE[source] : `${subject}_stale_${reason}`;
  return warning(source, type, code, `${why}; showing data from ${clock(storedAt)}.`);
}
