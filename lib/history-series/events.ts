/**
 * The events log as the pages list it (docs/history.md): labels per type, the unit of each
 * type's worst value, newest first, and one chain's chain-local depegs. Pure.
 */

import type { LogEventType } from "@/lib/history-api/types";

export type HistoryEventKind = LogEventType;

/** What the pages read of one event of the events route. */
export interface HistoryEventIn {
  type: HistoryEventKind;
  symbol: string;
  selector: string;
  chain: string | null;
  start: string;
  end: string | null;
  ongoing: boolean;
  worst: { metric: string; value: number };
  confirmed: boolean;
  sources: readonly string[];
  component_deltas?: ReadonlyArray<{
    component: string;
    delta_points: number;
    score_delta_points: number;
  }>;
}

export const EVENT_TYPE_LABELS: Readonly<Record<HistoryEventKind, string>> = {
  depeg: "Price depeg",
  liquidity_drain: "Liquidity drain",
  depeg_at_size: "Depeg at size ($1M sale)",
  chain_local_depeg: "Chain-local depeg",
  risk_score_change: "Risk score change",
};

/**
 * The unit of a type's worst value: a drain's depth as a share of its trailing median, a risk
 * change's score move in points, every depeg's deviation in bps.
 */
export type WorstUnit = "share" | "points" | "bps";
export function worstUnitOf(type: HistoryEventKind): WorstUnit {
  if (type === "liquidity_drain") return "share";
  if (type === "risk_score_change") return "points";
  return "bps";
}

const startMs = (e: HistoryEventIn) => {
  const ms = Date.parse(e.start);
  return Number.isFinite(ms) ? ms : 0;
};

/** Newest first; ties (same start) by type then chain, so the order never flickers. */
export function newestFirst<E extends HistoryEventIn>(events: readonly E[]): E[] {
  return [...events].sort(
    (a, b) =>
      startMs(b) - startMs(a) ||
      a.type.localeCompare(b.type) ||
      (a.chain ?? "").localeCompare(b.chain ?? ""),
  );
}

/** One chain's chain-local depeg events, newest first. */
export function chainLocalEventsOn<E extends HistoryEventIn>(
  events: readonly E[],
  chain: string,
): E[] {
  return newestFirst(events.filter((e) => e.type === "chain_local_depeg" && e.chain === chain));
}

const COMPONENT_LABELS: Readonly<Record<string, string>> = {
  transparency: "Transparency",
  liquidity: "Liquidity",
  pegStability: "Peg stability",
};

/** A risk component's display name (`pegStability` → `Peg stability`); unknown names as given. */
export function componentLabel(component: string): string {
  return Object.hasOwn(COMPONENT_LABELS, component) ? COMPONENT_LABELS[component]! : component;
}
