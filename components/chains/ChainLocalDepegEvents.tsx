"use client";

import dynamic from "next/dynamic";
import { TableSkeleton } from "@/components/ui/Skeleton";
import { useNearViewport } from "@/components/ui/useNearViewport";

// The list's code (its fetcher, the events table and their formatting) is fetched only when the
// section nears the viewport: below the fold, it stays out of the page's first load and hydration.
const ChainLocalDepegEventsList = dynamic(() => import("./ChainLocalDepegEventsList"), {
  ssr: false,
  loading: () => <TableSkeleton rows={2} />,
});

/** The chain's chain-local depeg events over the last 90 days (loaded near the viewport). */
export function ChainLocalDepegEvents({ chain, chainName }: { chain: string; chainName: string }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={ref} className="space-y-2">
      {near ? (
        <ChainLocalDepegEventsList chain={chain} chainName={chainName} />
      ) : (
        <TableSkeleton rows={2} />
      )}
    </div>
  );
}
