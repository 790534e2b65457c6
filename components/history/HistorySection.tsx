"use client";

import { useMemo, useState } from "react";
import useSWR from "swr";
import { formatUtc } from "@/components/format";
import { fetchJson } from "@/components/asset/fetcher";
import { Panel } from "@/components/asset/Panel";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { WarningsNotice } from "@/components/ui/Notice";
import { Skeleton } from "@/components/ui/Skeleton";
import { useNearViewport } from "@/components/ui/useNearViewport";
import { WindowPicker } from "@/components/ui/WindowPicker";
import type { HistoryResponse } from "@/lib/history-api/types";
import { historyCharts, nothingMeasured } from "@/lib/history-series/series";
import { historyStart } from "@/lib/history-series/start";
import type { HistoryWindowId } from "@/lib/history-series/ticks";
import { HISTORY_WINDOWS } from "@/lib/history/windows";
import { CoinHistoryEvents } from "./CoinHistoryEvents";
import { HistoryFigure } from "./HistoryFigure";
import { historyUrl } from "./urls";

type HistoryBody = Omit<HistoryResponse, "holderAnalyticsSupported">;
const SWR_OPTIONS = { revalidateIfStale: false, revalidateOnFocus: false } as const;

const START_TEXT = {
  not_sampled:
    "Not sampled: the service samples coins above its size floor that have an aggregate id, so this coin has no own history (and it cannot be backfilled).",
  not_started:
    "No own history yet: sampling has not started for this coin, and it cannot be backfilled.",
} as const;

/** Where the history starts, and that it cannot start earlier. */
function StartNote({ body }: { body: HistoryBody }) {
  const start = historyStart(body);
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="history-start">
      {start.kind === "started"
        ? `Own history starts ${formatUtc(start.at)}; it cannot be backfilled.`
        : START_TEXT[start.kind]}
      {body.resolution === "daily" ? " Beyond 90 days one point a UTC day (its median)." : ""}
    </p>
  );
}

function Charts({ body, near }: { body: HistoryBody; near: boolean }) {
  const charts = useMemo(
    () => historyCharts(body.points, body.interval_seconds),
    [body.points, body.interval_seconds],
  );
  if (nothingMeasured(charts))
    return (
      <EmptyState title="No history in this window">
        Depth, exit cost, risk score and chain-local peg: not measured. Gaps stay gaps, never 0.
      </EmptyState>
    );
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {charts.map((c) => (
        <HistoryFigure
          key={c.id}
          chart={c}
          window={body.window}
          sources={body.sources[c.measurement]}
          near={near}
        />
      ))}
    </div>
  );
}

/**
 * The coin's own history (depth, exit cost, risk score, chain-local peg) and its events. Loads
 * when it nears the viewport; recharts loads with it, never in the first load.
 */
export function HistorySection({
  asset,
  hideWarnings = [],
}: {
  asset: string;
  hideWarnings?: readonly string[];
}) {
  const [window, setWindow] = useState<HistoryWindowId>("7d");
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const { data, error, isLoading, mutate } = useSWR<HistoryBody>(
    near ? historyUrl(asset, window) : null,
    fetchJson,
    SWR_OPTIONS,
  );
  const body = data && data.window === window ? data : undefined;
  return (
    <Panel
      id="own-history"
      title="Own history"
      method="history-events"
      description="What this service measured of the coin at each sample: ±2 % depth, exit cost by size, the risk score and the chain-local peg. A missing sample is a gap, never 0."
      sources={[]}
      className="md:col-span-2"
    >
      <div ref={ref} className="space-y-3" data-testid="coin-history">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <WindowPicker
            windows={HISTORY_WINDOWS}
            value={window}
            onChange={setWindow}
            label="Own history period"
          />
          <a
            href={historyUrl(asset, window, "csv")}
            download
            className="text-sm text-sky-700 underline dark:text-sky-400"
            data-testid="history-csv"
          >
            Download CSV ({window})
          </a>
        </div>
        {error && !body ? (
          <ErrorState
            title={`The ${window} history could not be loaded`}
            message={error instanceof Error ? error.message : null}
          >
            <button type="button" onClick={() => void mutate()} className="mt-2 underline">
              Retry
            </button>
          </ErrorState>
        ) : !body || isLoading ? (
          <div role="status" aria-busy="true" className="grid gap-3 lg:grid-cols-2">
            <span className="sr-only">Loading the {window} history…</span>
            <Skeleton className="h-64 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        ) : (
          <>
            <StartNote body={body} />
            <WarningsNotice
              warnings={body.warnings.filter((w) => !hideWarnings.includes(w))}
              label="History warnings"
            />
            <Charts body={body} near={near} />
          </>
        )}
        <CoinHistoryEvents asset={asset} window={window} wanted={near} />
      </div>
    </Panel>
  );
}
