import Link from "next/link";
import type { ReactNode } from "react";
import { AsOf } from "@/components/ui/AsOf";
import { SourceBadge } from "@/components/ui/SourceBadge";
import { FLOW_SOURCE } from "./types";

/** "scheduled/cached · last run … UTC", or "scheduled/cached · unavailable". */
export function ScheduledBadge({ lastRun }: { lastRun: string | null }) {
  return lastRun ? (
    <span className="text-xs text-slate-500 dark:text-slate-400">
      <span className="rounded bg-slate-100 px-1 py-0.5 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        scheduled/cached
      </span>{" "}
      · <AsOf iso={lastRun} label="last run" />
    </span>
  ) : (
    <span className="text-xs text-amber-800 dark:text-amber-300">
      scheduled/cached · unavailable
    </span>
  );
}

/** "Dune on-chain-scheduled · scheduled/cached · last run … UTC". */
export function ScheduledProvenance({ lastRun }: { lastRun: string | null }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <SourceBadge name={FLOW_SOURCE.name} type={FLOW_SOURCE.type} />
      <ScheduledBadge lastRun={lastRun} />
    </span>
  );
}

/** A flows panel: heading, source and last run, a link to the sources method, then the body. */
export function FlowPanel({
  id,
  title,
  description,
  lastRun,
  className = "",
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  lastRun: string | null;
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
            href="/methodology#sources"
            prefetch={false}
            className="text-xs text-sky-700 underline dark:text-sky-400"
          >
            Sources<span className="sr-only">: {title}</span>
          </Link>
        </div>
        {description ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{description}</p>
        ) : null}
        <ScheduledProvenance lastRun={lastRun} />
      </div>
      {children}
    </section>
  );
}
