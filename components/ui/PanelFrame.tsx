import Link from "next/link";
import type { ReactNode } from "react";

/**
 * The frame every dashboard panel shares: a labelled section with a heading, a link to its
 * methodology anchor, an optional description and a provenance line, then the body.
 */
export function PanelFrame({
  id,
  title,
  linkHref,
  linkLabel,
  description,
  provenance,
  className = "",
  children,
}: {
  id: string;
  title: string;
  linkHref: string;
  linkLabel: string;
  description?: ReactNode;
  provenance: ReactNode;
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
            href={linkHref}
            prefetch={false}
            className="text-xs text-sky-700 underline dark:text-sky-400"
          >
            {linkLabel}
            <span className="sr-only">: {title}</span>
          </Link>
        </div>
        {description ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{description}</p>
        ) : null}
        {provenance}
      </div>
      {children}
    </section>
  );
}
