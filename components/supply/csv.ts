/** CSV of the (filtered, sorted) supply rows: RFC 4180 quoting, one header line, CRLF. */
import type { TableRow } from "./rows";

export const CSV_COLUMNS = [
  "rank",
  "symbol",
  "name",
  "defillama_id",
  "backing",
  "issuer",
  "circulating_usd",
  "change_7d_usd",
  "change_7d_pct",
  "change_30d_usd",
  "change_30d_pct",
  "price_usd",
  "peg_deviation_bps",
  "yield_bearing",
  "chains",
] as const;

type Cell = string | number | boolean | null;

/** Quote when needed; text that a spreadsheet would run as a formula gets a leading `'`. */
export function csvCell(value: Cell, { text = false } = {}): string {
  if (value === null) return "";
  let s = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : String(value);
  if (text && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: readonly TableRow[]): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const r of rows) {
    lines.push(
      [
        csvCell(r.rank),
        csvCell(r.symbol, { text: true }),
        csvCell(r.name, { text: true }),
        csvCell(r.id, { text: true }),
        csvCell(r.backing),
        csvCell(r.issuer, { text: true }),
        csvCell(r.circulating_usd),
        csvCell(r.change_7d_usd),
        csvCell(r.change_7d_pct),
        csvCell(r.change_30d_usd),
        csvCell(r.change_30d_pct),
        csvCell(r.price_usd),
        csvCell(r.peg_deviation_bps),
        csvCell(r.yield_bearing),
        csvCell(r.chains.join(";"), { text: true }),
      ].join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}

/** `stablecoin-supply-2025-06-01T1405Z.csv` from the data's as-of time. */
export function csvFileName(asOf: string | null | undefined): string {
  const d = asOf ? new Date(asOf) : null;
  const stamp =
    d && !Number.isNaN(d.getTime()) ? `-${d.toISOString().slice(0, 16).replace(/:/g, "")}Z` : "";
  return `stablecoin-supply${stamp}.csv`;
}

/** Start a browser download of `csv` (no network: a Blob URL). */
export function downloadCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
