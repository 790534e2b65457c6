"use client";

import {
  Area,
  AreaChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatUsd, formatUsdFull } from "@/components/format";

export interface SupplyChartPoint {
  t: number;
  usd: number;
}

const dateOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/** One coin's circulating supply over time. Never animated. */
export default function SupplyAreaChart({ points }: { points: readonly SupplyChartPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart
        data={points as SupplyChartPoint[]}
        margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
      >
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
          formatter={(v) => [formatUsdFull(Number(v)), "Circulating"]}
        />
        <Area
          type="monotone"
          dataKey="usd"
          stroke="#0284c7"
          fill="#0284c7"
          fillOpacity={0.2}
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}
