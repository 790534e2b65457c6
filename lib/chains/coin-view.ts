/**
 * The coin page's per-chain view (issue 28): the coin's supply on each chain from the aggregate,
 * split into natively minted vs bridged in (its `/stablecoin/{id}` balances, cached like its
 * supply history). The chain-local peg comes from the pools the page already read (the pools API's
 * `chain_local_peg`), so this adds one cached aggregate read and one balance read.
 */
import { loadAssetContext } from "@/lib/assets/context";
import { percentShares } from "@/lib/domain/precision";
import type { ReadOpts } from "@/lib/snapshot/read-opts";
import { coinBalances, splitOn } from "./coin-data";
import { CW } from "./warnings";

export interface CoinChainRow {
  chain: string;
  circulatingUsd: number;
  /** Share of the coin's supply over its chains, percent. */
  sharePct: number;
  nativeUsd: number | null;
  bridgedUsd: number | null;
  bridgedShare: number | null;
  bridges: { name: string; source_chain: string | null }[];
}

export interface CoinChainView {
  symbol: string;
  rows: CoinChainRow[];
  balancesAsOf: number | null;
  warnings: string[];
}

export async function getCoinChainView(
  q: string,
  readOpts?: ReadOpts,
): Promise<CoinChainView | null> {
  const r = await loadAssetContext(q, {}, readOpts);
  if (!r.ok) return null;
  const entry = r.ctx.aggregateEntry;
  if (!entry) return null;
  const chains = Object.entries(entry.chainCirculating)
    .filter(([, c]) => c.currentUsd > 0)
    .sort(([, a], [, b]) => b.currentUsd - a.currentUsd);
  const sharesPct = percentShares(chains.map(([, c]) => c.currentUsd));
  const balances = await coinBalances(entry.id, readOpts);
  const rows = chains.map(([chain, c], i) => {
    const split = splitOn(balances, chain, c.currentUsd);
    return {
      chain,
      circulatingUsd: c.currentUsd,
      sharePct: sharesPct[i] as number,
      nativeUsd: split?.nativeUsd ?? null,
      bridgedUsd: split?.bridgedUsd ?? null,
      bridgedShare: split?.bridgedShare ?? null,
      bridges: split?.bridges ?? [],
    };
  });
  return {
    symbol: entry.symbol,
    rows,
    balancesAsOf: balances.asOf,
    warnings: balances.byChain === null ? [CW.splitUnavailable.message] : [],
  };
}
