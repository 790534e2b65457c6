import { formatBps, formatInt, formatUsd } from "@/components/format";

export interface LocalPegValue {
  price_usd: number;
  deviation_bps: number;
  pools: number;
  tvl_usd: number;
}

/** The chain-local peg cell: price, bps from 1.00, and the pools and TVL it rests on. */
export function LocalPeg({ peg, flagged }: { peg: LocalPegValue | null; flagged: boolean }) {
  if (!peg)
    return <span className="text-xs text-slate-600 dark:text-slate-300">no pools read</span>;
  return (
    <span className="space-y-0.5">
      <span
        className={`tabular block ${flagged ? "font-semibold text-red-700 dark:text-red-400" : ""}`}
      >
        {`$${peg.price_usd.toFixed(4)} (${formatBps(peg.deviation_bps)})`}
        {flagged ? (
          <span className="ml-1 rounded bg-red-100 px-1 text-xs text-red-800 dark:bg-red-950 dark:text-red-200">
            chain-local depeg
          </span>
        ) : null}
      </span>
      <span className="block text-xs text-slate-600 dark:text-slate-300">
        {`${formatInt(peg.pools)} ${peg.pools === 1 ? "pool" : "pools"}, ${formatUsd(peg.tvl_usd)} TVL`}
      </span>
    </span>
  );
}
