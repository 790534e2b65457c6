import { formatPct, formatUsd, formatUsdFull } from "@/components/format";
import type { ChainCoinRecord, ChainFlagRecord } from "@/lib/chains/schema";
import { LocalPeg } from "./LocalPeg";
import { SplitBar } from "./SplitBar";
import { RowLink, SupplyTableShell, type ShellColumn } from "./SupplyTableShell";

const COLUMNS: readonly ShellColumn[] = [
  { label: "Coin" },
  { label: "Supply on chain", numeric: true },
  { label: "Dominance", numeric: true },
  { label: "7d", numeric: true },
  { label: "Native vs bridged" },
  { label: "Chain-local peg" },
];

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
    <SupplyTableShell
      testId="chain-coins-table"
      caption={`USD stablecoins on ${chainName}, largest first`}
      columns={COLUMNS}
    >
      {coins.map((c) => (
        <tr key={c.id} data-coin={c.symbol}>
          <RowLink
            href={`/stablecoins/${encodeURIComponent(c.selector)}`}
            label={c.symbol}
            sub={c.name}
          />
          <td className="tabular text-right" title={formatUsdFull(c.circulating_usd)}>
            {formatUsd(c.circulating_usd)}
          </td>
          <td className="tabular text-right">{formatPct(c.dominance_pct, { signed: false })}</td>
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
    </SupplyTableShell>
  );
}
