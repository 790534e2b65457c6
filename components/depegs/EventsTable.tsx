"use client";

import { useMemo, useState, useSyncExternalStore } from "react";
import { formatBps, formatUtc } from "@/components/format";
import { downloadCsv } from "@/components/supply/csv";
import { CoinLink } from "@/components/ui/CoinLink";
import { EmptyState } from "@/components/ui/EmptyState";
import type { DepegEventJson } from "@/lib/depegs/json";
import { EVENTS_WINDOWS, type EventsWindow } from "@/lib/domain/depeg-events";
import { confirmationLabel, duration, EventCards, sourceNames } from "./EventCards";
import { EventFilterBar } from "./EventFilterBar";
import {
  DEFAULT_EVENT_SORT,
  eventsCsv,
  filterEvents,
  nextEventSort,
  NO_EVENT_FILTERS,
  sortEvents,
  type EventFilters,
  type EventSortKey,
} from "./rows";

const noSubscription = () => () => undefined;

/** The events window a query string names, if it names a valid one. */
function windowOf(search: string): EventsWindow | null {
  const asked = new URLSearchParams(search).get("window");
  return EVENTS_WINDOWS.find((w) => w === asked) ?? null;
}

/**
 * The depeg event log: filter by coin, direction and depth, sort, export the shown rows as CSV.
 * Works on the rows the server rendered; no request leaves the page.
 */
export function EventsTable({
  events,
  asOf,
  coins,
  fileStamp,
  showFilters = true,
  unavailable = [],
}: {
  events: readonly DepegEventJson[];
  /** As-of time of the event log (ISO): the window filter counts back from it. */
  asOf: string;
  coins: readonly string[];
  fileStamp: string;
  showFilters?: boolean;
  /** Coins whose history could not be read: their events are unknown, not absent. */
  unavailable?: readonly string[];
}) {
  const [filters, setFilters] = useState<EventFilters>(NO_EVENT_FILTERS);
  const [sort, setSort] = useState(DEFAULT_EVENT_SORT);
  // The page is cached without its query string: a link's `?window=` is read here, in the
  // browser; a window the reader picks wins over it.
  const search = useSyncExternalStore(
    noSubscription,
    () => globalThis.location.search,
    () => "",
  );
  const [pickedWindow, setPickedWindow] = useState<EventsWindow | null>(null);
  const linkedWindow = showFilters ? windowOf(search) : null;
  const shownWindow = pickedWindow ?? linkedWindow ?? NO_EVENT_FILTERS.window;
  const asOfMs = Date.parse(asOf);
  const rows = useMemo(
    () => sortEvents(filterEvents(events, { ...filters, window: shownWindow }, asOfMs), sort),
    [events, filters, shownWindow, asOfMs, sort],
  );
  const header = (label: string, key: EventSortKey, align = "text-right") => {
    const active = sort.key === key;
    return (
      <th
        scope="col"
        className={`px-2 py-2 font-medium ${align}`}
        aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}
      >
        <button
          type="button"
          className="whitespace-nowrap"
          onClick={() => setSort((s) => nextEventSort(s, key))}
        >
          {label}{" "}
          <span aria-hidden="true" className={active ? "" : "opacity-30"}>
            {active ? (sort.dir === "asc" ? "▲" : "▼") : "▲▼"}
          </span>
        </button>
      </th>
    );
  };
  return (
    <div className="space-y-3">
      {showFilters ? (
        <EventFilterBar
          coins={coins}
          filters={filters}
          setFilters={setFilters}
          shownWindow={shownWindow}
          pickWindow={(value) => setPickedWindow(windowOf(`?window=${value}`))}
          sort={sort}
          setSort={setSort}
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p aria-live="polite" className="text-sm text-slate-600 dark:text-slate-300">
          Showing <span className="tabular font-medium">{rows.length}</span> of{" "}
          <span className="tabular">{events.length}</span> events
        </p>
        <button
          type="button"
          onClick={() => downloadCsv(eventsCsv(rows), `depeg-events${fileStamp}.csv`)}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          Download CSV
        </button>
      </div>
      {rows.length === 0 ? (
        <EmptyState title="No depeg events match">
          {events.length > 0
            ? "Loosen the filters to see more events."
            : unavailable.length > 0
              ? `History unavailable for ${unavailable.join(", ")}: their events are not measured right now.`
              : "No coin examined stayed beyond ±100 bps for an hour in this window."}
        </EmptyState>
      ) : (
        <>
          <EventCards rows={rows} />
          <div className="hidden overflow-x-auto sm:block">
            <table className="w-full min-w-[36rem] text-sm" data-testid="depeg-events">
              <thead className="border-b border-slate-200 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
                <tr>
                  {header("Coin", "asset", "text-left")}
                  {header("Start (UTC)", "start", "text-left")}
                  <th scope="col" className="px-2 py-2 text-left font-medium">
                    End (UTC)
                  </th>
                  {header("Worst", "depth")}
                  {header("Duration", "duration")}
                  <th scope="col" className="px-2 py-2 text-left font-medium">
                    Detected
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr
                    key={r.id}
                    data-event-id={r.id}
                    className="border-b border-slate-100 last:border-b-0 dark:border-slate-800/70"
                  >
                    <td className="px-2 py-1.5 font-medium">
                      <CoinLink selector={r.selector}>{r.asset}</CoinLink>
                    </td>
                    <td className="tabular px-2 py-1.5">
                      {formatUtc(r.start)}
                      {r.started_before_series ? (
                        <span className="block text-[11px] text-slate-500">or earlier</span>
                      ) : null}
                    </td>
                    <td className="tabular px-2 py-1.5">
                      {r.ongoing ? (
                        <span className="font-semibold text-red-700 dark:text-red-400">
                          ongoing
                        </span>
                      ) : (
                        formatUtc(r.end)
                      )}
                    </td>
                    <td
                      className="tabular px-2 py-1.5 text-right font-semibold"
                      data-value={r.worst_deviation_bps}
                    >
                      {formatBps(r.worst_deviation_bps)}
                      <span className="block text-[11px] font-normal text-slate-500">
                        {r.direction === "below" ? "below" : "above"} ·{" "}
                        {r.worst_price_usd.toFixed(4)} USD
                      </span>
                    </td>
                    <td className="tabular px-2 py-1.5 text-right">{duration(r.duration_hours)}</td>
                    <td className="px-2 py-1.5 text-xs text-slate-600 dark:text-slate-300">
                      {r.resolution} points · {sourceNames(r)}
                      <span className="block text-[11px]" data-confirmation={r.confirmation.status}>
                        {confirmationLabel(r)}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
