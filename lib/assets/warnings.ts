/**
 * User-safe warning sentences, prefixed with provider and source name. No URL, host, key,
 * stack or class name ever goes in here.
 */
import { isRateBudgetError } from "@/lib/snapshot/rate-budget";

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

/** `Provider (source-type): <why>; showing data from HH:MM UTC.` */
export function staleWarning(source: string, reason: StaleReason, storedAt: number | null) {
  const why =
    reason === "budget"
      ? "rate budget reached"
      : reason === "failed"
        ? "the source is unavailable"
        : "a refresh is under way";
  return `${source}: ${why}; showing data from ${clock(storedAt)}.`;
}

export const W = {
  aggregateUnavailable:
    "DefiLlama (aggregate): the stablecoin aggregate is unavailable; supply figures and price cross-checks are missing.",
  /** A stale aggregate copy: its refresh failed (default) or is still under way. */
  aggregateStale: (storedAt: number | null, error: unknown = true) =>
    error === undefined
      ? `DefiLlama (aggregate): a refresh is under way; serving the last good copy as of ${asOf(storedAt)}.`
      : `DefiLlama (aggregate): the source is unavailable; serving the last good copy as of ${asOf(storedAt)}.`,
  marketUnavailable: "CoinGecko (market): live price, market cap and 24h volume are unavailable.",
  marketBudget:
    "CoinGecko (market): rate budget reached; live price, market cap and 24h volume are unavailable for now.",
  dexBudget: "DexScreener (liquidity): rate budget reached; DEX pool data is unavailable for now.",
  tickersUnavailable:
    "CoinGecko (market): centralized-exchange order-book depth is unavailable; depth covers DEX pools only.",
  dexUnavailable:
    "DexScreener (liquidity): DEX pool data is unavailable; depth covers centralized exchanges only.",
  dexPartial: (chains: string[]) =>
    `DexScreener (liquidity): pool data is unavailable for ${chains.join(", ")}; depth and pools cover the other chains.`,
  distributionFromAggregate:
    "DefiLlama (aggregate): supply distribution is taken from the aggregate's per-chain circulating figures, not the on-chain snapshot.",
  distributionNotCovered:
    "Dune (on-chain-scheduled): the on-chain snapshot does not cover this asset; supply distribution uses the aggregate instead.",
  distributionUnavailable: "DefiLlama (aggregate): supply distribution is unavailable.",
} as const;
