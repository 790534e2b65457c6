"use client";

import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatBps, formatTimeTick } from "@/components/format";
import { EXCURSION_THRESHOLD_BPS, ON_PEG_MAX_BPS } from "@/lib/domain/depeg";
import { tickFormatOf, timeTicks } from "@/lib/history-series/ticks";
import type { PegHistoryBody, PegWindow } from "./types";

type Point = PegHistoryBody["series"][number];
/** The spec's windows plus the long-range ones (90 days hourly, 1 year daily). */
export type ChartWindow = PegWindow | "90d" | "1y";

/** Narrowest event band, as a share of the chart's time span. */
const MIN_SHADE_SHARE = 0.005;
const Y_STEPS = [5, 10, 25, 50, 100, 250, 500, 1000];

/** A y domain that always shows ±15 bps, on round ticks, with headroom below/above the data. */
export function yScale(series: readonly Point[]): { domain: [number, number]; ticks: number[] } {
  let min = -ON_PEG_MAX_BPS * 1.5;
  let max = ON_PEG_MAX_BPS * 1.5;
  for (const p of series) {
    min = Math.min(min, p.deviation_bps);
    max = Math.max(max, p.deviation_bps);
  }
  const step = Y_STEPS.find((s) => (max - min) / s <= 5) ?? Y_STEPS[Y_STEPS.length - 1]!;
  const lo = step * Math.floor(min / step - 0.1);
  const hi = step * Math.ceil(max / step + 0.1);
  const ticks: number[] = [];
  for (let v = lo; v <= hi; v += step) ticks.push(v);
  return { domain: [lo, hi], ticks };
}

function TooltipBody({
  active,
  payload,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: Point }>;
}) {
  const p = payload?.[0]?.payload;
  if (!active || !p) return null;
  return (
    <div className="rounded border border-slate-200 bg-white px-2 py-1 text-xs shadow dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
      <div className="tabular">
        {new Date(p.t).toISOString().slice(0, 16).replace("T", " ")} UTC
      </div>
      <div className="tabular font-semibold">
        {formatBps(p.deviation_bps)} · {p.price.toFixed(4)} USD
      </div>
    </div>
  );
}

/**
 * Deviation (bps) over time with the ±10 and ±100 bps bands and depeg events shaded. Never
 * animated (stable screenshots).
 */
export default function PegChart({
  series,
  window,
  events = [],
}: {
  series: readonly Point[];
  window: ChartWindow;
  /** Depeg events to shade, unix ms (clipped to the series). */
  events?: readonly { from: number; to: number }[];
}) {
  const yAxis = yScale(series);
  const first = series[0]?.t ?? 0;
  const last = series[series.length - 1]?.t ?? 0;
  // A short event on a long chart still gets a visible band.
  const minWidth = (last - first) * MIN_SHADE_SHARE;
  const shaded = events
    .filter((e) => e.to >= first && e.from <= last)
    .map((e) => {
      const from = Math.max(e.from, first);
      return { from, to: Math.min(Math.max(e.to, from + minWidth), last) };
    });
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={series as Point[]} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={["dataMin", "dataMax"]}
          ticks={timeTicks(series, window)}
          tickFormatter={(t: number) => formatTimeTick(t, tickFormatOf(window))}
          tick={{ fill: "currentColor", fontSize: 11 }}
          stroke="currentColor"
          minTickGap={16}
        />
        <YAxis
          dataKey="deviation_bps"
          width={44}
          domain={yAxis.domain}
          ticks={yAxis.ticks}
          interval={0}
          tickFormatter={(v: number) => (v < 0 ? `−${Math.abs(v)}` : String(v))}
          tick={{ fill: "currentColor", fontSize: 11 }}
          stroke="currentColor"
        />
        {[ON_PEG_MAX_BPS, -ON_PEG_MAX_BPS].map((y) => (
          <ReferenceLine
            key={y}
            y={y}
            stroke="#10b981"
            strokeDasharray="4 3"
            ifOverflow="discard"
          />
        ))}
        {[EXCURSION_THRESHOLD_BPS, -EXCURSION_THRESHOLD_BPS].map((y) => (
          <ReferenceLine
            key={y}
            y={y}
            stroke="#ef4444"
            strokeDasharray="4 3"
            ifOverflow="discard"
          />
        ))}
        {shaded.map((e) => (
          <ReferenceArea
            key={e.from}
            x1={e.from}
            x2={e.to}
            fill="#ef4444"
            fillOpacity={0.15}
            ifOverflow="hidden"
            data-testid="peg-event-shade"
          />
        ))}
        <ReferenceLine y={0} stroke="currentColor" strokeOpacity={0.4} />
        <Tooltip content={<TooltipBody />} isAnimationActive={false} />
        <Line
          type="monotone"
          dataKey="deviation_bps"
          stroke="#0284c7"
          strokeWidth={1.5}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
