"use client";

import { useMemo } from "react";
import { formatUsd } from "@/components/format";
import { EmptyState } from "@/components/ui/EmptyState";
import { LazySankey } from "./LazySankey";
import { OtherProtocolsTable } from "./OtherProtocolsTable";
import { otherProtocolTotals, protocolSankey } from "./sankey-data";
import { Select } from "./Select";
import { useWindowAssetFilter } from "./useWindowAssetFilter";
import type { FlowWindow, ProtocolFlow } from "./types";

/** Asset → yield-bearing protocol Sankey (positive net inflow) plus the other protocols' table. */
export function ProtocolSankey({
  rows,
  window,
}: {
  rows: readonly ProtocolFlow[];
  window: FlowWindow;
}) {
  const { asset, setAsset, inWindow, assets, selected, what } = useWindowAssetFilter(rows, window);
  const data = useMemo(
    () => protocolSankey(inWindow, { window, asset: selected }),
    [inWindow, window, selected],
  );
  const others = useMemo(
    () => otherProtocolTotals(inWindow, { window, asset: selected }),
    [inWindow, window, selected],
  );
  const label = `Sankey chart of ${window} net stablecoin inflow into yield-bearing protocols for ${what}: assets on the left, protocols on the right, ${formatUsd(data.total)} in total.`;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <Select label="Asset" value={asset} options={assets} onChange={setAsset} />
        <p className="tabular text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
          {formatUsd(data.total)} net inflow ({window})
          {data.netOutflowPairs > 0
            ? ` · ${data.netOutflowPairs} asset–protocol ${data.netOutflowPairs === 1 ? "pair" : "pairs"} with net outflow not drawn`
            : ""}
        </p>
      </div>
      {data.links.length > 0 ? (
        <LazySankey
          data={data}
          label={label}
          columns={["Asset", "Protocol"]}
          testId="protocol-sankey"
        />
      ) : (
        <EmptyState title="No net inflow into yield-bearing protocols">
          The last scheduled run shows no positive net inflow for {what} over {window}.
        </EmptyState>
      )}
      <OtherProtocolsTable totals={others} window={window} />
    </div>
  );
}
