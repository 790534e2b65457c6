/** The chain views' own warnings (same shape and wording rules as lib/assets/warnings). */
import type { Warning } from "@/lib/assets/warnings";

const llama = (code: string, text: string): Warning => ({
  source: "DefiLlama",
  type: "aggregate",
  code,
  message: `DefiLlama (aggregate): ${text}`,
});

/**
 * The code of the chain view's scope note: it measures the largest coins only, by design. The note
 * states what the view covers, not data that was missing: a page showing it is complete.
 */
export const SPLIT_SCOPE_CODE = "chain_split_partial";

export const CW = {
  chainTotalsUnavailable: llama(
    "chain_totals_unavailable",
    "the chain list is unavailable; each chain's total is the sum of its coins.",
  ),
  chainTotalsStale: llama(
    "chain_totals_stale",
    "the chain list could not be refreshed; serving the last good copy.",
  ),
  chainHistoryUnavailable: llama(
    "chain_history_unavailable",
    "this chain's supply history is unavailable.",
  ),
  splitUnavailable: llama(
    "chain_split_unavailable",
    "per-chain balances could not be read for some coins; their native/bridged split is not measured.",
  ),
  splitPartial: (n: number) =>
    llama(
      SPLIT_SCOPE_CODE,
      `the native/bridged split and chain-local peg are measured for the ${n} largest coins on this chain only.`,
    ),
  pegUnavailable: {
    source: "DexScreener",
    type: "liquidity",
    code: "chain_peg_unavailable",
    message:
      "DexScreener (liquidity): pools could not be read for some coins; their chain-local peg is not measured.",
  } satisfies Warning,
} as const;
