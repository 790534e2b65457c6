import { chainLabel, formatUsd, formatUsdFull } from "@/components/format";
import type { PoolRecord } from "@/lib/pools/schema";
import { humanize, PAIR_KIND_LABEL } from "./fmt";

const th = "py-1.5 px-2 font-medium whitespace-nowrap";
const td = "py-1.5 px-2 whitespace-nowrap";
/** The pair column stays put while the table scrolls sideways on narrow screens. */
const sticky = "sticky left-0 z-10 bg-white dark:bg-slate-950";

/** The asset's DEX pools: chain, venue, pair, model, pair type, TVL, effective TVL and ±2 % depth. */
export function PoolTable({ pools }: { pools: readonly PoolRecord[] }) {
  return (
    <div
      className="overflow-x-auto"
      tabIndex={0}
      role="region"
      aria-label="Pool table (scrolls sideways on narrow screens)"
    >
      <table className="w-full text-sm" data-testid="pool-table">
        <caption className="sr-only">DEX pools of this stablecoin</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
            <th scope="col" className={`${th} ${sticky}`}>
              Pair
            </th>
            <th scope="col" className={th}>
              Chain
            </th>
            <th scope="col" className={th}>
              Venue
            </th>
            <th scope="col" className={th}>
              Model (k)
            </th>
            <th scope="col" className={th}>
              Pair type
            </th>
            <th scope="col" className={`${th} text-right`}>
              TVL
            </th>
            <th scope="col" className={`${th} text-right`}>
              Effective TVL
            </th>
            <th scope="col" className={`${th} text-right`}>
              ±2% depth
            </th>
          </tr>
        </thead>
        <tbody>
          {pools.map((p) => (
            <tr
              key={`${p.chain}:${p.pair_address}`}
              className="border-b border-slate-100 last:border-b-0 dark:border-slate-800/70"
              data-testid="pool-row"
            >
              <th scope="row" className={`${td} ${sticky} text-left font-medium`}>
                {p.url ? (
                  <a
                    href={p.url}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="text-sky-700 underline dark:text-sky-400"
                  >
                    {p.pair}
                  </a>
                ) : (
                  p.pair
                )}
              </th>
              <td className={td}>{chainLabel(p.chain)}</td>
              <td className={td}>
                {p.venue}
                {p.labels.length > 0 ? (
                  <span className="ml-1 text-xs text-slate-500 dark:text-slate-400">
                    {p.labels.join(" ")}
                  </span>
                ) : null}
              </td>
              <td className={td}>
                {humanize(p.model)}{" "}
                <span className="tabular text-xs text-slate-500 dark:text-slate-400">
                  k={p.amplification}
                </span>
              </td>
              <td className={td}>{PAIR_KIND_LABEL[p.pair_kind] ?? p.pair_kind}</td>
              <td
                className={`${td} tabular text-right`}
                title={`${formatUsdFull(p.liquidity_usd)} USD`}
              >
                {formatUsd(p.liquidity_usd)}
              </td>
              <td className={`${td} tabular text-right`}>
                {formatUsd(p.effective_tvl_usd)}
                {p.capped ? (
                  <abbr
                    title="Capped: this pool's TVL counts only up to the outlier cap (share of market cap, absolute maximum)."
                    className="ml-1 rounded bg-amber-100 px-1 text-[11px] font-medium text-amber-900 no-underline dark:bg-amber-900/40 dark:text-amber-200"
                  >
                    capped
                  </abbr>
                ) : null}
              </td>
              <td className={`${td} tabular text-right font-medium`}>
                {formatUsd(p.depth_2pct_usd)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
