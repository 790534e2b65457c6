"use client";

import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatUsd, formatUsdFull } from "@/components/format";

export type StackedPoint = Record<string, number | null> & { t: number };
export interface StackedSeries {
  key: string;
  label: string;
}

const COLORS = ["#0284c7", "#10b981", "#f59e0b", "#8b5cf6", "#ef4444", "#64748b"];
const dateOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Circulating supply over time: one coin (one series) or the market with its top coins stacked
 * and the rest as "other". Never animated.
 */
export default function SupplyChart({
  points,
  series,
}: {
  points: readonly StackedPoint[];
  series: readonly StackedSeries[];
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={points as StackedPoint[]} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
        <XAxis
          dataKey="t"
          type="number"
          scale="time"
          domain={["dataMin", "dataMax"]}
          tickFormatter={(t: number) => dateOf(t)}
          tick={{ fill: "currentColor", fontSize: 11 }}
          stroke="currentColor"
          minTickGap={40}
        />
        <YAxis
          width={56}
          tickFormatter={(v: number) => formatUsd(v)}
          tick={{ fill: "currentColor", fontSize: 11 }}
          stroke="currentColor"
        />
        <Tooltip
          isAnimationActive={false}
          labelFormatter={(t) => `${dateOf(Number(t))} UTC`}
          formatter={(v, name) => [formatUsdFull(Number(v)), String(name)]}
        />
        {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
        {series.map((s, i) => (
          <Area
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stackId="supply"
            stroke={COLORS[i % COLORS.length]}
            fill={COLORS[i % COLORS.length]}
            fillOpacity={series.length > 1 ? 0.35 : 0.2}
            isAnimationActive={false}
            connectNulls={false}
          />
        ))}
      </AreaChart>
    </ResponsiveContainer>
  );
}
