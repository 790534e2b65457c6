"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/Skeleton";
import { useNearViewport } from "@/components/ui/useNearViewport";
import type { StackedPoint, StackedSeries } from "./SupplyChart";

const SupplyChart = dynamic(() => import("./SupplyChart"), {
  ssr: false,
  loading: () => <Skeleton className="h-full w-full" />,
});
const ONE_COIN: StackedSeries[] = [{ key: "usd", label: "Circulating" }];

/** A chart box that loads recharts only when it nears the viewport. */
function Box({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: (near: boolean) => React.ReactNode;
}) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <div
      ref={ref}
      role="img"
      aria-label={label}
      data-testid={testId}
      className="h-56 w-full text-slate-500 dark:text-slate-400"
    >
      {near ? children(true) : <Skeleton className="h-full w-full" />}
    </div>
  );
}

export function LazySupplyChart({
  points,
  label,
}: {
  points: { t: number; usd: number }[];
  label: string;
}) {
  return (
    <Box label={label} testId="supply-history-chart">
      {() => <SupplyChart points={points} series={ONE_COIN} />}
    </Box>
  );
}

export function LazyStackedSupplyChart({
  points,
  series,
  label,
}: {
  points: StackedPoint[];
  series: StackedSeries[];
  label: string;
}) {
  return (
    <Box label={label} testId="market-supply-chart">
      {() => <SupplyChart points={points} series={series} />}
    </Box>
  );
}
