/**
 * How a provider's per-minute call budget is shared out, pure (numbers in, answers out;
 * tests/unit/snapshot/budget-split.test.ts pins explicit budgets). `./rate-budget` applies it.
 *
 * - Refresh reserve: `REFRESH_RESERVE_SHARE` of every budget is left to background refreshes
 *   of stale copies. A request that misses (a cold coin, the long tail) may spend only the rest,
 *   so a burst of cold requests cannot starve the refreshes of the coins people keep reading.
 * - Local share: when the shared counter cannot be read in time (store slow or down), a process
 *   counts its own calls of the window against `LOCAL_BUDGET_SHARE` of the budget (split the
 *   same way) instead of calling without limit. With at most 1 / LOCAL_BUDGET_SHARE (4)
 *   instances counting locally for a whole window, their sum stays within the budget; the calls a
 *   process made through the shared counter before it failed count against its share too.
 */

/** Share of each provider budget only background refreshes may spend. */
export const REFRESH_RESERVE_SHARE = 0.2;
/** Share of the budget one process may spend while the shared counter cannot be read. */
export const LOCAL_BUDGET_SHARE = 0.25;

/** `refresh`: a background refresh of a stale copy; `request`: a request's miss. */
export type CallPurpose = "request" | "refresh";

/** Calls made in one window: by requests, and in total (requests and refreshes). */
export interface CallCounts {
  request: number;
  total: number;
}

/** Calls of a budget of `limit` that only refreshes may make. */
export function refreshReserve(limit: number): number {
  return Math.floor(limit * REFRESH_RESERVE_SHARE);
}

/** Calls of a budget of `limit` that requests may make (the rest is the refresh reserve). */
export function requestAllowance(limit: number): number {
  return limit - refreshReserve(limit);
}

/** The budget one process keeps to itself while the shared counter cannot be read. */
export function localBudget(limit: number): number {
  return Math.floor(limit * LOCAL_BUDGET_SHARE);
}

/**
 * Whether one more call fits, given the calls already made (`made`, not counting this one)
 * against a budget of `limit`: refreshes may use the whole of it, requests all but the reserve.
 */
export function callFits(made: CallCounts, limit: number, purpose: CallPurpose): boolean {
  if (made.total >= limit) return false;
  return purpose === "refresh" || made.request < requestAllowance(limit);
}

/** `callFits` against this process' local share of a budget of `limit`. */
export function localCallFits(made: CallCounts, limit: number, purpose: CallPurpose): boolean {
  return callFits(made, localBudget(limit), purpose);
}
