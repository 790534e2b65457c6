import { chainLabel } from "@/components/format";
import { FlowAmountsTable } from "./FlowAmountsTable";
import type { ChainNet } from "./sankey-data";

/** Bridged in, out and net per chain for the migration window. */
export function ChainNetTable({ rows, window }: { rows: ChainNet[]; window: string }) {
  return (
    <FlowAmountsTable
      title={`Net migration by chain (${window})`}
      caption={`Stablecoin volume bridged into and out of each chain over ${window}, and the net`}
      rows={rows}
      rowKey={(c) => c.chain}
      labels={[{ head: "Chain", cell: (c) => chainLabel(c.chain), rowHeader: true }]}
      amounts={[
        { head: "Bridged in", usd: (c) => c.in_usd },
        { head: "Bridged out", usd: (c) => c.out_usd },
      ]}
      net={(c) => c.net_usd}
    />
  );
}
