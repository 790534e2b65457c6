/** Warnings of the own-history routes (docs/api.md): the service's history, not a provider's. */
import { warning, type Warning } from "@/lib/assets/warnings";
import type { HistoryReadIssue } from "@/lib/history/read";

const history = (code: string, text: string) => warning("Service", "history", code, text);

export const HW = {
  notStarted: history(
    "history_not_started",
    "the service has no sample of this coin yet; its own history cannot be backfilled.",
  ),
  notSampled: history(
    "history_not_sampled",
    "this coin has no aggregate id, so the service does not sample it.",
  ),
  belowFloor: history(
    "history_below_floor",
    "this coin circulates less than the sampling floor (HISTORY_MIN_CIRCULATING_USD), so the service does not sample it.",
  ),
  emptyWindow: history(
    "history_window_empty",
    "the service took no sample of this coin within this window.",
  ),
  storeUnavailable: history(
    "history_store_unavailable",
    "the store did not answer every read: some points may be missing.",
  ),
  damagedValue: history(
    "history_damaged_value",
    "a stored part of the history could not be read: its points are missing.",
  ),
  coinsUnavailable: history(
    "history_coins_unavailable",
    "the list of coins is unavailable, so the market's own history could not be read.",
  ),
  rawRetention: history(
    "history_events_raw_retention",
    "events of the service's own history are raised from samples kept 90 days; older ones are not listed.",
  ),
} as const;

/**
 * Facts of the history, not failures of the answer: an answer with only these is as complete as
 * it can be (cacheable). A store that did not answer, or a damaged value, degrades it.
 */
const FACT_CODES: ReadonlySet<string> = new Set(
  [HW.notStarted, HW.notSampled, HW.belowFloor, HW.emptyWindow, HW.rawRetention].map((w) => w.code),
);
export const MEASUREMENT_MISSING_CODE = "history_measurement_missing";

/** Whether warnings with these codes make the answer degraded (`no-store`). */
export function degradedBy(codes: readonly string[]): boolean {
  return codes.some((c) => !FACT_CODES.has(c) && c !== MEASUREMENT_MISSING_CODE);
}

export function readIssueWarnings(issues: readonly HistoryReadIssue[]): Warning[] {
  return issues.map((i) => (i === "store_unavailable" ? HW.storeUnavailable : HW.damagedValue));
}

/** One warning naming the measurements missing at some points of the window (gaps stay gaps). */
export function missingMeasurementsWarning(names: readonly string[]): Warning[] {
  if (names.length === 0) return [];
  return [
    history(
      MEASUREMENT_MISSING_CODE,
      `not measured at some points of this window (null there, never 0): ${names.join(", ")}.`,
    ),
  ];
}
