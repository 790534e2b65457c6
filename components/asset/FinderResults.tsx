import { chainLabel, formatUsd, formatUsdFull } from "@/components/format";
import type { PoolRecord } from "@/lib/pools/schema";
import { formatBpsAbs, humanize } from "./fmt";
import type { PoolsBody } from "./types";

type Finder = NonNullable<PoolsBody["finder"]>;

/** Pools ranked by estimated price impact for one swap size, with the model each estimate uses. */
export function FinderResults({ finder, pools }: { finder: Finder; pools: readonly PoolRecord[] }) {
  const byKey = new Map(pools.map((p) => [`${p.chain}:${p.pair_address}`, p]));
  if (finder.ranked.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="finder-empty">
        No DEX pool is listed for this asset.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Best pools for a{" "}
        <span title={`${formatUsdFull(finder.size_usd)} USD`}>{formatUsd(finder.size_usd)}</span>{" "}
        swap, lowest estimated impact first:
      </p>
      <ol className="space-y-2" data-testid="finder-results">
        {finder.ranked.map((r, i) => {
          const pool = byKey.get(`${r.chain}:${r.pair_address}`);
          return (
            <li
              key={`${r.chain}:${r.pair_address}`}
              data-testid="finder-result"
              className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-md border border-slate-200 px-3 py-2 dark:border-slate-800"
            >
              <span className="min-w-0">
                <span className="tabular mr-2 text-xs text-slate-500 dark:text-slate-400">
                  {i + 1}.
                </span>
                <span className="font-medium">{r.pair}</span>{" "}
                <span className="text-sm text-slate-600 dark:text-slate-300">
                  {r.venue} · {chainLabel(r.chain)}
                </span>
                {pool ? (
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    {humanize(pool.model)} model, k={pool.amplification} · ±2% depth{" "}
                    {formatUsd(pool.depth_2pct_usd)}
                  </span>
                ) : null}
              </span>
              {r.fillable && r.estimated_impact_bps !== null ? (
                <span className="tabular text-sm font-semibold" data-testid="finder-impact">
                  {formatBpsAbs(r.estimated_impact_bps, 1)}{" "}
                  <span className="font-normal text-slate-500 dark:text-slate-400">
                    est. impact
                  </span>
                </span>
              ) : (
                <span
                  className="text-sm font-medium text-amber-800 dark:text-amber-300"
                  title="The swap is larger than this pool's real reserve on the output side."
                >
                  not fillable
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {finder.method} Estimates from pool TVL, not executable quotes.
      </p>
    </div>
  );
}
