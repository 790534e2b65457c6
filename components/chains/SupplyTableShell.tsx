import Link from "next/link";
import type { ReactNode } from "react";

/**
 * A column of a chain supply table; numeric columns are right-aligned. `phoneSpan`: how many of
 * the six grid columns the cell takes on a phone, where each row is laid out as a card (the
 * coin or chain on top, then its numbers, then native vs bridged beside the chain-local peg).
 */
export interface ShellColumn {
  label: string;
  numeric?: boolean;
  phoneSpan: PhoneSpan;
}

export type PhoneSpan = 2 | 3 | 6;
/** Static class names (Tailwind only sees whole strings). */
const PHONE_SPAN: Record<PhoneSpan, string> = {
  2: "max-sm:col-span-2",
  3: "max-sm:col-span-3",
  6: "max-sm:col-span-6",
};
/**
 * Below `sm` each row is a six-column grid and each body cell names its column above its value.
 * Set once on the body, not per cell: per cell, these classes were most of the page's bytes, sent
 * twice (HTML and the RSC payload) and parsed and matched on a phone for every cell.
 */
const PHONE_ROWS =
  "max-sm:[&>tr]:grid max-sm:[&>tr]:grid-cols-6 max-sm:[&>tr]:gap-x-2 max-sm:[&>tr>*]:px-0 max-sm:[&>tr>*]:py-1 max-sm:[&>tr>th]:col-span-6";
const PHONE_LABELS =
  "max-sm:[&>tr>td]:before:block max-sm:[&>tr>td]:before:text-[11px] max-sm:[&>tr>td]:before:font-normal max-sm:[&>tr>td]:before:text-slate-500 max-sm:[&>tr>td]:before:content-[attr(data-label)] dark:max-sm:[&>tr>td]:before:text-slate-400";
/** Numeric cells (`data-numeric`) are right-aligned, left-aligned under their label on a phone. */
const NUMERIC_CELLS =
  "[&>tr>td[data-numeric]]:tabular-nums [&>tr>td[data-numeric]]:whitespace-nowrap [&>tr>td[data-numeric]]:text-right max-sm:[&>tr>td[data-numeric]]:text-left";

/** What the coins-on-a-chain and chains-of-a-coin tables share: caption, header row, row styling. */
export function SupplyTableShell({
  testId,
  caption,
  columns,
  children,
}: {
  testId: string;
  caption: ReactNode;
  columns: readonly ShellColumn[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="text-left text-xs text-slate-600 max-sm:sr-only dark:text-slate-300">
          <tr>
            {columns.map((c) => (
              <th
                key={c.label}
                scope="col"
                className={c.numeric ? "px-2 py-2 text-right font-medium" : "px-2 py-2 font-medium"}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody
          className={`[&>tr]:border-t [&>tr]:border-slate-200 dark:[&>tr]:border-slate-800 [&>tr>*]:px-2 [&>tr>*]:py-2 [&>tr>*]:align-top ${PHONE_ROWS} ${PHONE_LABELS} ${NUMERIC_CELLS}`}
        >
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** A body cell of column `col`: aligned like its header, labelled by it on a phone. */
export function ShellCell({
  col,
  title,
  className = "",
  children,
}: {
  col: ShellColumn;
  title?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td
      data-label={col.label}
      data-numeric={col.numeric ? "" : undefined}
      title={title}
      className={
        className ? `${PHONE_SPAN[col.phoneSpan]} ${className}` : PHONE_SPAN[col.phoneSpan]
      }
    >
      {children}
    </td>
  );
}

/** A row's header cell: the link to the row's page, and an optional second line. */
export function RowLink({ href, label, sub }: { href: string; label: string; sub?: string }) {
  return (
    <th scope="row" className="text-left font-medium">
      <Link href={href} prefetch={false} className="text-sky-700 underline dark:text-sky-400">
        {label}
      </Link>
      {sub === undefined ? null : (
        <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">{sub}</span>
      )}
    </th>
  );
}
