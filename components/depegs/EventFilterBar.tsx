"use client";

import type { Dispatch, SetStateAction } from "react";
import { EVENTS_WINDOWS, type EventsWindow } from "@/lib/domain/depeg-events";
import {
  MIN_DEPTH_CHOICES_BPS,
  type EventFilters,
  type EventSort,
  type EventSortKey,
} from "./rows";

const select =
  "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900";

/** The event log's filters: window, coin, direction, minimum depth, and the sort on narrow screens. */
export function EventFilterBar({
  coins,
  filters,
  setFilters,
  shownWindow,
  pickWindow,
  sort,
  setSort,
}: {
  coins: readonly string[];
  filters: EventFilters;
  setFilters: Dispatch<SetStateAction<EventFilters>>;
  shownWindow: EventsWindow;
  /** Called with the window the reader picked. */
  pickWindow: (value: string) => void;
  sort: EventSort;
  setSort: Dispatch<SetStateAction<EventSort>>;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Filter events">
      <label className="flex flex-col text-xs text-slate-600 dark:text-slate-300">
        Window
        <select className={select} value={shownWindow} onChange={(e) => pickWindow(e.target.value)}>
          {EVENTS_WINDOWS.map((w) => (
            <option key={w} value={w}>
              Last {w}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-xs text-slate-600 dark:text-slate-300">
        Coin
        <select
          className={select}
          value={filters.asset}
          onChange={(e) => setFilters({ ...filters, asset: e.target.value })}
        >
          <option value="">All coins</option>
          {coins.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-xs text-slate-600 dark:text-slate-300">
        Direction
        <select
          className={select}
          value={filters.direction}
          onChange={(e) =>
            setFilters({ ...filters, direction: e.target.value as EventFilters["direction"] })
          }
        >
          <option value="">Both</option>
          <option value="below">Below peg</option>
          <option value="above">Above peg</option>
        </select>
      </label>
      <label className="flex flex-col text-xs text-slate-600 dark:text-slate-300">
        Minimum depth
        <select
          className={select}
          value={filters.minDepthBps}
          onChange={(e) => setFilters({ ...filters, minDepthBps: Number(e.target.value) })}
        >
          {MIN_DEPTH_CHOICES_BPS.map((b) => (
            <option key={b} value={b}>
              {b === 0 ? "Any (> 100 bps)" : `≥ ${b} bps`}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-xs text-slate-600 sm:hidden dark:text-slate-300">
        Sort by
        <select
          className={select}
          value={`${sort.key}:${sort.dir}`}
          onChange={(e) => {
            const [key, dir] = e.target.value.split(":") as [EventSortKey, "asc" | "desc"];
            setSort({ key, dir });
          }}
        >
          <option value="start:desc">Newest first</option>
          <option value="depth:desc">Deepest first</option>
          <option value="duration:desc">Longest first</option>
          <option value="asset:asc">Coin A–Z</option>
        </select>
      </label>
    </div>
  );
}
