"use client";

import { useState } from "react";
import { chainLabel, formatPct, formatUsd } from "@/components/format";
import type { IssuersResponse } from "@/lib/issuers/schema";
import { expandTree, type CompactIssuer } from "./treemapData";

const COLUMNS: ReadonlyArray<readonly [string, "text-left" | "text-right"]> = [
  ["Issuer", "text-left"],
  ["Share", "text-right"],
  ["Circulating", "text-right"],
  ["Assets", "text-left"],
  ["Largest chains", "text-left"],
];

/**
 * Text alternative to the treemap: issuer shares, assets and largest chains, in a table.
 * A client leaf fed the same tree as the treemap, so the page carries the figures once; the
 * rows are built when the disclosure is opened (closed, they are hidden from everyone anyway).
 */
export function IssuerShareTable({
  tree,
  issuers,
}: {
  tree: readonly CompactIssuer[];
  issuers: IssuersResponse["concentration"]["issuers"];
}) {
  const [open, setOpen] = useState(false);
  const nodes = new Map(expandTree(tree).children.map((n) => [n.name, n]));
  return (
    <details
      className="rounded-lg border border-slate-200 text-sm dark:border-slate-800"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="cursor-pointer px-3 py-2 font-medium">
        Issuer shares as a table ({issuers.length} rows; a coin with an unknown issuer is a row of
        its own)
      </summary>
      {open ? (
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[32rem]">
            <caption className="sr-only">Share of listed USD stablecoin supply by issuer</caption>
            <thead className="text-xs text-slate-600 dark:text-slate-300">
              <tr>
                {COLUMNS.map(([label, align]) => (
                  <th key={label} scope="col" className={`px-3 py-2 font-medium ${align}`}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {issuers.map((i) => {
                const node = nodes.get(i.name);
                const chains = [...(node?.children ?? [])]
                  .sort((a, b) => b.value - a.value)
                  .slice(0, 3);
                return (
                  <tr key={i.name} className="border-t border-slate-200 dark:border-slate-800">
                    <th scope="row" className="px-3 py-1.5 text-left font-medium">
                      {i.name}
                    </th>
                    <td className="tabular px-3 py-1.5 text-right">
                      {formatPct(i.share_pct, { digits: 1, signed: false })}
                    </td>
                    <td className="tabular px-3 py-1.5 text-right">
                      {formatUsd(i.circulating_usd)}
                    </td>
                    <td className="px-3 py-1.5">{node?.assets.join(", ") ?? "—"}</td>
                    <td className="px-3 py-1.5">
                      {chains.length > 0 ? chains.map((c) => chainLabel(c.name)).join(", ") : "—"}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </details>
  );
}
