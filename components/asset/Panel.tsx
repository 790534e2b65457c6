import Link from "next/link";
import type { ReactNode } from "react";
import { Provenance, type SourceRef } from "./Provenance";

/** A risk-console panel: heading, sources with as-of times, a method link, then the body. */
export function Panel({
  id,
  title,
  sources,
  method,
  description,
  className = "",
  children,
}: {
  id: string;
  title: string;
  sources: readonly SourceRef[];
  /** Anchor on /methodology, without `#`. */
  method: string;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`min-w-0 space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800 ${className}`}
    >
      <div className="space-y-1.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 id={headingId} className="text-base font-semibold tracking-tight">
            {title}
          </h2>
          <Link
            href={`/methodology#${method}`}
            prefetch={false}
            className="text-xs text-sky-700 underline dark:text-sky-400"
          >
            Method<span className="sr-only">: {title}</span>
          </Link>
        </div>
        {description ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{description}</p>
        ) : null}
        <Provenance sources={sources} />
      </div>
      {children}
    </section>
  );
}

/** A label / value row for the panels' definition lists. */
export function Row({
  label,
  children,
  hint,
}: {
  label: ReactNode;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 border-b border-slate-100 py-1.5 last:border-b-0 dark:border-slate-800/70">
      <dt className="text-sm text-slate-600 dark:text-slate-300">
        {label}
        {hint ? (
          <span className="block text-[11px] text-slate-500 dark:text-slate-400">{hint}</span>
        ) : null}
      </dt>
      <dd className="tabular text-sm font-medium">{children}</dd>
    </div>
  );
}
