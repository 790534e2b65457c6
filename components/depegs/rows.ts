/** Filtering, sorting and CSV of depeg-event rows (pure; the table and tests share them). */
import { csvCell } from "@/components/supply/csv";
import type { DepegEventJson } from "@/lib/depegs/json";
import { inEventsWindow, type EventsWindow } from "@/lib/domain/depeg-events";

export type EventSortKey = "start" | "asset" | "depth" | "duration";
export interface EventSort {
  key: EventSortKey;
  dir: "asc" | "desc";
}
export const DEFAULT_EVENT_SORT: EventSort = { key: "start", dir: "desc" };

export interface EventFilters {
  /** Events open, or ended, within this window before the log's as-of time. */
  window: EventsWindow;
  asset: string;
  direction: "" | "below" | "above";
  /** Minimum |worst deviation|, bps; 0 = any. */
  minDepthBps: number;
}
export const NO_EVENT_FILTERS: EventFilters = {
  window: "365d",
  asset: "",
  direction: "",
  minDepthBps: 0,
};
/** Depth filter choices, bps (100 = every event). */
export const MIN_DEPTH_CHOICES_BPS = [0, 150, 200, 500, 1000] as const;

/** `asOfMs`: the as-of time of the event log the rows come from. */
export function filterEvents(
  rows: readonly DepegEventJson[],
  f: EventFilters,
  asOfMs: number,
): DepegEventJson[] {
  return rows.filter(
    (r) =>
      inEventsWindow(r.end === null ? null : Date.parse(r.end), asOfMs, f.window) &&
      (f.asset === "" || r.asset === f.asset) &&
      (f.direction === "" || r.direction === f.direction) &&
      Math.abs(r.worst_deviation_bps) >= f.minDepthBps,
  );
}

const VALUE: Record<EventSortKey, (r: DepegEventJson) => number | string> = {
  start: (r) => r.start,
  asset: (r) => r.asset.toLowerCase(),
  depth: (r) => Math.abs(r.worst_deviation_bps),
  duration: (r) => r.duration_hours,
};

export function sortEvents(rows: readonly DepegEventJson[], s: EventSort): DepegEventJson[] {
  const sign = s.dir === "asc" ? 1 : -1;
  const v = VALUE[s.key];
  return [...rows].sort((a, b) => {
    const x = v(a);
    const y = v(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return sign * c || b.start.localeCompare(a.start) || a.asset.localeCompare(b.asset);
  });
}

export function nextEventSort(s: EventSort, key: EventSortKey): EventSort {
  if (s.key === key) return { key, dir: s.dir === "asc" ? "desc" : "asc" };
  return { key, dir: key === "asset" ? "asc" : "desc" };
}

export const EVENT_CSV_COLUMNS = [
  "id",
  "asset",
  "coingecko_id",
  "start",
  "end",
  "ongoing",
  "direction",
  "worst_deviation_bps",
  "worst_price_usd",
  "worst_at",
  "duration_hours",
  "points",
  "gaps",
  "granularity",
  "source_as_of",
] as const;

export function eventsCsv(rows: readonly DepegEventJson[]): string {
  const lines = [EVENT_CSV_COLUMNS.join(",")];
  for (const r of rows) {
    lines.push(
      [
        csvCell(r.id, { text: true }),
        csvCell(r.asset, { text: true }),
        csvCell(r.coingecko_id, { text: true }),
        csvCell(r.start),
        csvCell(r.end),
        csvCell(r.ongoing),
        csvCell(r.direction),
        csvCell(r.worst_deviation_bps),
        csvCell(r.worst_price_usd),
        csvCell(r.worst_at),
        csvCell(r.duration_hours),
        csvCell(r.points),
        csvCell(r.gaps),
        csvCell(r.granularity),
        csvCell(r.sources[0]?.as_of ?? null),
      ].join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}
