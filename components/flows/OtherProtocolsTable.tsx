import { FlowAmountsTable } from "./FlowAmountsTable";
import { protocolLabel, type ProtocolTotal } from "./sankey-data";

/** Non-yield-bearing protocols (DEX pools and the like): shown as figures, not in the Sankey. */
export function OtherProtocolsTable({
  totals,
  window,
}: {
  totals: ProtocolTotal[];
  window: string;
}) {
  return (
    <FlowAmountsTable
      title={`Non-yield-bearing protocols (${window})`}
      caption={`Stablecoin inflow, outflow and net flow of non-yield-bearing protocols over ${window}, summed over chains`}
      rows={totals}
      rowKey={(t) => `${t.protocol}-${t.token_symbol}`}
      labels={[
        { head: "Protocol", cell: (t) => protocolLabel(t.protocol) },
        { head: "Asset", cell: (t) => t.token_symbol },
      ]}
      amounts={[
        { head: "Inflow", usd: (t) => t.inflow_usd },
        { head: "Outflow", usd: (t) => t.outflow_usd },
      ]}
      net={(t) => t.net_flow_usd}
    />
  );
}
