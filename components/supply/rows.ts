/** Client-side table logic over the current result set: hrefs, filters, sorting. No fetching. */
import type { SupplyEntry } from "@/lib/supply/schema";

/** What the table, its filters and the CSV use of a supply entry (the page sends no more). */
export type TableRow = Omit<
  SupplyEntry,
  | "coingecko_id"
  | "circulatingPrevWeek"
  | "circulating_prev_month_usd"
  | "dead_reason"
  | "dead_from"
>;

const CENTS = 100;
const toCents = (usd: number | null) => (usd === null ? null : Math.round(usd * CENTS) / CENTS);
/** Percentages and bps keep four decimals: finer than the table shows, coarser than float noise. */
const FRACTION_DIGITS_SCALE = 10_000;
const to4 = (x: number | null) =>
  x === null ? null : Math.round(x * FRACTION_DIGITS_SCALE) / FRACTION_DIGITS_SCALE;

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
    change_7d_pct: to4(e.change_7d_pct),
    change_30d_usd: toCents(e.change_30d_usd),
    change_30d_pct: to4(e.change_30d_pct),
    price_usd: e.price_usd,
    price_source: e.price_source,
    peg_deviation_bps: to4(e.peg_deviation_bps),
    backing: e.backing,
    issuer: e.issuer,
    chains: e.chains,
    yield_bearing: e.yield_bearing,
    peg_note: e.peg_note,
    dead: e.dead,
  };
}

/** Prices keep six decimals (a tenth of a hundredth of a bps is below any display). */
const PRICE_SCALE = 1_000_000;
const to6 = (x: number | null) => (x === null ? null : Math.round(x * PRICE_SCALE) / PRICE_SCALE);

/**
 * One row as the page sends it: a tuple (keys are not repeated 270 times) with each chain as an
 * index into the table's one list of chain names. Order: see `toWireTable`.
 */
type WireRow = [
  rank: number,
  id: string,
  selector: string,
  symbol: string,
  name: string,
  circulatingUsd: number,
  change7dUsd: number | null,
  change7dPct: number | null,
  change30dUsd: number | null,
  change30dPct: number | null,
  priceUsd: number | null,
  priceSource: TableRow["price_source"],
  pegDeviationBps: number | null,
  backing: TableRow["backing"],
  issuer: string | null,
  chains: number[],
  yieldBearing: boolean,
  pegNote: string | null,
  dead: boolean,
];

/** What the page sends for the table (home at the full market stays light). */
export interface WireTable {
  chainNames: string[];
  rows: WireRow[];
}

export function toWireTable(entries: readonly SupplyEntry[]): WireTable {
  const index = new Map<string, number>();
  const chainId = (c: string) => {
    let i = index.get(c);
    if (i === undefined) index.set(c, (i = index.size));
    return i;
  };
  const rows = entries.map((e): WireRow => {
    const r = toTableRow(e);
    return [
      r.rank,
      r.id,
      r.selector,
      r.symbol,
      r.name,
      r.circulating_usd,
      r.change_7d_usd,
      r.change_7d_pct,
      r.change_30d_usd,
      r.change_30d_pct,
      to6(r.price_usd),
      r.price_source,
      r.peg_deviation_bps,
      r.backing,
      r.issuer,
      r.chains.map(chainId),
      r.yield_bearing,
      r.peg_note,
      r.dead,
    ];
  });
  return { chainNames: [...index.keys()], rows };
}

export function fromWireTable(t: WireTable): TableRow[] {
  return t.rows.map(
    ([
      rank,
      id,
      selector,
      symbol,
      name,
      circulating_usd,
      change_7d_usd,
      change_7d_pct,
      change_30d_usd,
      change_30d_pct,
      price_usd,
      price_source,
      peg_deviation_bps,
      backing,
      issuer,
      chains,
      yield_bearing,
      peg_note,
      dead,
    ]) => ({
      rank,
      id,
      selector,
      symbol,
      name,
      circulating_usd,
      change_7d_usd,
      change_7d_pct,
      change_30d_usd,
      change_30d_pct,
      price_usd,
      price_source,
      peg_deviation_bps,
      backing,
      issuer,
      chains: chains.map((i) => t.chainNames[i] ?? ""),
      yield_bearing,
      peg_note,
      dead,
    }),
  );
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
  /** Show coins DefiLlama marks dead (hidden by default). */
  dead: boolean;
}

export const ALL = "all";
export const DEFAULT_SORT: SortState = { key: "rank", dir: "asc" };
export const NO_FILTERS: Filters = { chain: ALL, backing: ALL, text: "", dead: false };

/** `/stablecoins/<selector>`: the server's shortest readable selector for each row. */
export function assetHrefs<R extends Pick<TableRow, "id" | "selector">>(
  rows: readonly R[],
): Map<string, string> {
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
      (f.dead || !r.dead) &&
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
