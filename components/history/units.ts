/** The display formatter of each history unit (components/format; display only). */
import { formatBps, formatInt, formatPoints, formatUsd } from "@/components/format";
import { formatBpsAbs } from "@/components/asset/fmt";
import type { HistoryUnit } from "@/lib/history-series/series";

type Fmt = (n: number | null) => string;

const FORMATTERS: Readonly<Record<HistoryUnit, Fmt>> = {
  usd: (n) => formatUsd(n),
  bps: (n) => formatBps(n),
  cost_bps: (n) => formatBpsAbs(n),
  points: (n) => formatPoints(n),
};

export const formatterOf = (unit: HistoryUnit): Fmt => FORMATTERS[unit];

/** Axis ticks: compact USD, bare numbers elsewhere (the chart's title carries the unit). */
export const axisFormatterOf = (unit: HistoryUnit): Fmt =>
  unit === "usd" ? FORMATTERS.usd : (n) => formatInt(n);
