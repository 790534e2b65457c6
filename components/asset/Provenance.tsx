import { AsOf } from "@/components/ui/AsOf";
import { SourceBadge } from "@/components/ui/SourceBadge";
import type { SourceMeta } from "./types";

/** One source behind a panel; `missing` when the response did not list it (source down). */
export interface SourceRef {
  name: string;
  type: string;
  asOf?: string | null;
  lastRun?: string | null;
  role?: string;
  missing?: boolean;
}

/** Picks the sources a panel uses from the response metadata, keeping absent ones as missing. */
export function pickSources(
  sources: readonly SourceMeta[],
  picks: ReadonlyArray<{ name: string; type: string; role?: string }>,
): SourceRef[] {
  return picks.map((p) => {
    const s = sources.find(
      (x) => x.name === p.name && x.type === p.type && (!p.role || x.role === p.role),
    );
    if (!s) return { ...p, missing: true };
    return {
      name: s.name,
      type: s.type,
      asOf: s.as_of ?? null,
      lastRun: s.last_updated,
      role: p.role,
    };
  });
}

/** Source badges with their as-of (live) or last-run (scheduled/cached) times, in UTC. */
export function Provenance({ sources }: { sources: readonly SourceRef[] }) {
  return (
    <ul className="flex flex-wrap items-center gap-x-3 gap-y-1" aria-label="Sources">
      {sources.map((s) => (
        <li
          key={`${s.name}-${s.type}-${s.role ?? ""}`}
          className="inline-flex flex-wrap items-center gap-1.5"
        >
          <SourceBadge name={s.name} type={s.role ? `${s.type} · ${s.role}` : s.type} />
          {s.missing ? (
            <span className="text-xs text-amber-800 dark:text-amber-300">unavailable</span>
          ) : s.type === "on-chain-scheduled" ? (
            <span className="text-xs text-slate-500 dark:text-slate-400">
              scheduled/cached · <AsOf iso={s.lastRun ?? null} label="last run" />
            </span>
          ) : (
            <AsOf iso={s.asOf ?? null} />
          )}
        </li>
      ))}
    </ul>
  );
}
