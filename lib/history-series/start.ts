/**
 * What the pages say about where a coin's own history starts: when it started, or why there is
 * none (not sampled at all, or not sampled yet). Own history cannot be backfilled either way.
 */

/** The history route's codes for a coin the service does not sample (lib/history-api/warnings). */
export const NOT_SAMPLED_CODES: readonly string[] = ["history_below_floor", "history_not_sampled"];

export type HistoryStart =
  { kind: "started"; at: string } | { kind: "not_sampled" } | { kind: "not_started" };

export function historyStart(body: {
  history_start: string | null;
  warning_codes: readonly string[];
}): HistoryStart {
  if (body.history_start) return { kind: "started", at: body.history_start };
  return body.warning_codes.some((c) => NOT_SAMPLED_CODES.includes(c))
    ? { kind: "not_sampled" }
    : { kind: "not_started" };
}
