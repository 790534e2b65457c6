import { chainLabel, formatUsd, formatUsdFull, signClass } from "@/components/format";
import { NET_TONE } from "./OtherProtocolsTable";
import type { ChainNet } from "./sankey-data";

const TH = "py-1 pr-2 text-right font-medium";

/** Bridged in, out and net per chain for the migration window. */
export function ChainNetTable({ rows, window }: { rows: ChainNet[]; window: string }) {
  if (rows.length === 0) return null;
  return (
    <div className="space-y-1">
      <h3 className="text-sm font-medium">Net migration by chain ({window})</h3>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[300px] text-left text-xs">
          <caption className="sr-only">
            Stablecoin volume bridged into and out of each chain over {window}, and the net
          </caption>
          <thead className="text-slate-600 dark:text-slate-400">
            <tr className="border-b border-slate-200 dark:border-slate-800">
              <th scope="col" className="py-1 pr-2 font-medium">
                Chain
              </th>
              <th scope="col" className={TH}>
                Bridged in
              </th>
              <th scope="col" className={TH}>
                Bridged out
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Net
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr
                key={c.chain}
                className="border-b border-slate-100 last:border-b-0 dark:border-slate-800/70"
              >
                <th scope="row" className="py-1 pr-2 font-normal">
                  {chainLabel(c.chain)}
                </th>
                <td
                  className="tabular whitespace-nowrap py-1 pr-2 text-right"
                  title={formatUsdFull(c.in_usd)}
                >
                  {formatUsd(c.in_usd)}
                </td>
                <td
                  className="tabular whitespace-nowrap py-1 pr-2 text-right"
                  title={formatUsdFull(c.out_usd)}
                >
                  {formatUsd(c.out_usd)}
                </td>
                <td
                  className={`tabular whitespace-nowrap py-1 text-right ${NET_TONE[signClass(c.net_usd)]}`}
                  title={formatUsdFull(c.net_usd)}
                >
                  {formatUsd(c.net_usd, { signed: true })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
