"use client";

import { useMemo, useState, useSyncExternalStore } from "react";
import type { TableRow } from "./rows";
import { csvFileName, downloadCsv, toCsv } from "./csv";
import {
  assetHrefs,
  chainOptions,
  DEFAULT_SORT,
  filterRows,
  NO_FILTERS,
  nextSort,
  sortRows,
  type Filters,
  type SortKey,
  type SortState,
} from "./rows";
import { Pager } from "./Pager";
import { SortHeader } from "./SortHeader";
import { SupplyFilters } from "./SupplyFilters";
import { stickyCell, SupplyRow } from "./SupplyRow";

export { toCsv } from "./csv";

const COLUMN_COUNT = 8;
/** Cell padding, row borders and no-wrap for every body row, set once on the table body. */
const ROW_CELLS =
  "whitespace-nowrap [&>tr]:border-t [&>tr]:border-slate-200 dark:[&>tr]:border-slate-800 [&>tr>*]:px-2 [&>tr>*]:py-2 max-sm:[&>tr>*]:px-1.5";
/** Rows rendered at once: the server HTML carries this many; the rest are a page away. */
export const PAGE_SIZE = 50;
const noSubscribe = () => () => {};

/**
 * The supply & flows table. Sorting, filtering and CSV export work over every listed asset (the
 * props carry them once); only one page of rows is rendered. No request leaves the page.
 */
export function SupplyTable({ assets, asOf }: { assets: readonly TableRow[]; asOf: string }) {
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [filters, setFiltersState] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const setFilters = (next: Filters) => {
    setFiltersState(next);
    setPage(0);
  };

  const hrefs = useMemo(() => assetHrefs(assets), [assets]);
  const chains = useMemo(() => chainOptions(assets), [assets]);
  const rows = useMemo(() => sortRows(filterRows(assets, filters), sort), [assets, filters, sort]);
  // Dead coins are hidden by default: they count in the total only while shown.
  const shownTotal = filters.dead ? assets.length : assets.filter((a) => !a.dead).length;
  const filtered = rows.length !== shownTotal;
  const hasYieldBearing = rows.some((r) => r.yield_bearing && r.peg_note);

  // True once hydrated: the controls only work from then on (tests wait for the attribute).
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  const onSort = (key: SortKey) => {
    setSort((s) => nextSort(s, key));
    setPage(0);
  };
  const lastPage = Math.max(0, Math.ceil(rows.length / PAGE_SIZE) - 1);
  const shownPage = Math.min(page, lastPage);
  const visible = rows.slice(shownPage * PAGE_SIZE, (shownPage + 1) * PAGE_SIZE);
  const header = { sort, onSort };

  return (
    <div className="space-y-3" data-hydrated={hydrated ? "true" : undefined}>
      <SupplyFilters filters={filters} chains={chains} onChange={setFilters} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p aria-live="polite" className="text-sm text-slate-600 dark:text-slate-300">
          Showing <span className="tabular font-medium">{rows.length}</span> of{" "}
          <span className="tabular">{shownTotal}</span> stablecoins
          {filtered ? (
            <button
              type="button"
              onClick={() => setFilters(NO_FILTERS)}
              className="ml-2 text-sky-700 underline dark:text-sky-400"
            >
              Clear filters
            </button>
          ) : null}
        </p>
        <button
          type="button"
          disabled={rows.length === 0}
          onClick={() => downloadCsv(toCsv(rows), csvFileName(asOf))}
          className="h-9 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          Export CSV ({rows.length} {rows.length === 1 ? "row" : "rows"})
        </button>
      </div>
      <div
        className="relative overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800"
        tabIndex={0}
        role="region"
        aria-label="Supply table (scrolls horizontally)"
      >
        <table className="w-full text-sm sm:min-w-[46rem]">
          <caption className="sr-only">
            USD stablecoins ranked by circulating supply, with peg deviation from 1.00 USD, 7-day
            and 30-day net supply change and backing mechanism. Column headers sort the table.
          </caption>
          <thead className="text-xs text-slate-600 dark:text-slate-300">
            <tr>
              <SortHeader
                label="#"
                sortKey="rank"
                {...header}
                className={`${stickyCell} left-0 w-10`}
              />
              <SortHeader
                label="Symbol"
                sortKey="symbol"
                align="left"
                {...header}
                className={`${stickyCell} left-10`}
              />
              <th scope="col" className="hidden px-2 py-2 text-left font-medium sm:table-cell">
                Name
              </th>
              {/* Deviation and size first: on a phone they are what fits beside the coin. */}
              <SortHeader label="Peg deviation" sortKey="peg_deviation_bps" {...header} />
              <SortHeader label="Circulating" sortKey="circulating_usd" {...header} />
              <SortHeader label="7d change" sortKey="change_7d_pct" {...header} />
              <SortHeader label="30d change" sortKey="change_30d_pct" {...header} />
              <th scope="col" className="px-2 py-2 text-left font-medium">
                Backing
              </th>
            </tr>
          </thead>
          <tbody className={ROW_CELLS}>
            {visible.map((r) => (
              <SupplyRow key={r.id} row={r} href={hrefs.get(r.id) ?? `/stablecoins/${r.id}`} />
            ))}
            {rows.length === 0 ? (
              <tr>
                <td
                  colSpan={COLUMN_COUNT}
                  className="px-4 py-8 text-center text-slate-600 dark:text-slate-300"
                >
                  No stablecoins match these filters.{" "}
                  <button
                    type="button"
                    onClick={() => setFilters(NO_FILTERS)}
                    className="text-sky-700 underline dark:text-sky-400"
                  >
                    Clear filters
                  </button>
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <Pager page={shownPage} pageSize={PAGE_SIZE} total={rows.length} onPage={setPage} />
      {hasYieldBearing ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          * {rows.find((r) => r.yield_bearing && r.peg_note)?.peg_note}
        </p>
      ) : null}
    </div>
  );
}
