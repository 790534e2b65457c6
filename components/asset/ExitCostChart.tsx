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
import { formatBps, formatUsd } from "@/components/format";
import { bestVenueId, chartRows, venueLabel } from "./exit-cost-view";
import type { ExitCostBody } from "./types";

/** Muted line colours; the best venue's line is drawn thick and dark. */
const PALETTE = ["#64748b", "#0ea5e9", "#a855f7", "#f59e0b", "#10b981", "#ef4444", "#6366f1"];
const BEST_COLOR = "#0f172a";

/** Cost in bps against size on a log scale, one line per venue, the best one highlighted. */
export default function ExitCostChart({ body }: { body: ExitCostBody }) {
  const rows = chartRows(body);
  const best = bestVenueId(body);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 4, left: 4 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
        <XAxis
          dataKey="size_usd"
          type="number"
          scale="log"
          domain={["dataMin", "dataMax"]}
          ticks={body.sizes_usd}
          tickFormatter={(v: number) => formatUsd(v)}
          fontSize={11}
        />
        <YAxis
          fontSize={11}
          width={44}
          label={{ value: "bps below $1.00", angle: -90, position: "insideLeft", fontSize: 11 }}
        />
        <Tooltip
          labelFormatter={(v) => `Sell ${formatUsd(Number(v))}`}
          formatter={(v, name) => [
            formatBps(Number(v)),
            venueLabel(body.venues.find((x) => x.id === name) ?? body.venues[0]!),
          ]}
        />
        <Legend
          formatter={(id: string) => {
            const v = body.venues.find((x) => x.id === id);
            return v ? venueLabel(v) : id;
          }}
          wrapperStyle={{ fontSize: 11 }}
        />
        {body.venues.map((v, i) => (
          <Line
            key={v.id}
            dataKey={v.id}
            // Straight segments: no curve invented between measured sizes.
            type="linear"
            connectNulls={false}
            isAnimationActive={false}
            stroke={v.id === best ? BEST_COLOR : PALETTE[i % PALETTE.length]}
            strokeWidth={v.id === best ? 3 : 1.5}
            dot={{ r: v.id === best ? 3 : 2 }}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
