/**
 * `ReadOpts`: what a request hands every read (store, signal, clock) and the report the reads
 * fill (`retryPending`, `upstreamCalls`, `settledUntilMs`; docs/read-layer.md).
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
  /** Set only by the refresher: due keys are refreshed now and recorded here. */
  warm?: WarmLedger;
  /** Set only by the history sampler: a fresh copy or `NotWarmError`, never a provider call. */
  warmOnly?: boolean;
}

/** What the scheduled refresher's reads did (`./warm-through`), for one warm task's item. */
export interface WarmLedger {
  /** Refresh a key this long before its fresh time ends (the next pass would be too late). */
  leadMs: number;
  /** Provider calls made, by provider: shared by every item of one pass. */
  spent: Record<string, number>;
  /** A copy stored since the pass began is current for the rest of it (one call a key a pass). */
  passStartedMs: number;
  /** The earliest fresh end of the item's entries; null: a read had no value. */
  freshUntil: number | null | undefined;
  /** Reads that ended without a usable value (failed, over budget, held elsewhere). */
  failed: number;
}

export function newWarmLedger(
  leadMs: number,
  spent: Record<string, number>,
  passStartedMs: number,
): WarmLedger {
  return { leadMs, spent, passStartedMs, freshUntil: undefined, failed: 0 };
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
