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

/**
 * `refresh`: a background refresh of a stale copy; `request`: a request's miss; `scheduled`: the
 * scheduled refresher's pass (`lib/refresh`), which may spend only the refresh reserve, so the
 * requests' allowance stays whole however much the refresher wants.
 */
export type CallPurpose = "request" | "refresh" | "scheduled";

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
 * against a budget of `limit`: refreshes may use the whole of it, requests all but the reserve,
 * the scheduled refresher only what non-request calls left of the reserve.
 */
export function callFits(made: CallCounts, limit: number, purpose: CallPurpose): boolean {
  if (made.total >= limit) return false;
  if (purpose === "scheduled") return made.total - made.request < refreshReserve(limit);
  return purpose === "refresh" || made.request < requestAllowance(limit);
}

/** Calls the scheduled refresher may still make in a window where `made` were made already. */
export function scheduledCallsLeft(made: CallCounts, limit: number): number {
  const reserveLeft = refreshReserve(limit) - (made.total - made.request);
  return Math.max(0, Math.min(limit - made.total, reserveLeft));
}

/**
 * Calls a second one process may make while the shared counter cannot be read: its local share,
 * but at least one (a share of a small per-second budget rounds to nothing). With more instances
 * than the budget has calls counting locally in the same second, their sum can pass it.
 */
export function localSecondBudget(perSecond: number): number {
  return Math.max(1, localBudget(perSecond));
}

/** `callFits` against this process' local share of a budget of `limit`. */
export function localCallFits(made: CallCounts, limit: number, purpose: CallPurpose): boolean {
  return callFits(made, localBudget(limit), purpose);
}
