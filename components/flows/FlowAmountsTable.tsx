import type { ReactNode } from "react";
import { formatUsd, formatUsdFull, signClass } from "@/components/format";

const NET_TONE = {
  1: "text-emerald-700 dark:text-emerald-400",
  0: "",
  [-1]: "text-red-700 dark:text-red-400",
} as const;

const HEAD = "py-1 pr-2 font-medium";
const AMOUNT = "tabular whitespace-nowrap py-1 pr-2 text-right";

export interface LabelColumn<R> {
  head: string;
  cell: (row: R) => ReactNode;
  /** Render the cell as the row's header (`<th scope="row">`). */
  rowHeader?: boolean;
}

/**
 * A small flows table: label columns, two USD amounts (in / out), then the signed net, coloured
 * by sign. Every amount is shown compact with the full figure in its title.
 */
export function FlowAmountsTable<R>({
  title,
  caption,
  rows,
  rowKey,
  labels,
  amounts,
  net,
}: {
  title: string;
  caption: string;
  rows: readonly R[];
  rowKey: (row: R) => string;
  labels: readonly LabelColumn<R>[];
  amounts: readonly { head: string; usd: (row: R) => number }[];
  net: (row: R) => number;
}) {
  if (rows.length === 0) return null;
  return (
    <div className="space-y-1">
      <h3 className="text-sm font-medium">{title}</h3>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[300px] text-left text-xs">
          <caption className="sr-only">{caption}</caption>
          <thead className="text-slate-600 dark:text-slate-400">
            <tr className="border-b border-slate-200 dark:border-slate-800">
              {labels.map((l) => (
                <th key={l.head} scope="col" className={HEAD}>
                  {l.head}
                </th>
              ))}
              {amounts.map((a) => (
                <th key={a.head} scope="col" className={`${HEAD} text-right`}>
                  {a.head}
                </th>
              ))}
              <th scope="col" className="py-1 text-right font-medium">
                Net
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={rowKey(r)}
                className="border-b border-slate-100 last:border-b-0 dark:border-slate-800/70"
              >
                {labels.map((l) =>
                  l.rowHeader ? (
                    <th key={l.head} scope="row" className="py-1 pr-2 font-normal">
                      {l.cell(r)}
                    </th>
                  ) : (
                    <td key={l.head} className="py-1 pr-2">
                      {l.cell(r)}
                    </td>
                  ),
                )}
                {amounts.map((a) => (
                  <td key={a.head} className={AMOUNT} title={formatUsdFull(a.usd(r))}>
                    {formatUsd(a.usd(r))}
                  </td>
                ))}
                <td
                  className={`tabular whitespace-nowrap py-1 text-right ${NET_TONE[signClass(net(r))]}`}
                  title={formatUsdFull(net(r))}
                >
                  {formatUsd(net(r), { signed: true })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
