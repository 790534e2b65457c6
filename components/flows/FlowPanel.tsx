import type { ReactNode } from "react";
import { AsOf } from "@/components/ui/AsOf";
import { PanelFrame } from "@/components/ui/PanelFrame";
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
  return (
    <PanelFrame
      id={id}
      title={title}
      linkHref="/methodology#sources"
      linkLabel="Sources"
      description={description}
      provenance={<ScheduledProvenance lastRun={lastRun} />}
      className={className}
    >
      {children}
    </PanelFrame>
  );
}
