"use client";

import type { SortKey, SortState } from "./rows";

/** A column header whose button toggles the sort; `aria-sort` is on the th. */
export function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  align = "right",
  className = "",
}: {
  label: string;
  sortKey: SortKey;
  sort: SortState;
  onSort: (key: SortKey) => void;
  align?: "left" | "right";
  className?: string;
}) {
  const active = sort.key === sortKey;
  const ariaSort = active ? (sort.dir === "asc" ? "ascending" : "descending") : "none";
  return (
    <th
      scope="col"
      aria-sort={ariaSort}
      className={`px-2 py-2 font-medium max-sm:px-1.5 ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={`inline-flex w-full items-center gap-1 rounded whitespace-nowrap hover:text-slate-900 dark:hover:text-white ${
          align === "right" ? "justify-end" : "justify-start"
        } ${active ? "text-slate-900 dark:text-white" : ""}`}
      >
        {label}
        <span aria-hidden="true" className={`text-[10px] ${active ? "" : "opacity-30"}`}>
          {active ? (sort.dir === "asc" ? "▲" : "▼") : "▲▼"}
        </span>
      </button>
    </th>
  );
}
