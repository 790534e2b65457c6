"use client";

import dynamic from "next/dynamic";
import { useId, useState } from "react";
import { Skeleton } from "@/components/ui/Skeleton";
import type { SankeyData } from "./sankey-data";
import { SankeyTable } from "./SankeyTable";

const SankeyChart = dynamic(() => import("./SankeyChart"), {
  ssr: false,
  loading: () => <Skeleton className="h-full w-full" />,
});

/**
 * A lazily loaded, client-only Sankey plus its text alternative: a table of the top links,
 * always in the accessibility tree and shown on request. Scrolls sideways on narrow screens.
 */
export function LazySankey({
  data,
  label,
  columns,
  testId,
}: {
  data: SankeyData;
  label: string;
  columns: [string, string];
  testId: string;
}) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const height = Math.max(240, Math.min(440, 120 + data.nodes.length * 22));
  return (
    <div className="space-y-2">
      <p className="text-[11px] text-slate-500 sm:hidden dark:text-slate-400" aria-hidden="true">
        Scroll sideways to see the whole chart.
      </p>
      <div
        className="overflow-x-auto"
        tabIndex={0}
        role="group"
        aria-label={`${columns[0]} to ${columns[1]} chart, scrolls sideways`}
      >
        <div
          className="min-w-[520px] text-slate-700 dark:text-slate-200"
          style={{ height }}
          data-testid={testId}
        >
          <SankeyChart data={data} label={label} />
        </div>
      </div>
      <button
        type="button"
        aria-expanded={showTable}
        aria-controls={tableId}
        onClick={() => setShowTable((v) => !v)}
        className="text-xs text-sky-700 underline dark:text-sky-400"
      >
        {showTable ? "Hide" : "Show"} the top flows as a table
      </button>
      <div id={tableId} className={showTable ? "overflow-x-auto" : "sr-only"}>
        <SankeyTable data={data} caption={label} columns={columns} />
      </div>
    </div>
  );
}
