"use client";

import { useMemo, useSyncExternalStore } from "react";
import useSWR from "swr";
import { FetchError, fetchJson } from "@/components/asset/fetcher";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { Skeleton } from "@/components/ui/Skeleton";
import { FlowsHeader, flowsHref } from "./FlowsHeader";
import { FlowsView, lastRunsOf } from "./FlowsView";
import { parseFlowsParams } from "./params";
import type { FlowsBody } from "./types";

const subscribe = (onChange: () => void) => {
  globalThis.addEventListener("popstate", onChange);
  return () => globalThis.removeEventListener("popstate", onChange);
};

interface NotFoundBody {
  suggestions?: string[];
}

/**
 * The flows page. The server renders the unfiltered view (cacheable, no query string); in the
 * browser `?window=` switches the panels and `?q=` loads that asset's flows from the JSON route.
 */
export function FlowsPageView({ initial }: { initial: FlowsBody | null }) {
  const search = useSyncExternalStore(
    subscribe,
    () => globalThis.location.search,
    () => "",
  );
  const {
    q,
    window: flowWindow,
    notes,
  } = useMemo(() => parseFlowsParams(new URLSearchParams(search)), [search]);
  const filtered = useSWR<FlowsBody, FetchError>(
    q ? `/api/stablecoin-flows?q=${encodeURIComponent(q)}` : null,
    fetchJson,
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const body = q ? (filtered.data ?? null) : initial;
  const notFound = q !== null && filtered.error?.status === 404;

  return (
    <div className="space-y-6">
      <FlowsHeader
        q={q}
        asset={body?.filters.asset ?? null}
        window={flowWindow}
        lastRuns={lastRunsOf(body)}
        warnings={body?.warnings ?? []}
        notes={notes}
      />
      {q !== null && filtered.isLoading ? (
        <Skeleton className="h-64 w-full" />
      ) : notFound ? (
        <NoMatch q={q} window={flowWindow} error={filtered.error} />
      ) : body === null ? (
        <ErrorState
          title="Flow data is unavailable"
          message="The scheduled on-chain snapshots could not be read. Try again in a minute."
          retryHref={flowsHref(q, flowWindow)}
        />
      ) : (
        <FlowsView body={body} window={flowWindow} />
      )}
    </div>
  );
}

function NoMatch({
  q,
  window,
  error,
}: {
  q: string;
  window: Parameters<typeof flowsHref>[1];
  error: FetchError | undefined;
}) {
  const suggestions = (error?.body as NotFoundBody | undefined)?.suggestions ?? [];
  return (
    <EmptyState title={`No USD stablecoin matches “${q}”`}>
      {suggestions.length > 0 ? (
        <p>
          Try{" "}
          {suggestions.map((s, i) => (
            <span key={s}>
              {i > 0 ? ", " : ""}
              <a href={flowsHref(s, window)} className="underline">
                {s}
              </a>
            </span>
          ))}
          .
        </p>
      ) : (
        <a href={flowsHref(null, window)} className="underline">
          Show all assets
        </a>
      )}
    </EmptyState>
  );
}
