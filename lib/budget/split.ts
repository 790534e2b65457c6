/**
 * How a provider's call budget is shared out, pure (numbers in, answers out). Refresh reserve:
 * requests' misses may spend all but `REFRESH_RESERVE_SHARE`, so a burst of cold requests cannot
 * starve the refreshes of the coins people keep reading. Local share: while the shared counter
 * cannot be read, a process keeps to `LOCAL_BUDGET_SHARE` (at most four instances stay within it).
 */

/** Share of each provider budget only background refreshes may spend. */
export const REFRESH_RESERVE_SHARE = 0.2;
/** Share of the budget one process may spend while the shared counter cannot be read. */
export const LOCAL_BUDGET_SHARE = 0.25;

/**
 * `request`: a request's miss; `refresh`: a background refresh of a stale copy; `scheduled`: the
 * refresher's pass, which may spend only what other refreshes left of the reserve.
 */
export type CallPurpose = "request" | "refresh" | "scheduled";

/** Calls made in one window: by requests, and in total. */
export interface CallCounts {
  request: number;
  total: number;
}

export function refreshReserve(limit: number): number {
  return Math.floor(limit * REFRESH_RESERVE_SHARE);
}

export function requestAllowance(limit: number): number {
  return limit - refreshReserve(limit);
}

export function localBudget(limit: number): number {
  return Math.floor(limit * LOCAL_BUDGET_SHARE);
}

/** Whether one more call fits after `made` (not counting this one) against `limit`. */
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

/** A per-second local share is at least one call (a share of a small budget rounds to nothing). */
export function localSecondBudget(perSecond: number): number {
  return Math.max(1, localBudget(perSecond));
}

export function localCallFits(made: CallCounts, limit: number, purpose: CallPurpose): boolean {
  return callFits(made, localBudget(limit), purpose);
}
