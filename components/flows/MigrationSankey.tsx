"use client";

import { useMemo } from "react";
import { formatUsd } from "@/components/format";
import { EmptyState } from "@/components/ui/EmptyState";
import { ChainNetTable } from "./ChainNetTable";
import { LazySankey } from "./LazySankey";
import { chainNet, migrationSankey } from "./sankey-data";
import { Select } from "./Select";
import { useWindowAssetFilter } from "./useWindowAssetFilter";
import type { MigrationRow, MigrationWindow } from "./types";

/** Chain migration Sankey for one window, with a client-side asset filter over the rows. */
export function MigrationSankey({
  rows,
  window,
}: {
  rows: readonly MigrationRow[];
  window: MigrationWindow;
}) {
  const { asset, setAsset, inWindow, assets, selected, what } = useWindowAssetFilter(rows, window);
  const data = useMemo(
    () => migrationSankey(inWindow, { window, asset: selected }),
    [inWindow, window, selected],
  );
  const nets = useMemo(
    () => chainNet(inWindow, { window, asset: selected }),
    [inWindow, window, selected],
  );
  const label = `Sankey chart of ${window} chain migration for ${what}: source chains on the left, destination chains on the right, ${formatUsd(data.total)} in total.`;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <Select label="Asset" value={asset} options={assets} onChange={setAsset} />
        <p className="tabular text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
          {data.links.length} routes · {formatUsd(data.total)} bridged ({window})
        </p>
      </div>
      {data.links.length > 0 ? (
        <LazySankey
          data={data}
          label={label}
          columns={["From chain", "To chain"]}
          testId="migration-sankey"
        />
      ) : (
        <EmptyState title="No chain migration in this window">
          The last scheduled run has no cross-chain movement for {what} over {window}.
        </EmptyState>
      )}
      <ChainNetTable rows={nets} window={window} />
    </div>
  );
}
