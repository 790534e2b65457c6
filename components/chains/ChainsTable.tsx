"use client";

import Link from "next/link";
import { useId, useMemo, useState, useSyncExternalStore } from "react";
import { chainLabel, formatPct, formatUsd, formatUsdFull } from "@/components/format";
import { chainPath } from "./paths";

export interface ChainRow {
  chain: string;
  rank: number;
  total_circulating_usd: number;
  share_of_market_pct: number;
  change_1d_pct: number | null;
  change_7d_pct: number | null;
  change_30d_pct: number | null;
  coins: number;
  top_coins: { symbol: string; selector: string; dominance_pct: number }[];
}

type Key = "rank" | "chain" | "total" | "d1" | "d7" | "d30" | "coins";
const VALUE: Record<Key, (r: ChainRow) => number | string | null> = {
  rank: (r) => r.rank,
  chain: (r) => chainLabel(r.chain).toLowerCase(),
  total: (r) => r.total_circulating_usd,
  d1: (r) => r.change_1d_pct,
  d7: (r) => r.change_7d_pct,
  d30: (r) => r.change_30d_pct,
  coins: (r) => r.coins,
};
const COLUMNS: readonly [Key, string][] = [
  ["rank", "#"],
  ["chain", "Chain"],
  ["total", "USD supply"],
  ["d1", "1d"],
  ["d7", "7d"],
  ["d30", "30d"],
  ["coins", "Coins"],
];
const noSubscribe = () => () => {};

/** Nulls last whatever the direction (unknown is never ranked as zero). */
function compare(a: number | string | null, b: number | string | null, dir: 1 | -1): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return (a < b ? -1 : a > b ? 1 : 0) * dir;
}

const changeClass = (n: number | null) =>
  n === null || n === 0
    ? ""
    : n > 0
      ? "text-emerald-700 dark:text-emerald-400"
      : "text-red-700 dark:text-red-400";

/** Every chain, sorted and filtered in the browser (no request leaves the page). */
export function ChainsTable({ chains }: { chains: readonly ChainRow[] }) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<{ key: Key; dir: 1 | -1 }>({ key: "rank", dir: 1 });
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    const kept = q
      ? chains.filter((c) => c.chain.includes(q) || chainLabel(c.chain).toLowerCase().includes(q))
      : chains;
    return [...kept].sort((a, b) => compare(VALUE[sort.key](a), VALUE[sort.key](b), sort.dir));
  }, [chains, query, sort]);
  const onSort = (key: Key) =>
    setSort((s) =>
      s.key === key
        ? { key, dir: s.dir === 1 ? -1 : 1 }
        : { key, dir: key === "rank" || key === "chain" ? 1 : -1 },
    );

  return (
    <div className="space-y-3" data-hydrated={hydrated ? "true" : undefined}>
      <div className="max-w-xs">
        <label
          htmlFor={`${id}-q`}
          className="block text-xs font-medium text-slate-600 dark:text-slate-300"
        >
          Filter chains
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="e.g. tron"
          className="mt-1 h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
      </div>
      <p aria-live="polite" className="text-sm text-slate-600 dark:text-slate-300">
        Showing <span className="tabular font-medium">{rows.length}</span> of{" "}
        <span className="tabular">{chains.length}</span> chains
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="chains-table">
          <caption className="sr-only">
            USD stablecoin supply per chain, sortable by each column
          </caption>
          <thead className="text-left text-xs text-slate-600 dark:text-slate-300">
            <tr>
              {COLUMNS.map(([key, label]) => {
                const active = sort.key === key;
                return (
                  <th
                    key={key}
                    scope="col"
                    aria-sort={active ? (sort.dir === 1 ? "ascending" : "descending") : "none"}
                    className={`px-2 py-2 font-medium ${key === "chain" ? "" : "text-right"}`}
                  >
                    <button type="button" onClick={() => onSort(key)} className="whitespace-nowrap">
                      {label}
                      <span
                        aria-hidden="true"
                        className={`ml-1 text-[10px] ${active ? "" : "opacity-30"}`}
                      >
                        {active ? (sort.dir === 1 ? "▲" : "▼") : "▲▼"}
                      </span>
                    </button>
                  </th>
                );
              })}
              <th scope="col" className="px-2 py-2 font-medium">
                Largest coins
              </th>
            </tr>
          </thead>
          <tbody className="[&>tr]:border-t [&>tr]:border-slate-200 dark:[&>tr]:border-slate-800 [&>tr>*]:px-2 [&>tr>*]:py-2">
            {rows.map((c) => (
              <tr key={c.chain} data-chain={c.chain}>
                <td className="tabular text-right">{c.rank}</td>
                <th scope="row" className="text-left font-medium">
                  <Link
                    href={chainPath(c.chain)}
                    prefetch={false}
                    className="text-sky-700 underline dark:text-sky-400"
                  >
                    {chainLabel(c.chain)}
                  </Link>
                </th>
                <td className="tabular text-right" title={formatUsdFull(c.total_circulating_usd)}>
                  {formatUsd(c.total_circulating_usd)}
                </td>
                <td className={`tabular text-right ${changeClass(c.change_1d_pct)}`}>
                  {formatPct(c.change_1d_pct)}
                </td>
                <td className={`tabular text-right ${changeClass(c.change_7d_pct)}`}>
                  {formatPct(c.change_7d_pct)}
                </td>
                <td className={`tabular text-right ${changeClass(c.change_30d_pct)}`}>
                  {formatPct(c.change_30d_pct)}
                </td>
                <td className="tabular text-right">{c.coins}</td>
                <td className="whitespace-nowrap">
                  {c.top_coins.map((t, i) => (
                    <span key={t.selector}>
                      {i > 0 ? ", " : null}
                      {t.symbol} {formatPct(t.dominance_pct, { digits: 0, signed: false })}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
