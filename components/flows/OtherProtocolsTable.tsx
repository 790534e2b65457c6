import { formatUsd, formatUsdFull, signClass } from "@/components/format";
import { protocolLabel, type ProtocolTotal } from "./sankey-data";

export const NET_TONE = {
  1: "text-emerald-700 dark:text-emerald-400",
  0: "",
  [-1]: "text-red-700 dark:text-red-400",
} as const;

/** Non-yield-bearing protocols (DEX pools and the like): shown as figures, not in the Sankey. */
export function OtherProtocolsTable({
  totals,
  window,
}: {
  totals: ProtocolTotal[];
  window: string;
}) {
  if (totals.length === 0) return null;
  return (
    <div className="space-y-1">
      <h3 className="text-sm font-medium">Non-yield-bearing protocols ({window})</h3>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[300px] text-left text-xs">
          <caption className="sr-only">
            Stablecoin inflow, outflow and net flow of non-yield-bearing protocols over {window},
            summed over chains
          </caption>
          <thead className="text-slate-600 dark:text-slate-400">
            <tr className="border-b border-slate-200 dark:border-slate-800">
              <th scope="col" className="py-1 pr-2 font-medium">
                Protocol
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Asset
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                Inflow
              </th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">
                Outflow
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Net
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.map((t) => (
              <tr
                key={`${t.protocol}-${t.token_symbol}`}
                className="border-b border-slate-100 last:border-b-0 dark:border-slate-800/70"
              >
                <td className="py-1 pr-2">{protocolLabel(t.protocol)}</td>
                <td className="py-1 pr-2">{t.token_symbol}</td>
                <td
                  className="tabular whitespace-nowrap py-1 pr-2 text-right"
                  title={formatUsdFull(t.inflow_usd)}
                >
                  {formatUsd(t.inflow_usd)}
                </td>
                <td
                  className="tabular whitespace-nowrap py-1 pr-2 text-right"
                  title={formatUsdFull(t.outflow_usd)}
                >
                  {formatUsd(t.outflow_usd)}
                </td>
                <td
                  className={`tabular whitespace-nowrap py-1 text-right ${NET_TONE[signClass(t.net_flow_usd)]}`}
                  title={formatUsdFull(t.net_flow_usd)}
                >
                  {formatUsd(t.net_flow_usd, { signed: true })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
