"use client";

import dynamic from "next/dynamic";
import type { Ref } from "react";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { Skeleton } from "@/components/ui/Skeleton";
import type { ChartWindow } from "./PegChart";
import type { PegHistoryBody } from "./types";

const PegChart = dynamic(() => import("./PegChart"), {
  ssr: false,
  loading: () => <Skeleton className="h-full w-full" />,
});

/** The peg chart's figure: caption, an accessible box, recharts once `near` the viewport. */
export function PegFigure({
  caption,
  label,
  window,
  series,
  events,
  near,
  chartRef,
}: {
  caption: string;
  label: string;
  window: ChartWindow;
  series: PegHistoryBody["series"];
  events: readonly { from: number; to: number }[];
  near: boolean;
  chartRef: Ref<HTMLDivElement>;
}) {
  if (series.length < 2) {
    return (
      <EmptyState title="No price history for this window">
        The market provider returned no series.
      </EmptyState>
    );
  }
  return (
    <figure className="min-w-0 space-y-1">
      <figcaption className="text-[11px] text-slate-500 dark:text-slate-400">{caption}</figcaption>
      <div
        className="h-56 w-full text-slate-500 dark:text-slate-400"
        role="img"
        aria-label={label}
        data-testid="peg-chart"
        data-window={window}
        ref={chartRef}
      >
        {near ? (
          <PegChart series={series} window={window} events={events} />
        ) : (
          <Skeleton className="h-full w-full" />
        )}
      </div>
    </figure>
  );
}

export function HistoryLoading({ window }: { window: ChartWindow }) {
  return (
    <div className="grid gap-3 lg:grid-cols-[1fr_13rem]" aria-busy="true" role="status">
      <span className="sr-only">Loading the {window} history…</span>
      <Skeleton className="h-56 w-full" />
      <Skeleton className="h-56 w-full" />
    </div>
  );
}

export function HistoryError({
  window,
  error,
  retry,
}: {
  window: ChartWindow;
  error: unknown;
  retry: () => void;
}) {
  return (
    <ErrorState
      title={`The ${window} history could not be loaded`}
      message={error instanceof Error ? error.message : null}
    >
      <button type="button" onClick={retry} className="mt-2 underline">
        Retry
      </button>
    </ErrorState>
  );
}
