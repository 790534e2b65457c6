"use client";

import { useState } from "react";
import useSWR from "swr";
import { formatBps, formatInt } from "@/components/format";
import { WarningsNotice } from "@/components/ui/Notice";
import { WindowPicker } from "@/components/ui/WindowPicker";
import { useNearViewport } from "@/components/ui/useNearViewport";
import { LongPegHistory, type LongChartWindow } from "@/components/depegs/LongPegHistory";
import { eventSpans, useDepegs } from "@/components/depegs/useDepegs";
import { fetchJson } from "./fetcher";
import { Missing } from "./Missing";
import { Panel } from "./Panel";
import { HistoryError, HistoryLoading, PegFigure } from "./PegFigure";
import { pickSources } from "./Provenance";
import { formatShare, formatUtcShort } from "./fmt";
import { PEG_WINDOWS, type PegHistoryBody, type PegWindow } from "./types";

const LONG_WINDOWS: readonly LongChartWindow[] = ["90d", "1y"];

export const pegHistoryUrl = (asset: string, window: PegWindow) =>
  `/api/stablecoin-peg-history?q=${encodeURIComponent(asset)}&window=${window}`;

function Stat({
  label,
  children,
  testId,
  value,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
  value?: number | null;
}) {
  return (
    <div className="rounded-md border border-slate-200 px-3 py-2 dark:border-slate-800">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd
        className="tabular text-base font-semibold"
        data-testid={testId}
        data-value={value ?? undefined}
      >
        {children}
      </dd>
    </div>
  );
}

function Stats({ body }: { body: PegHistoryBody }) {
  const s = body.stats;
  const none = <Missing reason="CoinGecko (market): no price history for this window." />;
  return (
    <dl
      className="grid grid-cols-2 gap-2 lg:grid-cols-1"
      data-testid="peg-stats"
      data-window={body.window}
    >
      <Stat label="Worst deviation" testId="peg-worst-bps" value={s.worst_deviation_bps}>
        {s.worst_deviation_bps === null ? none : formatBps(s.worst_deviation_bps)}
        {s.worst_at ? (
          <span className="block text-[11px] font-normal text-slate-500 dark:text-slate-400">
            {formatUtcShort(s.worst_at)}
          </span>
        ) : null}
      </Stat>
      <Stat
        label="Excursions beyond ±100 bps"
        testId="peg-excursions"
        value={s.points > 0 ? s.excursions_beyond_100_bps : null}
      >
        {s.points > 0 ? formatInt(s.excursions_beyond_100_bps) : none}
      </Stat>
      <Stat label="Time outside ±10 bps">
        {s.points > 0 ? formatShare(s.share_outside_10_bps) : none}
      </Stat>
      <Stat label="Coverage">
        {s.points > 0 ? `${formatShare(s.coverage, 1)} · ${formatInt(s.points)} points` : none}
      </Stat>
    </dl>
  );
}

/**
 * Peg-deviation sparkline with a 24h / 7d / 30d selector (7d arrives from the server) and the
 * long-range 90d / 1y views; depeg events are shaded.
 */
export function PegHistoryPanel({
  asset,
  initial,
  hideWarnings = [],
}: {
  /** The page's selector (symbol or id), passed back to the API unchanged. */
  asset: string;
  initial: PegHistoryBody | null;
  /** Warnings already listed at the top of the page. */
  hideWarnings?: readonly string[];
}) {
  const [choice, setWin] = useState<PegWindow | LongChartWindow>("7d");
  const long = choice === "90d" || choice === "1y" ? choice : null;
  const win: PegWindow = long ? "7d" : (choice as PegWindow);
  // The chart (recharts, lazily loaded) mounts when it nears the viewport, not during hydration.
  const [chartRef, chartNear] = useNearViewport<HTMLDivElement>();
  // The coin's events (shaded on the chart) load with the chart; the events list shares them.
  const { data: events } = useDepegs(asset, "365d", chartNear);
  const fallback = win === "7d" && initial ? initial : undefined;
  const { data, error, isLoading, mutate } = useSWR<PegHistoryBody>(
    long ? null : pegHistoryUrl(asset, win),
    fetchJson,
    {
      fallbackData: fallback,
      revalidateIfStale: false,
      revalidateOnFocus: false,
    },
  );
  const body = data && data.window === win ? data : undefined;
  const sources = pickSources(body?.metadata.sources ?? initial?.metadata.sources ?? [], [
    { name: "CoinGecko", type: "market" },
    { name: "DexScreener", type: "liquidity" },
  ]);
  return (
    <Panel
      id="sparkline"
      title="Peg deviation history"
      method="depeg"
      description="Deviation from 1.00 USD in bps from market-provider price history (not scheduled on-chain queries). Green lines: ±10 bps; red: ±100 bps; shaded: depeg events."
      sources={sources}
      className="md:col-span-2"
    >
      <WindowPicker windows={[...PEG_WINDOWS, ...LONG_WINDOWS]} value={choice} onChange={setWin} />
      {long ? (
        <LongPegHistory asset={asset} window={long} hideWarnings={hideWarnings} />
      ) : error && !body ? (
        <HistoryError window={win} error={error} retry={() => void mutate()} />
      ) : !body || isLoading ? (
        <HistoryLoading window={win} />
      ) : (
        <>
          <WarningsNotice
            warnings={body.warnings.filter((w) => !hideWarnings.includes(w))}
            label="History warnings"
          />
          <div className="grid gap-3 lg:grid-cols-[1fr_13rem]">
            <PegFigure
              caption="Deviation from 1.00 USD (bps) · time in UTC"
              label={`Peg deviation over ${win}: worst ${formatBps(body.stats.worst_deviation_bps)}, ${body.stats.excursions_beyond_100_bps} excursions beyond ±100 bps.`}
              window={win}
              series={body.series}
              events={eventSpans(events)}
              near={chartNear}
              chartRef={chartRef}
            />
            <Stats body={body} />
          </div>
        </>
      )}
    </Panel>
  );
}
