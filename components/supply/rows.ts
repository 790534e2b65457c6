/** Client-side table logic over the current result set: hrefs, filters, sorting. No fetching. */
import type { SupplyEntry } from "@/lib/supply/schema";

/** What the table, its filters and the CSV use of a supply entry (the page sends no more). */
export type TableRow = Omit<
  SupplyEntry,
  "coingecko_id" | "circulatingPrevWeek" | "circulating_prev_month_usd"
>;

const CENTS = 100;
const toCents = (usd: number | null) => (usd === null ? null : Math.round(usd * CENTS) / CENTS);

/** The table's row for an entry: unused fields dropped, USD amounts to the cent. */
export function toTableRow(e: SupplyEntry): TableRow {
  return {
    rank: e.rank,
    id: e.id,
    selector: e.selector,
    symbol: e.symbol,
    name: e.name,
    circulating_usd: toCents(e.circulating_usd)!,
    change_7d_usd: toCents(e.change_7d_usd),
    change_7d_pct: e.change_7d_pct,
    change_30d_usd: toCents(e.change_30d_usd),
    change_30d_pct: e.change_30d_pct,
    price_usd: e.price_usd,
    price_source: e.price_source,
    peg_deviation_bps: e.peg_deviation_bps,
    backing: e.backing,
    issuer: e.issuer,
    chains: e.chains,
    yield_bearing: e.yield_bearing,
    peg_note: e.peg_note,
  };
}

export type SortKey =
  "rank" | "symbol" | "circulating_usd" | "change_7d_pct" | "change_30d_pct" | "peg_deviation_bps";
export type SortDir = "asc" | "desc";
export interface SortState {
  key: SortKey;
  dir: SortDir;
}
export type BackingFilter = "all" | "fiat-backed" | "crypto-backed" | "algorithmic";
export interface Filters {
  chain: string;
  backing: BackingFilter;
  text: string;
}

export const ALL = "all";
export const DEFAULT_SORT: SortState = { key: "rank", dir: "asc" };
export const NO_FILTERS: Filters = { chain: ALL, backing: ALL, text: "" };

/** `/stablecoins/<selector>`: the server's shortest readable selector for each row. */
export function assetHrefs(rows: readonly TableRow[]): Map<string, string> {
  return new Map(rows.map((r) => [r.id, `/stablecoins/${encodeURIComponent(r.selector)}`]));
}

/** Chains present in the rows, most widely listed first, then alphabetical. */
export function chainOptions(rows: readonly TableRow[]): string[] {
  const count = new Map<string, number>();
  for (const r of rows) for (const c of new Set(r.chains)) count.set(c, (count.get(c) ?? 0) + 1);
  return [...count.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([c]) => c);
}

export function filterRows(rows: readonly TableRow[], f: Filters): TableRow[] {
  const text = f.text.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (f.chain === ALL || r.chains.includes(f.chain)) &&
      (f.backing === ALL || r.backing === f.backing) &&
      (text === "" ||
        r.symbol.toLowerCase().includes(text) ||
        r.name.toLowerCase().includes(text) ||
        (r.issuer?.toLowerCase().includes(text) ?? false)),
  );
}

/** Sorted copy; missing values always go last, ties keep rank order. */
export function sortRows(rows: readonly TableRow[], s: SortState): TableRow[] {
  const factor = s.dir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (s.key === "symbol") {
      return factor * a.symbol.localeCompare(b.symbol, "en") || a.rank - b.rank;
    }
    const x = a[s.key];
    const y = b[s.key];
    if (x === null || y === null) return x === y ? a.rank - b.rank : x === null ? 1 : -1;
    return factor * (x - y) || a.rank - b.rank;
  });
}

/** Clicking the active column flips it; a new column starts at its natural direction. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) return { key, dir: current.dir === "asc" ? "desc" : "asc" };
  return { key, dir: key === "rank" || key === "symbol" ? "asc" : "desc" };
}
