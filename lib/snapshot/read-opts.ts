/**
 * What a caller passes to every read, and what the reads tell it back — one explicit object per
 * request, handed from the route through the builders to the readers (no ambient state):
 *
 * - `kv`, `signal`, `now`: the store (default: the process' store), the request's abort signal
 *   and the clock;
 * - `report`: filled by the read layer as the request's reads complete. `retryPending`: some
 *   read left a retry pending — the very next read of its key would ask upstream again (a
 *   failure before the key cools down, the request's own deadline, a stale copy whose refresh
 *   may land first, an empty scheduled snapshot, never stored). An answer built on such reads
 *   must not be reused even for a moment; one built only on settled reads (fresh copies, stored
 *   empty live answers, keys cooling down, a spent call budget) would be rebuilt identically.
 *   `upstreamCalls`: how many of the request's reads waited on a provider (answered from it, or
 *   failed there), i.e. what the request cost upstream. `settledUntilMs`: the earliest moment a
 *   settled read could answer differently (a fresh copy's or stored empty answer's fresh end, a
 *   cooldown's end, the budget window's end), so an answer built on them — degraded by a failing
 *   or over-budget source — may be reused until then.
 *
 * Each read also returns its own `settled` flag (`CachedRead.settled`); the report is the sum
 * over a request whose builders catch failures on the way (a thrown error keeps its class, so
 * the report is where a failure's settledness goes).
 */
import type { KvStore } from "@/lib/kv/types";

export interface ReadReport {
  retryPending: boolean;
  upstreamCalls: number;
  /** Null while no read has said when it could change. */
  settledUntilMs: number | null;
}

export interface ReadOpts {
  kv?: KvStore;
  signal?: AbortSignal;
  now?: () => number;
  report?: ReadReport;
  /**
   * Set only by the scheduled refresher (`lib/refresh`): every read refreshes its key when it is
   * due within `leadMs` (awaited, from the refresh reserve), and records what it did here.
   */
  warm?: WarmLedger;
  /**
   * Set only by the history sampler (`lib/refresh/sampler`): every read is served from a copy
   * within its fresh time or not at all (`NotWarmError`), never with a provider call: a
   * measurement the refresher did not keep warm is a gap in the history, never an extra call.
   */
  warmOnly?: boolean;
}

/** What the scheduled refresher's reads did (`./warm-through`), for one warm task's item. */
export interface WarmLedger {
  /** Refresh a key this long before its fresh time ends (the next pass would be too late). */
  leadMs: number;
  /** Provider calls made, by provider: shared by every item of one pass. */
  spent: Record<string, number>;
  /**
   * When the first of this item's entries stops being fresh (its as-of plus its family's fresh
   * time); null when one of its reads had no value; undefined when it made no read.
   */
  freshUntil: number | null | undefined;
  /** Reads that ended without a usable value (failed, over budget, held elsewhere). */
  failed: number;
}

export function newWarmLedger(leadMs: number, spent: Record<string, number>): WarmLedger {
  return { leadMs, spent, freshUntil: undefined, failed: 0 };
}

export function newReadReport(): ReadReport {
  return { retryPending: false, upstreamCalls: 0, settledUntilMs: null };
}

/** Adds one read's outcome to the caller's report, when it keeps one. */
export function noteRead(
  report: ReadReport | undefined,
  outcome: { settled: boolean; upstream: boolean; untilMs?: number },
): void {
  if (!report) return;
  if (!outcome.settled) report.retryPending = true;
  if (outcome.upstream) report.upstreamCalls += 1;
  if (outcome.settled && outcome.untilMs !== undefined)
    report.settledUntilMs = Math.min(report.settledUntilMs ?? Infinity, outcome.untilMs);
}
