"use client";

import { Panel } from "@/components/asset/Panel";
import { ErrorState } from "@/components/ui/ErrorState";
import { WarningsNotice } from "@/components/ui/Notice";
import { TableSkeleton } from "@/components/ui/Skeleton";
import { useNearViewport } from "@/components/ui/useNearViewport";
import { EventsTable } from "./EventsTable";
import { fileStampOf } from "./stamp";
import { useDepegs } from "./useDepegs";

/** The coin's depeg events over the last year, under its peg history (loaded near the viewport). */
export function CoinDepegEvents({
  asset,
  hideWarnings = [],
}: {
  asset: string;
  hideWarnings?: readonly string[];
}) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const { data, error, mutate } = useDepegs(asset, "365d", near);
  const sources = (data?.metadata.sources ?? []).map((s) => ({
    name: s.name,
    type: s.type,
    asOf: s.as_of,
    role: s.role,
  }));
  return (
    <Panel
      id="depeg-events"
      title="Depeg events (1 year)"
      method="depeg-events"
      description="Each time the price stayed beyond ±100 bps for at least 1 h; the event ends after 2 h back within ±50 bps. Hourly points for 90 days, daily before."
      sources={sources}
      className="md:col-span-2"
    >
      <div ref={ref} data-testid="coin-depeg-events">
        {error && !data ? (
          <ErrorState
            title="Depeg events could not be loaded"
            message={error instanceof Error ? error.message : null}
          >
            <button type="button" onClick={() => void mutate()} className="mt-2 underline">
              Retry
            </button>
          </ErrorState>
        ) : !data ? (
          <TableSkeleton rows={3} />
        ) : (
          <div className="space-y-2">
            <WarningsNotice
              warnings={data.warnings.filter((w) => !hideWarnings.includes(w))}
              label="Event warnings"
            />
            {data.history_unavailable.length > 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                History unavailable: the events of this coin are not measured right now.
              </p>
            ) : (
              <EventsTable
                events={data.events}
                asOf={data.metadata.as_of}
                coins={[]}
                fileStamp={`-${asset}${fileStampOf(data.metadata.as_of)}`}
                showFilters={false}
              />
            )}
          </div>
        )}
      </div>
    </Panel>
  );
}
