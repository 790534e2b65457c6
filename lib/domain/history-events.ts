/**
 * Every event the service raises from one coin's own history (docs/history.md), in start order.
 * Samples must be in time order; unordered input is sorted first (a copy).
 */
import type { EventCoin, EventSample, HistoryEvent } from "./history-events-core";
import { liquidityDrainEvents } from "./liquidity-drain";
import { chainLocalDepegEvents, depegAtSizeEvents } from "./peg-at-size-events";
import { riskScoreChangeEvents } from "./risk-score-change";

export function historyEvents(coin: EventCoin, samples: readonly EventSample[]): HistoryEvent[] {
  const ordered = [...samples].sort((a, b) => a.t - b.t);
  return [
    ...liquidityDrainEvents(coin, ordered),
    ...depegAtSizeEvents(coin, ordered),
    ...chainLocalDepegEvents(coin, ordered),
    ...riskScoreChangeEvents(coin, ordered),
  ].sort((a, b) => a.startMs - b.startMs || a.type.localeCompare(b.type));
}
