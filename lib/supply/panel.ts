/**
 * The supply & flows panel and the market rail, from the aggregate list. Pure: the route
 * feeds it the (cached) aggregate and the clock.
 */
import { OVERLAY_COINS } from "@/lib/assets/overlay";
import { preferredSelector, toAggregateRef, type AggregateRef } from "@/lib/assets/resolve";
import { USD_PEG_TYPE } from "@/lib/domain/constants";
import { pegDeviationBps } from "@/lib/domain/peg";
import { supplyChange } from "@/lib/domain/supply";
import type { AggregateAsset } from "@/lib/domain/types";
import type { RailChips, SupplyEntry } from "./schema";

/** The rail's largest-change chip considers only assets above this size. */
export const RAIL_MIN_CIRCULATING_USD = 5_000_000;

export const YIELD_BEARING_NOTE =
  "Yield-bearing (NAV) token: its price rises above 1.00 USD by design as yield accrues; that is not a depeg.";

const ISSUER_BY_DEFILLAMA_ID = new Map(OVERLAY_COINS.map((t) => [t.defillamaId, t.issuer]));

export function issuerOf(a: Pick<AggregateAsset, "id">): string | null {
  return ISSUER_BY_DEFILLAMA_ID.get(a.id) ?? null;
}

/** A listed asset: its circulating supply is measured (and positive). */
export type ListedAsset = AggregateAsset & { circulatingUsd: number };

const isListed = (a: AggregateAsset): a is ListedAsset =>
  a.pegType === USD_PEG_TYPE &&
  !a.deprecated &&
  !a.delisted &&
  a.circulatingUsd !== null &&
  a.circulatingUsd > 0;

/** Every USD-pegged asset, not deprecated, not delisted, ranked by circulating supply. */
export function listedAssets(assets: readonly AggregateAsset[]): ListedAsset[] {
  return assets
    .filter(isListed)
    .sort((a, b) => b.circulatingUsd - a.circulatingUsd || a.id.localeCompare(b.id));
}

export function toEntry(
  a: ListedAsset,
  rank: number,
  refs: readonly AggregateRef[] = [],
): SupplyEntry {
  // A 0 price upstream is a missing price, not a −100 % depeg.
  const price = a.priceUsd !== null && a.priceUsd > 0 ? a.priceUsd : null;
  const week = supplyChange(a.circulatingUsd, a.circulatingPrevWeekUsd);
  const month = supplyChange(a.circulatingUsd, a.circulatingPrevMonthUsd);
  return {
    rank,
    id: a.id,
    symbol: a.symbol,
    name: a.name,
    selector: preferredSelector(a, refs.length > 0 ? refs : [toAggregateRef(a)]),
    coingecko_id: a.geckoId,
    circulating_usd: a.circulatingUsd,
    circulatingPrevWeek: a.circulatingPrevWeekUsd,
    circulating_prev_month_usd: a.circulatingPrevMonthUsd,
    change_7d_usd: week.changeUsd,
    change_7d_pct: week.changePct,
    change_30d_usd: month.changeUsd,
    change_30d_pct: month.changePct,
    price_usd: price,
    price_source: price === null ? null : "aggregate",
    peg_deviation_bps: pegDeviationBps(price),
    backing: a.backing,
    issuer: issuerOf(a),
    chains: a.chains,
    yield_bearing: a.yieldBearing,
    peg_note: a.yieldBearing ? YIELD_BEARING_NOTE : null,
  };
}

/**
 * Rail chips. Dominance: the largest listed asset and its share of the listed total.
 * Largest 7-day change: the largest absolute percentage change computed from
 * `circulatingPrevWeek`, among assets above `RAIL_MIN_CIRCULATING_USD` only, so a small coin's
 * noisy percentage cannot win.
 */
export function railChips(entries: readonly SupplyEntry[]): RailChips {
  const total = entries.reduce((s, e) => s + e.circulating_usd, 0);
  const top = entries[0];
  let best: RailChips["largest_7d_change"] = null;
  for (const e of entries) {
    if (e.circulating_usd <= RAIL_MIN_CIRCULATING_USD) continue;
    if (e.circulatingPrevWeek === null || e.change_7d_pct === null || e.change_7d_usd === null)
      continue;
    if (best === null || Math.abs(e.change_7d_pct) > Math.abs(best.change_7d_pct)) {
      best = {
        id: e.id,
        symbol: e.symbol,
        name: e.name,
        circulating_usd: e.circulating_usd,
        circulatingPrevWeek: e.circulatingPrevWeek,
        change_7d_usd: e.change_7d_usd,
        change_7d_pct: e.change_7d_pct,
        min_circulating_usd: RAIL_MIN_CIRCULATING_USD,
      };
    }
  }
  return {
    dominance:
      top && total > 0
        ? {
            id: top.id,
            symbol: top.symbol,
            name: top.name,
            circulating_usd: top.circulating_usd,
            share_pct: (top.circulating_usd / total) * 100,
          }
        : null,
    largest_7d_change: best,
  };
}

export function buildSupplyPanel(assets: readonly AggregateAsset[]) {
  const refs = assets.map(toAggregateRef);
  const entries = listedAssets(assets).map((a, i) => toEntry(a, i + 1, refs));
  return {
    assets: entries,
    total_circulating_usd: entries.reduce((s, e) => s + e.circulating_usd, 0),
    rail: railChips(entries),
  };
}
