"use client";

import useSWR from "swr";
import { fetchJson } from "@/components/asset/fetcher";
import { ErrorState } from "@/components/ui/ErrorState";
import { TableSkeleton } from "@/components/ui/Skeleton";
import type { EventsResponse } from "@/lib/history-api/types";
import type { HistoryWindowId } from "@/lib/history-series/ticks";
import { HistoryEventsTable } from "./HistoryEventsTable";
import { coinEventsUrl } from "./urls";

export type EventsBody = Omit<EventsResponse, "holderAnalyticsSupported">;
export const EVENTS_SWR_OPTIONS = { revalidateIfStale: false, revalidateOnFocus: false } as const;

/** An events request's loading and error states around the table. */
export function EventsState({
  body,
  error,
  retry,
  children,
}: {
  body: EventsBody | undefined;
  error: unknown;
  retry: () => void;
  children: (body: EventsBody) => React.ReactNode;
}) {
  if (error && !body)
    return (
      <ErrorState
        title="Events could not be loaded"
        message={error instanceof Error ? error.message : null}
      >
        <button type="button" onClick={retry} className="mt-2 underline">
          Retry
        </button>
      </ErrorState>
    );
  if (!body) return <TableSkeleton rows={2} />;
  return <>{children(body)}</>;
}

/** The coin's events in the window: every type, confirmed or not (the log; feeds list confirmed). */
export function CoinHistoryEvents({
  asset,
  window,
  wanted,
}: {
  asset: string;
  window: HistoryWindowId;
  wanted: boolean;
}) {
  const { data, error, mutate } = useSWR<EventsBody>(
    wanted ? coinEventsUrl(asset, window) : null,
    fetchJson,
    EVENTS_SWR_OPTIONS,
  );
  const body = data && data.window === window ? data : undefined;
  return (
    <section className="space-y-2" aria-labelledby="history-events-heading">
      <h3 id="history-events-heading" className="text-sm font-medium">
        Events in the last {window}
      </h3>
      <EventsState body={body} error={error} retry={() => void mutate()}>
        {(b) => (
          <HistoryEventsTable
            events={b.events}
            empty="No event in this window."
            testId="coin-history-events"
          />
        )}
      </EventsState>
    </section>
  );
}
