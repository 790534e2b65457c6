"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/Skeleton";
import type { TreemapDatum } from "./treemapData";

const TreemapChart = dynamic(() => import("./TreemapChart"), {
  ssr: false,
  loading: () => <Skeleton className="h-full w-full" />,
});

/** Lazily loaded, client-only treemap; the accessible table alternative is rendered by the server. */
export function IssuerTreemap({ data, label }: { data: TreemapDatum; label: string }) {
  return (
    <div className="h-80 w-full sm:h-[26rem]" data-testid="issuer-treemap">
      <TreemapChart data={data} label={label} />
    </div>
  );
}
