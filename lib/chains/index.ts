/**
 * GET /api/stablecoin-chains: every chain ranked by USD stablecoin supply, and with `chain` one
 * chain's coins with their native vs bridged-in split, chain-local peg and the chain's supply
 * history (issue 28). The split and the peg are read for the chain's `CHAIN_DETAIL_MAX_COINS`
 * largest coins (one balance read and one pool read per coin, all cached); the rest are null.
 */
import { type Warning } from "@/lib/assets/warnings";
import { warningFields } from "@/lib/assets/warning-fields";
import { chainLocalDepegFlags, CHAIN_LOCAL_DEPEG_FLAG } from "@/lib/domain/chain-peg";
import { canonicalChain } from "@/lib/domain/chains";
import { supplyChange } from "@/lib/domain/supply";
import { readChainSupplyHistory } from "@/lib/snapshot/chains";
import { calledUpstream } from "@/lib/snapshot/read-through";
import type { ReadOpts } from "@/lib/snapshot/read-opts";
import { coinBalances, coinPegs, pegRecord, splitOn } from "./coin-data";
import type { ChainDetailResponse, ChainFlagRecord, ChainsListResponse } from "./schema";
import { CHAINS_METHOD, labelOf, loadChainTable, summaryRecord } from "./table";
import { CW } from "./warnings";
import { selectorIn } from "@/lib/assets/canonical";

/** Coins per chain whose split and chain-local peg are read (the rest are null, with a warning). */
export const CHAIN_DETAIL_MAX_COINS = 10;

export const CHAIN_DETAIL_METHOD =
  "Native vs bridged: the bridged-in share of the coin's latest per-chain balance (bridgedTo / circulating) applied to its USD supply on the chain. Chain-local peg: TVL-weighted mean DEX price over the coin's pools on the chain with TVL ≥ 50 000 USD; chain_local_depeg when it is beyond 100 bps from 1.00 USD while the coin's aggregate price is within 50 bps. See /methodology#chains.";

const UNAVAILABLE =
  "DefiLlama (aggregate): the stablecoin aggregate is unavailable; chain figures are missing.";

type Body<T> = Omit<T, "holderAnalyticsSupported">;
export type ChainsResult =
  | { ok: true; body: Body<ChainsListResponse>; degraded: boolean; upstream: boolean }
  | { ok: false; warning: string };
export type ChainResult =
  | { ok: true; body: Body<ChainDetailResponse>; degraded: boolean; upstream: boolean }
  | { ok: false; warning: string }
  | { ok: false; unknown: true };

export async function getChains(readOpts?: ReadOpts): Promise<ChainsResult> {
  const table = await loadChainTable(readOpts);
  if (!table) return { ok: false, warning: UNAVAILABLE };
  return {
    ok: true,
    degraded: table.warnings.length > 0,
    upstream: table.upstream,
    body: {
      chains: table.summaries.map((s, i) => summaryRecord(table, s, i + 1)),
      total_circulating_usd: table.marketTotalUsd,
      metadata: { sources: table.sources, method: CHAINS_METHOD },
      ...warningFields(table.warnings),
    },
  };
}

export async function getChain(raw: string, readOpts?: ReadOpts): Promise<ChainResult> {
  const table = await loadChainTable(readOpts);
  if (!table) return { ok: false, warning: UNAVAILABLE };
  const chain = canonicalChain(raw);
  const index = table.summaries.findIndex((s) => s.chain === chain);
  const summary = table.summaries[index];
  if (!summary) return { ok: false, unknown: true };
  const warnings: Warning[] = [...table.warnings];
  let upstream = table.upstream;

  const label = labelOf(table, chain);
  const historyRead = table.labels.has(chain)
    ? readChainSupplyHistory(chain, label, readOpts).catch(() => null)
    : Promise.resolve(null);
  const top = summary.coins.slice(0, CHAIN_DETAIL_MAX_COINS);
  const byId = new Map(table.assets.map((a) => [a.id, a]));
  const measured = await Promise.all(
    top.map(async (c) => {
      const [balances, peg] = await Promise.all([
        coinBalances(c.id, readOpts),
        coinPegs(c.id, table.refs, readOpts),
      ]);
      return { id: c.id, balances, peg };
    }),
  );
  const history = await historyRead;
  if (history === null) warnings.push(CW.chainHistoryUnavailable);
  else upstream ||= calledUpstream(history);
  if (measured.some((m) => m.balances.byChain === null)) warnings.push(CW.splitUnavailable);
  if (measured.some((m) => m.peg.pools?.value === null)) warnings.push(CW.pegUnavailable);
  if (summary.coins.length > top.length) warnings.push(CW.splitPartial(top.length));
  upstream ||= measured.some((m) => m.balances.upstream || (m.peg.pools?.upstream ?? false));

  const flags: ChainFlagRecord[] = [];
  const coins = summary.coins.map((c) => {
    const m = measured.find((x) => x.id === c.id);
    const split = m ? splitOn(m.balances, chain, c.circulatingUsd) : null;
    const peg = m?.peg.pegs.find((p) => p.chain === chain);
    if (peg)
      for (const f of chainLocalDepegFlags([peg], byId.get(c.id)?.priceUsd ?? null))
        flags.push({
          code: CHAIN_LOCAL_DEPEG_FLAG,
          chain: f.chain,
          asset: c.symbol,
          deviation_bps: f.deviationBps,
          aggregate_deviation_bps: f.aggregateDeviationBps,
        });
    const change = supplyChange(c.circulatingUsd, c.prevWeekUsd).changePct;
    return {
      id: c.id,
      symbol: c.symbol,
      name: c.name,
      selector: selectorIn(table.selectors, c.id),
      circulating_usd: c.circulatingUsd,
      dominance_pct: c.dominancePct,
      change_7d_pct: change,
      native_usd: split?.nativeUsd ?? null,
      bridged_usd: split?.bridgedUsd ?? null,
      bridged_share: split?.bridgedShare ?? null,
      bridges: split?.bridges ?? [],
      chain_local_peg: pegRecord(peg),
    };
  });

  return {
    ok: true,
    degraded: warnings.length > 0,
    upstream,
    body: {
      chain: summaryRecord(table, summary, index + 1),
      coins,
      history: (history?.value ?? []).map((p) => ({
        date: new Date(p.timestampMs).toISOString().slice(0, 10),
        circulating_usd: p.circulatingUsd,
      })),
      flags,
      metadata: {
        sources: table.sources,
        method: CHAIN_DETAIL_METHOD,
        split_measured_coins: measured.filter((m) => m.balances.byChain !== null).length,
        peg_measured_coins: measured.filter((m) => m.peg.pools !== null).length,
      },
      ...warningFields(warnings),
    },
  };
}
