import Link from "next/link";
import { formatPct, formatUsd, formatUsdFull } from "@/components/format";
import type { ChainCoinRecord, ChainFlagRecord } from "@/lib/chains/schema";
import { LocalPeg } from "./LocalPeg";
import { SplitBar } from "./SplitBar";

/** The coins on one chain: supply, dominance, native vs bridged and the chain-local peg. */
export function ChainCoinsTable({
  chainName,
  coins,
  flags,
}: {
  chainName: string;
  coins: readonly ChainCoinRecord[];
  flags: readonly ChainFlagRecord[];
}) {
  const flagged = new Set(flags.map((f) => f.asset));
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="chain-coins-table">
        <caption className="sr-only">USD stablecoins on {chainName}, largest first</caption>
        <thead className="text-left text-xs text-slate-600 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-2 py-2 font-medium">
              Coin
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Supply on chain
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              Dominance
            </th>
            <th scope="col" className="px-2 py-2 text-right font-medium">
              7d
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              Native vs bridged
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              Chain-local peg
            </th>
          </tr>
        </thead>
        <tbody className="[&>tr]:border-t [&>tr]:border-slate-200 dark:[&>tr]:border-slate-800 [&>tr>*]:px-2 [&>tr>*]:py-2 [&>tr>*]:align-top">
          {coins.map((c) => (
            <tr key={c.id} data-coin={c.symbol}>
              <th scope="row" className="text-left font-medium">
                <Link
                  href={`/stablecoins/${encodeURIComponent(c.selector)}`}
                  prefetch={false}
                  className="text-sky-700 underline dark:text-sky-400"
                >
                  {c.symbol}
                </Link>
                <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
                  {c.name}
                </span>
              </th>
              <td className="tabular text-right" title={formatUsdFull(c.circulating_usd)}>
                {formatUsd(c.circulating_usd)}
              </td>
              <td className="tabular text-right">
                {formatPct(c.dominance_pct, { signed: false })}
              </td>
              <td className="tabular text-right">{formatPct(c.change_7d_pct)}</td>
              <td>
                <SplitBar
                  nativeUsd={c.native_usd}
                  bridgedUsd={c.bridged_usd}
                  bridgedShare={c.bridged_share}
                  bridges={c.bridges}
                />
              </td>
              <td>
                <LocalPeg peg={c.chain_local_peg} flagged={flagged.has(c.symbol)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
