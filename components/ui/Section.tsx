import Link from "next/link";
import type { ReactNode } from "react";

/** A homepage section: heading, provenance line (sources, as-of, method link) and body. */
export function Section({
  id,
  title,
  description,
  provenance,
  methodHref,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  provenance?: ReactNode;
  methodHref?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="space-y-3">
      <div className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {description ? (
          <p className="max-w-prose text-sm text-slate-600 dark:text-slate-300">{description}</p>
        ) : null}
        {provenance || methodHref ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {provenance}
            {methodHref ? (
              <Link
                href={methodHref}
                prefetch={false}
                className="text-xs text-sky-700 underline dark:text-sky-400"
              >
                Method
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
      {children}
    </section>
  );
}
