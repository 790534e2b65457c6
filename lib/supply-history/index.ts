/**
 * Circulating-supply history for one coin and for the USD stablecoin market, from the aggregate's
 * `/stablecoincharts/all[?stablecoin={id}]` (cached in the 6 h class). The 7 d / 30 d changes are
 * computed from the very series returned, so a chart and its numbers always agree.
 *
 * The market chart stacks the MARKET_TOP_COINS largest USD-pegged coins of the aggregate list
 * (one cached series each) over the market total; the rest is "other".
 */
import { loadAssetContext } from "@/lib/assets/context";
import {
  DAILY_DETAIL_MS,
  stackTopCoins,
  summarizeSupplyHistory,
  thinSupplyHistory,
  type StackedRow,
  type SupplyHistorySummary,
} from "@/lib/domain/supply-history";
import { USD_PEG_TYPE } from "@/lib/domain/constants";
import { largestSupplyFirst } from "@/lib/domain/supply";
import type { SupplyPoint } from "@/lib/domain/types";
import { readTotalSupplyHistory } from "@/lib/snapshot/history";
import { readAggregate, readSupplyHistory } from "@/lib/snapshot/live";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

export const MARKET_TOP_COINS = 5;
export const SUPPLY_HISTORY_UNAVAILABLE =
  "DefiLlama (aggregate): the supply history is unavailable right now.";

export interface Sourced {
  asOf: number | null;
  stale: boolean;
}

export interface CoinSupplyHistory extends Sourced {
  symbol: string;
  points: SupplyPoint[];
  summary: SupplyHistorySummary;
  warnings: string[];
}

async function settle(p: Promise<{ value: SupplyPoint[]; storedAt: number; source: string }>) {
  try {
    const r = await p;
    return { points: r.value, asOf: r.storedAt, stale: r.source === "stale" };
  } catch {
    return null;
  }
}

/** One coin's history; null when the selector matches no coin. */
export async function getCoinSupplyHistory(
  q: string,
  readOpts?: ReadOpts,
): Promise<CoinSupplyHistory | null> {
  const r = await loadAssetContext(q, {}, readOpts);
  if (!r.ok) return null;
  const { asset } = r.ctx;
  const read = asset.defillamaId
    ? await settle(readSupplyHistory(asset.defillamaId, readOpts))
    : null;
  const points = read ? thinSupplyHistory(read.points) : [];
  return {
    symbol: asset.symbol,
    points,
    summary: summarizeSupplyHistory(read?.points ?? []),
    asOf: read?.asOf ?? null,
    stale: read?.stale ?? false,
    warnings: read ? [] : [SUPPLY_HISTORY_UNAVAILABLE],
  };
}

export interface MarketSupplyHistory extends Sourced {
  coins: { key: string; symbol: string }[];
  rows: StackedRow[];
  summary: SupplyHistorySummary;
  warnings: string[];
}

/** The market total over the last year, with the top coins stacked. */
export async function getMarketSupplyHistory(readOpts?: ReadOpts): Promise<MarketSupplyHistory> {
  const [total, aggregate] = await Promise.all([
    settle(readTotalSupplyHistory(readOpts)),
    readAggregate(readOpts).catch(() => null),
  ]);
  const top = (aggregate?.value.assets ?? [])
    .filter((a) => a.pegType === USD_PEG_TYPE && /^\d+$/.test(a.id))
    .sort(largestSupplyFirst)
    .slice(0, MARKET_TOP_COINS);
  const series = await Promise.all(top.map((a) => settle(readSupplyHistory(a.id, readOpts))));
  const warnings: string[] = [];
  if (!total) warnings.push(SUPPLY_HISTORY_UNAVAILABLE);
  else if (series.some((s) => s === null))
    warnings.push(
      "DefiLlama (aggregate): some coins' supply histories are unavailable; their share is in “other” where the total is known.",
    );
  const coins = top.flatMap((a, i) => (series[i] ? [{ key: `c${a.id}`, symbol: a.symbol }] : []));
  const byKey = Object.fromEntries(
    top.flatMap((a, i) => (series[i] ? [[`c${a.id}`, series[i].points]] : [])),
  );
  const lastMs = total?.points.at(-1)?.timestampMs ?? 0;
  return {
    coins,
    rows: total ? stackTopCoins(total.points, byKey, lastMs - DAILY_DETAIL_MS) : [],
    summary: summarizeSupplyHistory(total?.points ?? []),
    asOf: total?.asOf ?? null,
    stale: total?.stale ?? false,
    warnings,
  };
}
