import { formatUtc } from "@/components/format";

/** "as of 2025-06-01 14:05 UTC", with a "stale copy" tag when the source is serving a last good copy. */
export function AsOf({
  iso,
  label = "as of",
  stale = false,
}: {
  iso: string | null | undefined;
  label?: string;
  stale?: boolean;
}) {
  return (
    <span className="tabular text-xs text-slate-500 dark:text-slate-400">
      {label} {iso ? <time dateTime={iso}>{formatUtc(iso)}</time> : <span>unknown time</span>}
      {stale ? (
        <span className="ml-1 rounded bg-amber-100 px-1 py-0.5 font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
          stale copy
        </span>
      ) : null}
    </span>
  );
}
