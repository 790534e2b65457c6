import type { ReactNode } from "react";
import { PanelFrame } from "@/components/ui/PanelFrame";
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
  return (
    <PanelFrame
      id={id}
      title={title}
      linkHref={`/methodology#${method}`}
      linkLabel="Method"
      description={description}
      provenance={<Provenance sources={sources} />}
      className={className}
    >
      {children}
    </PanelFrame>
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
