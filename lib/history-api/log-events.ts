/**
 * Events in the log's public shape (docs/api.md): those raised from the own history and the
 * price depeg events of the depeg log (`type: "depeg"`, their rule unchanged).
 */
import type { DepegEventJson } from "@/lib/depegs";
import type { HistoryEvent, HistoryEventType } from "@/lib/domain/history-events-core";
import type { LogEvent } from "./types";

const iso = (ms: number) => new Date(ms).toISOString();

/** What each history event's worst value measures. */
const WORST_METRIC: Readonly<Record<HistoryEventType, string>> = {
  liquidity_drain: "depth_ratio_of_median",
  depeg_at_size: "sale_1m_deviation_bps",
  chain_local_depeg: "chain_peg_bps",
  risk_score_change: "risk_score_delta_points",
};
export const DEPEG_WORST_METRIC = "deviation_bps";

export function historyLogEvent(e: HistoryEvent): LogEvent {
  return {
    id: `${e.type}:${e.coin.selector}:${e.chain ?? "-"}:${iso(e.startMs)}`,
    type: e.type,
    symbol: e.coin.symbol,
    selector: e.coin.selector,
    chain: e.chain,
    start: iso(e.startMs),
    end: e.endMs === null ? null : iso(e.endMs),
    ongoing: e.ongoing,
    worst: { metric: WORST_METRIC[e.type], value: e.worst.value, at: iso(e.worst.atMs) },
    confirmed: e.confirmed,
    sources: e.sources,
    ...(e.componentDeltas
      ? {
          component_deltas: e.componentDeltas.map((d) => ({
            component: d.component,
            delta_points: d.deltaPoints,
            score_delta_points: d.scoreDeltaPoints,
          })),
        }
      : {}),
  };
}

/** A price depeg event: confirmed unless the depeg log lists it as unconfirmed. */
export function depegLogEvent(e: DepegEventJson): LogEvent {
  return {
    id: `depeg:${e.id}`,
    type: "depeg",
    symbol: e.asset,
    selector: e.selector,
    chain: null,
    start: e.start,
    end: e.end,
    ongoing: e.ongoing,
    worst: { metric: DEPEG_WORST_METRIC, value: e.worst_deviation_bps, at: e.worst_at },
    confirmed: e.confirmation.status !== "unconfirmed",
    // The sources that showed the event (a source checked and holding did not).
    sources: [...new Set(e.sources.filter((s) => s.role !== "checked").map((s) => s.name))],
  };
}

/** Newest first; ties by type, then id (a stable order, so a stable body and ETag). */
export function newestEventFirst(a: LogEvent, b: LogEvent): number {
  return b.start.localeCompare(a.start) || a.type.localeCompare(b.type) || a.id.localeCompare(b.id);
}
