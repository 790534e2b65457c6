"use client";

import { formatBps, formatUtc } from "@/components/format";
import { CoinLink } from "@/components/ui/CoinLink";
import type { DepegEventJson } from "@/lib/depegs/json";

/** A duration as the log shows it: hours up to two days, days beyond. */
export function duration(hours: number): string {
  return hours >= 48 ? `${(hours / 24).toFixed(1)} d` : `${hours.toFixed(hours < 10 ? 1 : 0)} h`;
}

/** Narrow screens: one card per event instead of a six-column table. */
export function EventCards({ rows }: { rows: readonly DepegEventJson[] }) {
  return (
    <ul className="space-y-2 sm:hidden" aria-label="Depeg events" data-testid="depeg-event-cards">
      {rows.map((r) => (
        <li
          key={r.id}
          className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800"
        >
          <div className="flex items-baseline justify-between gap-2">
            <CoinLink selector={r.selector} className="font-medium">
              {r.asset}
            </CoinLink>
            <span className="tabular font-semibold">{formatBps(r.worst_deviation_bps)}</span>
          </div>
          <p className="tabular mt-1 text-xs text-slate-600 dark:text-slate-300">
            {formatUtc(r.start)}
            {r.started_before_series ? " or earlier" : ""} →{" "}
            {r.ongoing ? "ongoing" : formatUtc(r.end)} · {duration(r.duration_hours)} ·{" "}
            {r.resolution} points · {confirmationLabel(r)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Distinct source names of an event, the opening source first. */
export const sourceNames = (r: DepegEventJson) =>
  [...new Set(r.sources.map((s) => s.name))].join(" + ");

const CONFIRMATION_LABELS = {
  confirmed: "confirmed",
  unconfirmed: "unconfirmed",
  not_required: "one source",
} as const;

export function confirmationLabel(r: DepegEventJson): string {
  const c = r.confirmation;
  if (c.status === "confirmed") return `confirmed by ${c.confirmed_by.join(", ")}`;
  return CONFIRMATION_LABELS[c.status];
}
