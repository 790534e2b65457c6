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

const SCHEDULED = "on-chain-scheduled";

/**
 * Picks the sources a panel uses from the response metadata. Only sources actually asked get a
 * chip: the service lists a live source only when it asked it (with no as-of time when it did not
 * answer → "unavailable"), so an absent live source was never asked and gets no chip. Scheduled
 * snapshots are always asked: absent means unavailable.
 */
export function pickSources(
  sources: readonly SourceMeta[],
  picks: ReadonlyArray<{ name: string; type: string; role?: string }>,
): SourceRef[] {
  return picks.flatMap((p): SourceRef[] => {
    const s = sources.find(
      (x) => x.name === p.name && x.type === p.type && (!p.role || x.role === p.role),
    );
    if (!s) return p.type === SCHEDULED ? [{ ...p, missing: true }] : [];
    if (s.type !== SCHEDULED && !s.as_of) return [{ ...p, missing: true }];
    return [
      {
        name: s.name,
        type: s.type,
        asOf: s.as_of ?? null,
        lastRun: s.last_updated,
        role: p.role,
      },
    ];
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
          ) : s.type === SCHEDULED ? (
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
