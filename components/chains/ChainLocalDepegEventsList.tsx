"use client";

import useSWR from "swr";
import { formatUtc } from "@/components/format";
import { fetchJson } from "@/components/asset/fetcher";
import {
  EVENTS_SWR_OPTIONS,
  EventsState,
  type EventsBody,
} from "@/components/history/CoinHistoryEvents";
import { HistoryEventsTable } from "@/components/history/HistoryEventsTable";
import { chainLocalEventsUrl } from "@/components/history/urls";
import { chainLocalEventsOn } from "@/lib/history-series/events";
import type { HistoryWindowId } from "@/lib/history-series/ticks";

// Events from own history reach back as far as the raw samples (docs/history.md).
const WINDOW: HistoryWindowId = "90d";

/** The chain's chain-local depeg events over the last 90 days, fetched once mounted. */
export default function ChainLocalDepegEventsList({
  chain,
  chainName,
}: {
  chain: string;
  chainName: string;
}) {
  const { data, error, mutate } = useSWR<EventsBody>(
    chainLocalEventsUrl(WINDOW),
    fetchJson,
    EVENTS_SWR_OPTIONS,
  );
  return (
    <EventsState body={data} error={error} retry={() => void mutate()}>
      {(b) => (
        <>
          <p className="text-xs text-slate-600 dark:text-slate-300">
            {b.history_start
              ? `Own history starts ${formatUtc(b.history_start)}; it cannot be backfilled.`
              : "No own history yet; it cannot be backfilled."}
          </p>
          <HistoryEventsTable
            events={chainLocalEventsOn(b.events, chain)}
            showChain={false}
            showCoin
            empty={`No chain-local depeg on ${chainName} in the last 90 days.`}
            testId="chain-local-depeg-events"
          />
        </>
      )}
    </EventsState>
  );
}
