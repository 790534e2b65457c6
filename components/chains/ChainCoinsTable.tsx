import { formatPct, formatUsd, formatUsdFull } from "@/components/format";
import type { ChainCoinRecord, ChainFlagRecord } from "@/lib/chains/schema";
import { LocalPeg } from "./LocalPeg";
import { SplitBar } from "./SplitBar";
import { RowLink, ShellCell, SupplyTableShell, type ShellColumn } from "./SupplyTableShell";

const [COIN, SUPPLY, DOMINANCE, CHANGE_7D, SPLIT, PEG] = [
  { label: "Coin", phoneSpan: 6 },
  { label: "Supply on chain", numeric: true, phoneSpan: 2 },
  { label: "Dominance", numeric: true, phoneSpan: 2 },
  { label: "7d", numeric: true, phoneSpan: 2 },
  { label: "Native vs bridged", phoneSpan: 3 },
  { label: "Chain-local peg", phoneSpan: 3 },
] as const satisfies readonly ShellColumn[];
const COLUMNS: readonly ShellColumn[] = [COIN, SUPPLY, DOMINANCE, CHANGE_7D, SPLIT, PEG];

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
          <ShellCell col={SUPPLY} title={formatUsdFull(c.circulating_usd)}>
            {formatUsd(c.circulating_usd)}
          </ShellCell>
          <ShellCell col={DOMINANCE}>{formatPct(c.dominance_pct, { signed: false })}</ShellCell>
          <ShellCell col={CHANGE_7D}>{formatPct(c.change_7d_pct)}</ShellCell>
          <ShellCell col={SPLIT}>
            <SplitBar
              nativeUsd={c.native_usd}
              bridgedUsd={c.bridged_usd}
              bridgedShare={c.bridged_share}
              bridges={c.bridges}
            />
          </ShellCell>
          <ShellCell col={PEG}>
            <LocalPeg peg={c.chain_local_peg} flagged={flagged.has(c.symbol)} />
          </ShellCell>
        </tr>
      ))}
    </SupplyTableShell>
  );
}
