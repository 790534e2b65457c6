/**
 * The supply & flows panel and the market rail, from the aggregate list. Pure: the route
 * feeds it the (cached) aggregate and the clock.
 */
import { OVERLAY_COINS } from "@/lib/assets/overlay";
import { deadAssets, listedAssets, type ListedAsset } from "@/lib/assets/listed";
import { canonicalSelectors, selectorIn } from "@/lib/assets/canonical";
import { toAggregateRef } from "@/lib/assets/resolve";
import {
  deadReason,
  RAIL_MIN_CIRCULATING_USD,
  railMoverEligible,
} from "@/lib/domain/market-status";
import { pegDeviationBps } from "@/lib/domain/peg";
import { supplyChange, totalChange } from "@/lib/domain/supply";
import type { AggregateAsset } from "@/lib/domain/types";
import type { RailChips, SupplyEntry } from "./schema";

export { RAIL_MIN_CIRCULATING_USD };

export const YIELD_BEARING_NOTE =
  "Yield-bearing (NAV) token: its price rises above 1.00 USD by design as yield accrues; that is not a depeg.";

const ISSUER_BY_DEFILLAMA_ID = new Map(OVERLAY_COINS.map((t) => [t.defillamaId, t.issuer]));

export function issuerOf(a: Pick<AggregateAsset, "id">): string | null {
  return ISSUER_BY_DEFILLAMA_ID.get(a.id) ?? null;
}

// The ranked market lives with the asset layer (the refresher reads it too); re-exported for the
// route builders that import it from here.
export { deadAssets, listedAssets, type ListedAsset };

/** Market provider prices by CoinGecko id (the quote batch every coin page reads too). */
export type MarketPrices = ReadonlyMap<string, number>;

const positive = (n: number | null | undefined): number | null =>
  typeof n === "number" && Number.isFinite(n) && n > 0 ? n : null;

/**
 * The coin's headline price, chosen as its page chooses it (lib/assets/market-view.ts): the
 * market provider's, else the aggregate's. A 0 price upstream is a missing price, not a −100 % depeg.
 */
function headlinePrice(
  a: ListedAsset,
  market: MarketPrices,
): { price: number | null; source: SupplyEntry["price_source"] } {
  const fromMarket = a.geckoId ? positive(market.get(a.geckoId)) : null;
  if (fromMarket !== null) return { price: fromMarket, source: "market" };
  const fromAggregate = positive(a.priceUsd);
  return { price: fromAggregate, source: fromAggregate === null ? null : "aggregate" };
}

export function toEntry(
  a: ListedAsset,
  rank: number,
  selectors: ReadonlyMap<string, string>,
  market: MarketPrices = new Map(),
): SupplyEntry {
  const { price, source } = headlinePrice(a, market);
  const week = supplyChange(a.circulatingUsd, a.circulatingPrevWeekUsd);
  const month = supplyChange(a.circulatingUsd, a.circulatingPrevMonthUsd);
  return {
    rank,
    id: a.id,
    symbol: a.symbol,
    name: a.name,
    selector: selectorIn(selectors, a.id),
    coingecko_id: a.geckoId,
    circulating_usd: a.circulatingUsd,
    circulatingPrevWeek: a.circulatingPrevWeekUsd,
    circulating_prev_month_usd: a.circulatingPrevMonthUsd,
    change_7d_usd: week.changeUsd,
    change_7d_pct: week.changePct,
    change_30d_usd: month.changeUsd,
    change_30d_pct: month.changePct,
    price_usd: price,
    price_source: source,
    peg_deviation_bps: pegDeviationBps(price),
    backing: a.backing,
    issuer: issuerOf(a),
    chains: a.chains,
    yield_bearing: a.yieldBearing,
    peg_note: a.yieldBearing ? YIELD_BEARING_NOTE : null,
    dead: deadReason(a) !== null,
    dead_reason: deadReason(a),
    dead_from: a.deadFrom ?? null,
  };
}

/**
 * Rail chips. Dominance: the largest listed asset and its share of the listed total.
 * Largest 7-day change: the largest absolute percentage change computed from
 * `circulatingPrevWeek`, among assets whose current and previous-week supply are both above
 * `RAIL_MIN_CIRCULATING_USD` (`railMoverEligible`), so a small coin's noisy percentage cannot win.
 * Dead entries never count.
 */
export function railChips(entries: readonly SupplyEntry[]): RailChips {
  const live = entries.filter((e) => !e.dead);
  const total = live.reduce((s, e) => s + e.circulating_usd, 0);
  const top = live[0];
  let best: RailChips["largest_7d_change"] = null;
  for (const e of entries) {
    if (e.dead || !railMoverEligible(e.circulating_usd, e.circulatingPrevWeek)) continue;
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

/**
 * The ranked list, its total (with its 7- and 30-day change) and the rail, over live coins. With `includeDead`, the dead coins
 * follow the live ones (ranks continue), marked `dead`; the total and the rail stay live-only.
 * `selectors`: the list's selector table (the route passes the one built per version of the list).
 */
export function buildSupplyPanel(
  assets: readonly AggregateAsset[],
  {
    includeDead = false,
    market = new Map(),
    selectors = canonicalSelectors(assets.map(toAggregateRef)),
  }: { includeDead?: boolean; market?: MarketPrices; selectors?: ReadonlyMap<string, string> } = {},
) {
  const entries = listedAssets(assets).map((a, i) => toEntry(a, i + 1, selectors, market));
  const dead = deadAssets(assets);
  const shownDead = includeDead
    ? dead.map((a, i) => toEntry(a, entries.length + i + 1, selectors, market))
    : [];
  const current = (e: SupplyEntry) => e.circulating_usd;
  const week = totalChange(entries, current, (e) => e.circulatingPrevWeek);
  const month = totalChange(entries, current, (e) => e.circulating_prev_month_usd);
  return {
    assets: [...entries, ...shownDead],
    total_circulating_usd: entries.reduce((s, e) => s + current(e), 0),
    total_change_7d_usd: week.changeUsd,
    total_change_7d_pct: week.changePct,
    total_change_30d_usd: month.changeUsd,
    total_change_30d_pct: month.changePct,
    dead_count: dead.length,
    include_dead: includeDead,
    rail: railChips(entries),
  };
}
