import type { Metadata } from "next";
import Link from "next/link";
import { FlowsHeader, flowsHref } from "@/components/flows/FlowsHeader";
import { FlowsView, lastRunsOf } from "@/components/flows/FlowsView";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { selectorSchema, windowSchema } from "@/lib/api/params";
import { getFlows, type FlowsResult } from "@/lib/flows";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Flows",
  description:
    "Aggregate stablecoin flows between chains and into yield-bearing protocols, and large CEX ↔ unlabeled wallet transfers, from scheduled on-chain queries. Not live. Informational only.",
};

type SearchParams = Record<string, string | string[] | undefined>;

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** Each parameter is checked on its own: a bad one is ignored with a note, never a failure. */
function parseParams(sp: SearchParams) {
  const notes: string[] = [];
  const rawQ = first(sp.q)?.trim() || undefined;
  const rawWindow = first(sp.window) || undefined;
  const q = rawQ === undefined ? null : selectorSchema.safeParse(rawQ);
  const w = rawWindow === undefined ? null : windowSchema.safeParse(rawWindow);
  if (q && !q.success) notes.push("The stablecoin selector was not valid and is ignored.");
  if (w && !w.success) notes.push("Unknown window ignored; showing 7d (24h, 7d or 30d).");
  return {
    q: q?.success ? q.data : null,
    window: w?.success ? w.data : ("7d" as const),
    notes,
  };
}

async function load(q: string | null): Promise<FlowsResult | null> {
  try {
    return await getFlows({ q, wallet: null });
  } catch {
    return null;
  }
}

export default async function FlowsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { q, window, notes } = parseParams(await searchParams);
  const result = await load(q);
  const body = result?.ok ? result.body : null;

  return (
    <div className="space-y-6">
      <FlowsHeader
        q={q}
        asset={body?.filters.asset ?? null}
        window={window}
        lastRuns={lastRunsOf(body)}
        warnings={body?.warnings ?? []}
        notes={notes}
      />
      {result === null ? (
        <ErrorState
          title="Flow data is unavailable"
          message="The scheduled on-chain snapshots could not be read. Try again in a minute."
          retryHref={flowsHref(q, window)}
        />
      ) : !result.ok ? (
        <EmptyState title={`No USD stablecoin matches “${q}”`}>
          {result.suggestions.length > 0 ? (
            <p>
              Try{" "}
              {result.suggestions.map((s, i) => (
                <span key={s}>
                  {i > 0 ? ", " : ""}
                  <Link href={flowsHref(s, window)} prefetch={false} className="underline">
                    {s}
                  </Link>
                </span>
              ))}
              .
            </p>
          ) : (
            <Link href={flowsHref(null, window)} prefetch={false} className="underline">
              Show all assets
            </Link>
          )}
        </EmptyState>
      ) : (
        <FlowsView body={result.body} window={window} />
      )}
    </div>
  );
}
