import { chainLabel, formatPct, formatUsd, formatUtc } from "@/components/format";
import { PanelFrame } from "@/components/ui/PanelFrame";
import { getCoinChainView } from "@/lib/chains/coin-view";
import type { ChainFlagRecord, CoinChainPegRecord } from "@/lib/chains/schema";
import { LocalPeg } from "./LocalPeg";
import { chainPath } from "./paths";
import { SplitBar } from "./SplitBar";
import { RowLink, ShellCell, SupplyTableShell, type ShellColumn } from "./SupplyTableShell";

/** Chains shown on the coin page; the chain pages list the rest. */
const PANEL_CHAINS = 12;
const [CHAIN, SUPPLY, SHARE, SPLIT, PEG] = [
  { label: "Chain", phoneSpan: 6 },
  { label: "Supply", numeric: true, phoneSpan: 3 },
  { label: "Share", numeric: true, phoneSpan: 3 },
  { label: "Native vs bridged", phoneSpan: 3 },
  { label: "Chain-local peg", phoneSpan: 3 },
] as const satisfies readonly ShellColumn[];
const COLUMNS: readonly ShellColumn[] = [CHAIN, SUPPLY, SHARE, SPLIT, PEG];

/**
 * The coin's supply per chain: natively minted vs bridged in, and its chain-local peg where the
 * service reads pools (`pegs`/`flags`: the pools API answer the page already has).
 */
export async function CoinChainsPanel({
  q,
  pegs,
  flags,
}: {
  q: string;
  pegs: readonly CoinChainPegRecord[] | null;
  flags: readonly ChainFlagRecord[];
}) {
  const view = await getCoinChainView(q).catch(() => null);
  if (!view || view.rows.length === 0) return null;
  const flagged = new Set(flags.map((f) => f.chain));
  const pegOf = (chain: string) => pegs?.find((p) => p.chain === chain) ?? null;
  const rows = view.rows.slice(0, PANEL_CHAINS);
  return (
    <PanelFrame
      id="chains"
      title="Supply by chain: native vs bridged"
      linkHref="/methodology#chains"
      linkLabel="Method"
      className="md:col-span-2"
      provenance={
        <span className="text-xs text-slate-600 dark:text-slate-300">
          DefiLlama (aggregate), every chain it lists, balances as of{" "}
          {formatUtc(view.balancesAsOf ? new Date(view.balancesAsOf).toISOString() : null)};
          DexScreener (liquidity) pools
        </span>
      }
    >
      {flags.length > 0 ? (
        <p
          role="alert"
          data-testid="coin-chain-local-depeg"
          className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100"
        >
          Chain-local depeg on {flags.map((f) => chainLabel(f.chain)).join(", ")}: {view.symbol}{" "}
          trades beyond 100 bps from $1.00 there while its aggregate price holds the peg.
        </p>
      ) : null}
      {view.warnings.map((w) => (
        <p key={w} className="text-xs text-amber-800 dark:text-amber-200">
          {w}
        </p>
      ))}
      <SupplyTableShell
        testId="coin-chains-table"
        caption={`${view.symbol} supply per chain, natively minted vs bridged in, with the chain-local peg`}
        columns={COLUMNS}
      >
        {rows.map((r) => (
          <tr key={r.chain} data-chain={r.chain}>
            <RowLink href={chainPath(r.chain)} label={chainLabel(r.chain)} />
            <ShellCell col={SUPPLY}>{formatUsd(r.circulatingUsd)}</ShellCell>
            <ShellCell col={SHARE}>{formatPct(r.sharePct, { signed: false })}</ShellCell>
            <ShellCell col={SPLIT}>
              <SplitBar
                nativeUsd={r.nativeUsd}
                bridgedUsd={r.bridgedUsd}
                bridgedShare={r.bridgedShare}
                bridges={r.bridges}
              />
            </ShellCell>
            <ShellCell col={PEG}>
              <LocalPeg peg={pegOf(r.chain)} flagged={flagged.has(r.chain)} />
            </ShellCell>
          </tr>
        ))}
      </SupplyTableShell>
      {view.rows.length > rows.length ? (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {view.rows.length - rows.length} smaller chains are on their chain pages.
        </p>
      ) : null}
    </PanelFrame>
  );
}
