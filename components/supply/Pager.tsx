"use client";

/** First page / previous / next for a long table; the count line says which rows are shown. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const first = page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  const button =
    "h-9 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800";
  return (
    <nav aria-label="Table pages" className="flex flex-wrap items-center gap-2 text-sm">
      <button type="button" className={button} disabled={page === 0} onClick={() => onPage(0)}>
        First
      </button>
      <button
        type="button"
        className={button}
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="tabular text-slate-700 dark:text-slate-300" data-testid="pager-status">
        Rows {first}–{last} of {total} (page {page + 1} of {pages})
      </span>
      <button
        type="button"
        className={button}
        disabled={page >= pages - 1}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
