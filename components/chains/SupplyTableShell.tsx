import Link from "next/link";
import type { ReactNode } from "react";

/** A column header of a chain supply table; numeric columns are right-aligned. */
export interface ShellColumn {
  label: string;
  numeric?: boolean;
}

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
        <thead className="text-left text-xs text-slate-600 dark:text-slate-300">
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
        <tbody className="[&>tr]:border-t [&>tr]:border-slate-200 dark:[&>tr]:border-slate-800 [&>tr>*]:px-2 [&>tr>*]:py-2 [&>tr>*]:align-top">
          {children}
        </tbody>
      </table>
    </div>
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
