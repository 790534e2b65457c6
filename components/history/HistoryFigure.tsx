"use client";

import dynamic from "next/dynamic";
import { chainLabel, formatInt, formatUtc } from "@/components/format";
import { Skeleton } from "@/components/ui/Skeleton";
import type { HistoryChart, HistoryChartId } from "@/lib/history-series/series";
import type { HistoryWindowId } from "@/lib/history-series/ticks";
import { formatterOf } from "./units";

const Chart = dynamic(() => import("./HistoryChart"), {
  ssr: false,
  loading: () => <Skeleton className="h-full w-full" />,
});

const TITLES: Readonly<Record<HistoryChartId, string>> = {
  depth: "±2 % depth (CEX and DEX)",
  "exit-cost": "Exit cost by sale size (best route, bps below 1.00 USD)",
  risk: "Risk score and its components",
  "chain-peg": "Chain-local peg per chain (bps from 1.00 USD)",
};

const identity = (s: string) => s;
const LABEL_OF: Readonly<Record<HistoryChartId, (label: string) => string>> = {
  depth: identity,
  "exit-cost": identity,
  risk: identity,
  "chain-peg": chainLabel,
};

export interface MeasurementSources {
  names: readonly string[];
  as_of: string | null;
}

/** One history chart with, per line, its latest value, first point and gaps, then its sources. */
export function HistoryFigure({
  chart,
  window,
  sources,
  near,
}: {
  chart: HistoryChart;
  window: HistoryWindowId;
  sources: MeasurementSources | null;
  near: boolean;
}) {
  const fmt = formatterOf(chart.unit);
  const labelOf = LABEL_OF[chart.id];
  const measured = chart.lines.some((l) => l.measured > 0);
  return (
    <figure
      className="min-w-0 space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-800"
      data-testid={`history-${chart.id}`}
    >
      <figcaption className="text-sm font-medium">{TITLES[chart.id]}</figcaption>
      {measured ? (
        <div
          className="h-52 w-full text-slate-500 dark:text-slate-400"
          role="img"
          aria-label={`${TITLES[chart.id]} over ${window}; the list below has the latest values and the gaps.`}
          data-testid="history-chart"
        >
          {near ? (
            <Chart chart={chart} window={window} labelOf={labelOf} />
          ) : (
            <Skeleton className="h-full w-full" />
          )}
        </div>
      ) : (
        <p
          className="text-sm text-slate-600 dark:text-slate-300"
          data-testid="history-not-measured"
        >
          Not measured in this window.
        </p>
      )}
      <ul className="space-y-0.5 text-xs text-slate-600 dark:text-slate-300">
        {chart.lines.map((l) => (
          <li key={l.key} className="flex flex-wrap justify-between gap-x-2">
            <span>{labelOf(l.label)}</span>
            <span className="tabular" data-testid="history-line-latest">
              {l.latest === null ? "not measured" : fmt(l.latest)}
              {l.startsLate ? ` · from ${formatUtc(l.firstMeasuredAt)}` : ""}
              {l.missing > 0 ? ` · ${formatInt(l.missing)} missing` : ""}
            </span>
          </li>
        ))}
        {chart.omitted > 0 ? (
          <li>{formatInt(chart.omitted)} more chains: in the CSV download.</li>
        ) : null}
      </ul>
      <p className="text-[11px] text-slate-500 dark:text-slate-400">
        Sources:{" "}
        {sources && sources.names.length > 0
          ? `${sources.names.join(", ")} · as of ${formatUtc(sources.as_of)}`
          : "none in this window"}
      </p>
    </figure>
  );
}
