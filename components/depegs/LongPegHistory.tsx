"use client";

import { formatBps, formatInt } from "@/components/format";
import { Missing } from "@/components/asset/Missing";
import { HistoryError, HistoryLoading, PegFigure } from "@/components/asset/PegFigure";
import { WarningsNotice } from "@/components/ui/Notice";
import { useNearViewport } from "@/components/ui/useNearViewport";
import { eventSpans, useDepegs, type DepegsBody } from "./useDepegs";

export type LongChartWindow = "90d" | "1y";

function Stats({ body }: { body: DepegsBody }) {
  const worst = body.events.reduce<number | null>(
    (w, e) =>
      w === null || Math.abs(e.worst_deviation_bps) > Math.abs(w) ? e.worst_deviation_bps : w,
    null,
  );
  const unavailable = body.history_unavailable.length > 0;
  const none = <Missing reason="CoinGecko (market): price history unavailable." />;
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm lg:grid-cols-1" data-testid="long-peg-stats">
      <div className="rounded-md border border-slate-200 px-3 py-2 dark:border-slate-800">
        <dt className="text-xs text-slate-500 dark:text-slate-400">Depeg events</dt>
        <dd className="tabular text-base font-semibold" data-testid="long-peg-events">
          {unavailable ? none : formatInt(body.events.length)}
        </dd>
      </div>
      <div className="rounded-md border border-slate-200 px-3 py-2 dark:border-slate-800">
        <dt className="text-xs text-slate-500 dark:text-slate-400">Deepest event</dt>
        <dd className="tabular text-base font-semibold">
          {unavailable ? none : worst === null ? "none" : formatBps(worst)}
        </dd>
      </div>
      <div className="rounded-md border border-slate-200 px-3 py-2 dark:border-slate-800">
        <dt className="text-xs text-slate-500 dark:text-slate-400">Points</dt>
        <dd className="tabular text-base font-semibold">
          {body.series
            ? `${formatInt(body.series.points.length)} ${body.series.granularity}`
            : none}
        </dd>
      </div>
    </dl>
  );
}

/** The 90-day (hourly) and 1-year (daily) peg chart with depeg events shaded. */
export function LongPegHistory({
  asset,
  window,
  hideWarnings,
}: {
  asset: string;
  window: LongChartWindow;
  hideWarnings: readonly string[];
}) {
  const [chartRef, chartNear] = useNearViewport<HTMLDivElement>();
  const { data, error, mutate } = useDepegs(asset, window === "90d" ? "90d" : "365d");
  if (error && !data) {
    return <HistoryError window={window} error={error} retry={() => void mutate()} />;
  }
  if (!data) return <HistoryLoading window={window} />;
  return (
    <>
      <WarningsNotice
        warnings={data.warnings.filter((w) => !hideWarnings.includes(w))}
        label="History warnings"
      />
      <div className="grid gap-3 lg:grid-cols-[1fr_13rem]">
        <PegFigure
          caption={`Deviation from 1.00 USD (bps) · ${data.series?.granularity ?? "no"} points · shaded: depeg events · time in UTC`}
          label={`Peg deviation over ${window}: ${data.events.length} depeg events.`}
          window={window}
          series={data.series?.points ?? []}
          events={eventSpans(data)}
          near={chartNear}
          chartRef={chartRef}
        />
        <Stats body={data} />
      </div>
    </>
  );
}
