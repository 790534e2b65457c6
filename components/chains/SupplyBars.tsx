import Link from "next/link";
import { chainLabel, formatPct, formatUsd, formatUsdFull } from "@/components/format";
import { chainPath } from "./paths";

export interface BarRow {
  chain: string;
  total_circulating_usd: number;
  share_of_market_pct: number;
}

/** Chains shown as bars; the rest are in the table below. */
export const BAR_CHAINS = 15;

/**
 * USD stablecoin supply by chain as horizontal bars (plain HTML: no chart library, readable by a
 * screen reader as a list), the largest chains first.
 */
export function SupplyBars({ chains }: { chains: readonly BarRow[] }) {
  const top = chains.slice(0, BAR_CHAINS);
  const max = top[0]?.total_circulating_usd ?? 0;
  return (
    <ol className="space-y-1.5" aria-label="USD stablecoin supply of the largest chains">
      {top.map((c) => (
        <li key={c.chain} className="grid grid-cols-[8rem_1fr_5rem] items-center gap-2 text-sm">
          <Link
            href={chainPath(c.chain)}
            prefetch={false}
            className="truncate text-sky-700 underline dark:text-sky-400"
          >
            {chainLabel(c.chain)}
          </Link>
          <span className="h-4 rounded bg-slate-100 dark:bg-slate-800" aria-hidden="true">
            <span
              className="block h-4 rounded bg-sky-600"
              style={{
                width: `${max > 0 ? Math.max(0.5, (c.total_circulating_usd / max) * 100) : 0}%`,
              }}
            />
          </span>
          <span className="tabular text-right" title={formatUsdFull(c.total_circulating_usd)}>
            {formatUsd(c.total_circulating_usd)}
            <span className="sr-only">
              {" "}
              ({formatPct(c.share_of_market_pct, { signed: false })} of all chains)
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
