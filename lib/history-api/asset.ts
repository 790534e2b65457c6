/** The coin of a history answer, resolved once by the asset layer. */
import { selectorIn } from "@/lib/assets/canonical";
import { contextSelectors, type AssetContext } from "@/lib/assets/context";
import { getConfig } from "@/lib/config";
import type { HistoryAsset } from "./types";
import { HW } from "./warnings";

/** Symbol, canonical selector and name; `coinId`: the key of its history (its aggregate id). */
export function historyAsset(ctx: AssetContext): { asset: HistoryAsset; coinId: string | null } {
  const { symbol, name, defillamaId: id, coingeckoId } = ctx.asset;
  // The selector table built once per version of the list: no resolver pass per request.
  const selector =
    id === null ? (coingeckoId ?? symbol) : selectorIn(contextSelectors(ctx.aggregate), id);
  return { asset: { symbol, selector, name }, coinId: id };
}

/** Why a coin without samples has none: under the sampling floor, or not sampled yet. */
export function noHistoryWarning(ctx: AssetContext) {
  const circulating = ctx.aggregateEntry?.circulatingUsd ?? null;
  return circulating !== null && circulating < getConfig().history.minCirculatingUsd
    ? HW.belowFloor
    : HW.notStarted;
}
