import { WarningsNotice } from "@/components/ui/Notice";
import { SourceBadge } from "@/components/ui/SourceBadge";
import { ScheduledBadge } from "./FlowPanel";
import { DATASET_TITLES, FLOW_SOURCE, type Dataset, type FlowWindow } from "./types";

export const WINDOWS: readonly FlowWindow[] = ["24h", "7d", "30d"];

export function flowsHref(q: string | null, window: FlowWindow): string {
  const p = new URLSearchParams();
  if (q) p.set("q", q);
  if (window !== "7d") p.set("window", window);
  const s = p.toString();
  return s ? `/flows?${s}` : "/flows";
}

/**
 * Title, the not-live notice, one scheduled/cached badge per dataset, controls and warnings.
 * Window and asset links are plain page loads: the page reads its query string in the browser.
 */
export function FlowsHeader({
  q,
  asset,
  window,
  lastRuns,
  warnings,
  notes = [],
}: {
  q: string | null;
  asset: string | null;
  window: FlowWindow;
  lastRuns: Readonly<Record<Dataset, string | null>>;
  warnings: readonly string[];
  notes?: readonly string[];
}) {
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">
          Stablecoin flows{asset ? `: ${asset}` : ""}
        </h1>
        <p className="max-w-prose text-sm font-medium text-slate-700 dark:text-slate-200">
          Aggregate flows from scheduled on-chain queries. Not live. Not investment advice.
        </p>
        <p className="max-w-prose text-sm text-slate-600 dark:text-slate-300">
          Cross-chain migration, net flows into yield-bearing protocols and large transfers between
          centralized exchanges and unlabeled wallets. Supply change only: mint and redeem
          transactions are not tracked.
        </p>
      </div>
      <div className="space-y-1.5">
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
          Source <SourceBadge name={FLOW_SOURCE.name} type={FLOW_SOURCE.type} /> — the last
          successful scheduled run of each query:
        </p>
        <ul className="flex flex-col gap-1" aria-label="Datasets and their last scheduled run">
          {(Object.keys(DATASET_TITLES) as Dataset[]).map((d) => (
            <li key={d} className="flex flex-wrap items-center gap-x-2 text-sm">
              <span className="min-w-44 font-medium">{DATASET_TITLES[d]}</span>
              <ScheduledBadge lastRun={lastRuns[d]} />
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <nav aria-label="Window" className="flex flex-col gap-1">
          <span className="text-xs font-medium text-slate-600 dark:text-slate-300">Window</span>
          <span className="inline-flex overflow-hidden rounded border border-slate-300 dark:border-slate-700">
            {WINDOWS.map((w) => (
              <a
                key={w}
                href={flowsHref(q, w)}
                aria-current={w === window ? "page" : undefined}
                className="px-3 py-1.5 text-sm hover:bg-slate-100 aria-[current=page]:bg-slate-900 aria-[current=page]:text-white dark:hover:bg-slate-800 dark:aria-[current=page]:bg-slate-100 dark:aria-[current=page]:text-slate-900"
              >
                {w}
              </a>
            ))}
          </span>
        </nav>
        <form method="get" action="/flows" className="flex items-end gap-2" role="search">
          <div className="flex flex-col gap-1">
            <label
              htmlFor="flows-q"
              className="text-xs font-medium text-slate-600 dark:text-slate-300"
            >
              Stablecoin (symbol or id)
            </label>
            <input
              id="flows-q"
              name="q"
              defaultValue={q ?? ""}
              placeholder="all"
              maxLength={64}
              className="h-9 w-40 rounded border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
            />
          </div>
          {window !== "7d" ? <input type="hidden" name="window" value={window} /> : null}
          <button
            type="submit"
            className="h-9 rounded border border-slate-300 px-3 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            Apply
          </button>
          {q ? (
            <a
              href={flowsHref(null, window)}
              className="h-9 px-1 text-sm leading-9 text-sky-700 underline dark:text-sky-400"
            >
              All assets
            </a>
          ) : null}
        </form>
      </div>
      {notes.length > 0 ? (
        <ul className="text-xs text-slate-600 dark:text-slate-300">
          {notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <WarningsNotice warnings={warnings} label="Partial data: some snapshots are unavailable" />
    </div>
  );
}
