import type { Metadata } from "next";
import { DepegsView } from "@/components/depegs/DepegsView";
import { ErrorState } from "@/components/ui/ErrorState";
import { DEFAULT_EVENTS_WINDOW, EVENTS_WINDOWS, getDepegs, type EventsWindow } from "@/lib/depegs";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Depeg events",
  description:
    "Every time a tracked USD stablecoin stayed beyond ±100 bps of 1.00 USD for an hour, with depth, duration and the detection rule. Informational only.",
};

type SearchParams = Record<string, string | string[] | undefined>;

function windowOf(sp: SearchParams): { window: EventsWindow; note: string | null } {
  const raw = Array.isArray(sp.window) ? sp.window[0] : sp.window;
  if (raw === undefined) return { window: DEFAULT_EVENTS_WINDOW, note: null };
  const w = EVENTS_WINDOWS.find((x) => x === raw);
  return w
    ? { window: w, note: null }
    : {
        window: DEFAULT_EVENTS_WINDOW,
        note: "Unknown window ignored; showing 365d (30d, 90d or 365d).",
      };
}

export default async function DepegsPage({
  searchParams,
}: {
  searchParams: Promise<SearchParams>;
}) {
  const { window, note } = windowOf(await searchParams);
  const result = await getDepegs({ window }).catch(() => null);
  if (!result?.ok) {
    return (
      <ErrorState
        title="Depeg events are unavailable"
        message="The price history could not be read. Try again in a minute."
        retryHref={`/depegs?window=${window}`}
      />
    );
  }
  return <DepegsView body={result.body} window={window} note={note} />;
}
