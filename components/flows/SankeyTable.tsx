import { formatPct, formatUsd, formatUsdFull } from "@/components/format";
import type { SankeyData } from "./sankey-data";

export const TOP_LINKS = 12;

/** Text alternative of a Sankey: its largest links, with their share of the total. */
export function SankeyTable({
  data,
  caption,
  columns,
  limit = TOP_LINKS,
}: {
  data: SankeyData;
  caption: string;
  columns: [string, string];
  limit?: number;
}) {
  const names = new Map(data.nodes.map((n) => [n.id, n.name.replace(/^→ | →$/g, "")]));
  const shown = data.links.slice(0, limit);
  const rest = data.links.length - shown.length;
  return (
    <table className="w-full min-w-[360px] text-left text-xs">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-slate-600 dark:text-slate-400">
        <tr className="border-b border-slate-200 dark:border-slate-800">
          <th scope="col" className="py-1 pr-2 font-medium">
            {columns[0]}
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            {columns[1]}
          </th>
          <th scope="col" className="py-1 pr-2 text-right font-medium">
            USD
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Share
          </th>
        </tr>
      </thead>
      <tbody>
        {shown.map((l) => (
          <tr
            key={`${l.source}-${l.target}`}
            className="border-b border-slate-100 last:border-b-0 dark:border-slate-800/70"
          >
            <td className="py-1 pr-2">{names.get(l.source) ?? l.source}</td>
            <td className="py-1 pr-2">{names.get(l.target) ?? l.target}</td>
            <td
              className="tabular whitespace-nowrap py-1 pr-2 text-right"
              title={formatUsdFull(l.value)}
            >
              {formatUsd(l.value)}
            </td>
            <td className="tabular whitespace-nowrap py-1 text-right">
              {formatPct(data.total > 0 ? (100 * l.value) / data.total : null, {
                digits: 1,
                signed: false,
              })}
            </td>
          </tr>
        ))}
      </tbody>
      {rest > 0 ? (
        <tfoot>
          <tr>
            <td colSpan={4} className="pt-1 text-slate-500 dark:text-slate-400">
              {rest} smaller {rest === 1 ? "flow" : "flows"} not listed; total{" "}
              {formatUsd(data.total)}.
            </td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}
