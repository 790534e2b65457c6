"use client";

import { LazySupplyChart } from "@/components/supply-history/LazySupplyCharts";

/** The chain's daily USD stablecoin supply (recharts loads only near the viewport). */
export function ChainHistory({
  chainName,
  history,
}: {
  chainName: string;
  history: readonly { date: string; circulating_usd: number }[];
}) {
  const points = history.map((p) => ({
    t: Date.parse(`${p.date}T00:00:00Z`),
    usd: p.circulating_usd,
  }));
  return (
    <LazySupplyChart
      points={points}
      label={`Daily USD stablecoin supply on ${chainName}, ${history[0]?.date ?? ""} to ${history[history.length - 1]?.date ?? ""}`}
    />
  );
}
