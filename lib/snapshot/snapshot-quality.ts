/**
 * What a stored snapshot says about itself, computed at read time from its metadata
 * (truncated, partial, rows dropped, scheduler stale): each a warning `onchain_<reason>`.
 */
import type { DuneQueryName } from "@/lib/config";
import { MS_PER_SECOND } from "@/lib/domain/constants";

export const COMPLETED_STATE = "QUERY_STATE_COMPLETED";
/** A snapshot older than this many class TTLs means its scheduled refresh stopped. */
export const SCHEDULER_STALE_FACTOR = 2;
const SECONDS_PER_HOUR = 3_600;

/** What a stored snapshot keeps beside its rows. */
export interface SnapshotMeta {
  /** ISO 8601: the end of the run that produced the result. */
  executionEndedAt: string;
  state: string;
  truncated: boolean;
  droppedRows: number;
}

export type SnapshotIssueReason = "truncated" | "partial" | "rows_dropped" | "scheduler_stale";

export interface SnapshotIssue {
  reason: SnapshotIssueReason;
  /** One user-safe sentence, "Dune (on-chain-scheduled): …". */
  warning: string;
  droppedRows?: number;
  ageSeconds?: number;
}

/** How each snapshot is named in a sentence. */
export const SNAPSHOT_LABELS: Readonly<Record<DuneQueryName, string>> = {
  supplyByChain: "supply-by-chain",
  cexFlows: "CEX-flows",
  protocolFlows: "protocol-flows",
  chainMigration: "chain-migration",
  issuerExposure: "issuer-exposure",
};

const PREFIX = "Dune (on-chain-scheduled):";
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Age of the result in whole seconds at `nowMs`; null when its end time is unreadable. */
export function snapshotAgeSeconds(executionEndedAt: string, nowMs: number): number | null {
  const endedMs = Date.parse(executionEndedAt);
  if (Number.isNaN(endedMs)) return null;
  return Math.max(0, Math.floor((nowMs - endedMs) / MS_PER_SECOND));
}

export function snapshotIssues(
  name: DuneQueryName,
  meta: SnapshotMeta,
  ttlSeconds: number,
  nowMs: number,
): SnapshotIssue[] {
  const label = SNAPSHOT_LABELS[name];
  const out: SnapshotIssue[] = [];
  if (meta.truncated)
    out.push({
      reason: "truncated",
      warning: `${PREFIX} the ${label} snapshot has more rows than the service reads (page cap); rows past the cap are missing.`,
    });
  if (meta.state !== COMPLETED_STATE)
    out.push({
      reason: "partial",
      warning: `${PREFIX} the ${label} snapshot comes from a run that did not complete; its rows may be incomplete.`,
    });
  if (meta.droppedRows > 0)
    out.push({
      reason: "rows_dropped",
      droppedRows: meta.droppedRows,
      warning: `${PREFIX} ${plural(meta.droppedRows, "row", "rows")} of the ${label} snapshot failed validation and were dropped.`,
    });
  const age = snapshotAgeSeconds(meta.executionEndedAt, nowMs);
  if (age !== null && age > SCHEDULER_STALE_FACTOR * ttlSeconds) {
    const hours = Math.floor(age / SECONDS_PER_HOUR);
    const ttlHours = Math.round(ttlSeconds / SECONDS_PER_HOUR);
    out.push({
      reason: "scheduler_stale",
      ageSeconds: age,
      warning: `${PREFIX} the ${label} snapshot is ${plural(hours, "hour", "hours")} old (last run ${meta.executionEndedAt}), more than twice its ${ttlHours}-hour refresh interval; the scheduled refresh appears to have stopped.`,
    });
  }
  return out;
}
