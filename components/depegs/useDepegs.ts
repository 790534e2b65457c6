"use client";

import useSWR from "swr";
import { fetchJson } from "@/components/asset/fetcher";
import type { DepegsResponse } from "@/lib/depegs/schema";

export type DepegsBody = Omit<DepegsResponse, "holderAnalyticsSupported">;
export type LongWindow = "90d" | "365d";

export const depegsUrl = (asset: string, window: LongWindow) =>
  `/api/stablecoin-depegs?q=${encodeURIComponent(asset)}&window=${window}`;

/** One coin's events (and its long-range series); null key = not yet wanted. */
export function useDepegs(asset: string, window: LongWindow, wanted = true) {
  return useSWR<DepegsBody>(wanted ? depegsUrl(asset, window) : null, fetchJson, {
    revalidateIfStale: false,
    revalidateOnFocus: false,
  });
}

/** Shaded spans for the chart: [start, end or the last point] in unix ms. */
export function eventSpans(body: DepegsBody | undefined): { from: number; to: number }[] {
  if (!body) return [];
  const lastT = body.series?.points.at(-1)?.t ?? Date.parse(body.metadata.as_of);
  return body.events.map((e) => ({
    from: Date.parse(e.start),
    to: e.end ? Date.parse(e.end) : lastT,
  }));
}
