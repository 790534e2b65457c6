"use client";

import useSWR from "swr";
import { formatUsd } from "@/components/format";
import { ErrorState } from "@/components/ui/ErrorState";
import { Skeleton } from "@/components/ui/Skeleton";
import { MAX_EXIT_SIZE_USD, MIN_EXIT_SIZE_USD } from "@/lib/domain/exit-cost-constants";
import { pointText, rankVenues, venueLabel } from "./exit-cost-view";
import { fetchJson } from "./fetcher";
import type { ExitCostBody } from "./types";

export const exitCostUrl = (asset: string, sizeUsd: number) =>
  `/api/stablecoin-exit-cost?q=${encodeURIComponent(asset)}&sizes_usd=${Math.round(sizeUsd)}`;

/** The finder's measured ranking: venues (books, DEX chains) by exit cost at the chosen size. */
export function ExitRanking({ asset, sizeUsd }: { asset: string; sizeUsd: number }) {
  const inRange = sizeUsd >= MIN_EXIT_SIZE_USD && sizeUsd <= MAX_EXIT_SIZE_USD;
  const { data, error, isLoading } = useSWR<ExitCostBody>(
    inRange ? exitCostUrl(asset, sizeUsd) : null,
    fetchJson,
    { revalidateOnFocus: false },
  );
  if (!inRange)
    return (
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Measured exit cost covers sizes from {formatUsd(MIN_EXIT_SIZE_USD)} to{" "}
        {formatUsd(MAX_EXIT_SIZE_USD)}.
      </p>
    );
  if (error) return <ErrorState title="Measured exit cost is unavailable" message={null} />;
  if (isLoading || !data) return <Skeleton className="h-16 w-full" />;
  const ranked = rankVenues(data, Math.round(sizeUsd));
  return (
    <section aria-label="Venues ranked by measured exit cost" data-testid="exit-ranking">
      <h3 className="text-xs font-semibold text-slate-600 dark:text-slate-300">
        Measured: selling {formatUsd(sizeUsd)} now (bps below $1.00)
      </h3>
      {ranked.length === 0 ? (
        <p className="text-sm">not measured</p>
      ) : (
        <ol className="mt-1 space-y-0.5 text-sm">
          {ranked.map(({ venue, point }) => (
            <li key={venue.id} className="flex justify-between gap-3">
              <span>{venueLabel(venue)}</span>
              <span className="tabular">{pointText(point)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
