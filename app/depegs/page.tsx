import type { Metadata } from "next";
import { DepegsView } from "@/components/depegs/DepegsView";
import { ErrorState } from "@/components/ui/ErrorState";
import { DEFAULT_EVENTS_WINDOW, getDepegs } from "@/lib/depegs";
import { keepDegradedBriefly } from "@/lib/page-cache";

// The whole year's log, regenerated in the background every hour (the long-range series are
// cached for an hour and more); the window, coin, direction and depth filters run in the browser,
// so `?window=` never makes the page uncacheable. A render from partial data (a warning, a coin
// whose history could not be read, a series not stored yet) is never kept as the page
// (lib/page-cache.ts): the page lists what the API and the feeds list.
export const revalidate = 3600;

export const metadata: Metadata = {
  title: "Depeg events",
  description:
    "Every time a USD stablecoin (1 M USD or more circulating) stayed beyond ±100 bps of 1.00 USD for an hour, with depth, duration, resolution, sources, confirmation and the detection rule. Informational only.",
};

export default async function DepegsPage() {
  const result = await getDepegs({ window: DEFAULT_EVENTS_WINDOW }).catch(() => null);
  const body = result?.ok ? result.body : null;
  await keepDegradedBriefly(!result?.ok || !result.complete);
  if (!body) {
    return (
      <ErrorState
        title="Depeg events are unavailable"
        message="The price history could not be read. Try again in a minute."
        retryHref="/depegs"
      />
    );
  }
  return <DepegsView body={body} />;
}
