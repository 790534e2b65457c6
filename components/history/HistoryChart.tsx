"use client";

import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatTimeTick, formatUtc } from "@/components/format";
import type { HistoryChart as Chart } from "@/lib/history-series/series";
import { tickFormatOf, timeTicks, type HistoryWindowId } from "@/lib/history-series/ticks";
import { axisFormatterOf, formatterOf } from "./units";

/** Room for the widest tick label ("$500.0M") at the tick font size; narrower clipped it. */
const Y_AXIS_WIDTH_PX = 64;
const PALETTE = ["#0f172a", "#0ea5e9", "#a855f7", "#f59e0b", "#10b981", "#ef4444", "#6366f1"];

/**
 * One history chart: a line per series over time. A null is a gap (the line breaks), never 0;
 * never animated (stable screenshots).
 */
export default function HistoryChart({
  chart,
  window,
  labelOf,
}: {
  chart: Chart;
  window: HistoryWindowId;
  labelOf: (label: string) => string;
}) {
  const fmt = formatterOf(chart.unit);
  const axis = axisFormatterOf(chart.unit);
  const tickUnit = tickFormatOf(window);
  const names = new Map(chart.lines.map((l) => [l.key, labelOf(l.label)]));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={chart.rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={["dataMin", "dataMax"]}
          ticks={timeTicks(chart.rows, window)}
          tickFormatter={(t: number) => formatTimeTick(t, tickUnit)}
          tick={{ fill: "currentColor", fontSize: 11 }}
          stroke="currentColor"
          minTickGap={16}
        />
        <YAxis
          width={Y_AXIS_WIDTH_PX}
          tickFormatter={(v: number) => axis(v)}
          tick={{ fill: "currentColor", fontSize: 11 }}
          stroke="currentColor"
        />
        <Tooltip
          isAnimationActive={false}
          labelFormatter={(t) => formatUtc(new Date(Number(t)).toISOString())}
          formatter={(v, key) => [fmt(typeof v === "number" ? v : null), names.get(String(key))]}
        />
        <Legend
          formatter={(key: string) => names.get(key) ?? key}
          wrapperStyle={{ fontSize: 11 }}
        />
        {chart.lines.map((l, i) => (
          <Line
            key={l.key}
            dataKey={l.key}
            type="linear"
            // A missing sample is a gap: never drawn across, never 0.
            connectNulls={false}
            isAnimationActive={false}
            stroke={PALETTE[i % PALETTE.length]}
            strokeWidth={i === 0 ? 2 : 1.5}
            dot={chart.dots ? { r: 1.5 } : false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
