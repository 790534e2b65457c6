import Link from "next/link";
import { formatPct, formatUsd, signClass } from "@/components/format";
import { RAIL_MIN_CIRCULATING_USD } from "@/lib/supply/panel";
import type { RailChips as RailChipsData } from "@/lib/supply/schema";

const chip =
  "flex min-w-0 flex-1 flex-col gap-0.5 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 dark:border-slate-800 dark:bg-slate-900";
const chipLabel = "text-xs font-medium text-slate-600 uppercase tracking-wide dark:text-slate-400";

export const TONE = {
  1: "text-emerald-700 dark:text-emerald-400",
  0: "",
  [-1]: "text-red-700 dark:text-red-400",
} as const;

/**
 * The market context rail: dominance and the largest 7-day supply change (large assets only).
 * `hrefs`: each listed coin's canonical page by DefiLlama id (`assetHrefs` of the supply rows), so
 * a chip links where the page lives instead of to a spelling that answers 308.
 */
export function RailChips({
  rail,
  hrefs,
}: {
  rail: RailChipsData;
  hrefs: ReadonlyMap<string, string>;
}) {
  const { dominance: dom, largest_7d_change: move } = rail;
  const href = (id: string) => hrefs.get(id) ?? `/stablecoins/${encodeURIComponent(id)}`;
  return (
    <ul aria-label="Market context" className="flex flex-col gap-3 sm:flex-row">
      <li className={chip} data-testid="chip-dominance">
        <span className={chipLabel}>Largest stablecoin</span>
        {dom ? (
          <span className="flex flex-wrap items-baseline gap-x-2">
            <Link
              href={href(dom.id)}
              prefetch={false}
              className="text-lg font-semibold hover:underline"
            >
              {dom.symbol}
            </Link>
            <span className="tabular">
              {formatPct(dom.share_pct, { digits: 1, signed: false })} of listed total
            </span>
            <span className="tabular text-slate-600 dark:text-slate-300">
              {formatUsd(dom.circulating_usd)} circulating
            </span>
          </span>
        ) : (
          <span className="text-slate-500">—</span>
        )}
      </li>
      <li className={chip} data-testid="chip-change">
        <span className={chipLabel}>Largest 7-day supply change</span>
        {move ? (
          <span className="flex flex-wrap items-baseline gap-x-2">
            <Link
              href={href(move.id)}
              prefetch={false}
              className="text-lg font-semibold hover:underline"
              title={move.name}
            >
              {move.symbol}
            </Link>
            <span className={`tabular font-medium ${TONE[signClass(move.change_7d_pct)]}`}>
              {formatPct(move.change_7d_pct)}
            </span>
            <span className={`tabular ${TONE[signClass(move.change_7d_usd)]}`}>
              {formatUsd(move.change_7d_usd, { signed: true })}
            </span>
          </span>
        ) : (
          <span className="text-slate-500">— no asset with a week of history</span>
        )}
        <span className="text-[11px] text-slate-500 dark:text-slate-400">
          assets above{" "}
          {formatUsd(move?.min_circulating_usd ?? RAIL_MIN_CIRCULATING_USD).replace(".0", "")} only
        </span>
      </li>
    </ul>
  );
}
