import type { Metadata } from "next";
import { keepDegradedBriefly } from "@/lib/page-cache";
import { FlowsPageView } from "@/components/flows/FlowsPageView";
import { getFlows, type FlowsResult } from "@/lib/flows";

// The unfiltered view, regenerated in the background every hour (the scheduled snapshots
// refresh every 12 h or more); `?q=` and `?window=` are read in the browser, so a query string
// never makes the page uncacheable. A render with warnings is kept only briefly.
export const revalidate = 3600;

export const metadata: Metadata = {
  title: "Flows",
  description:
    "Aggregate stablecoin flows between chains and into yield-bearing protocols, and large CEX ↔ unlabeled wallet transfers, from scheduled on-chain queries. Not live. Informational only.",
};

async function load(): Promise<FlowsResult | null> {
  try {
    return await getFlows({ q: null, wallet: null });
  } catch {
    return null;
  }
}

export default async function FlowsPage() {
  const result = await load();
  const body = result?.ok ? result.body : null;
  await keepDegradedBriefly(body === null || body.warnings.length > 0);
  return <FlowsPageView initial={body} />;
}
