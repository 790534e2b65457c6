/**
 * The ranked market: every USD-pegged coin with a measured supply that is not dead
 * (`lib/domain/market-status.ts`), largest circulating supply first, and the dead ones apart.
 * Pure, from the aggregate list; the supply panel and the refresher rank the same way.
 */
import { USD_PEG_TYPE } from "@/lib/domain/constants";
import { deadReason } from "@/lib/domain/market-status";
import type { AggregateAsset } from "@/lib/domain/types";

/** A listed asset: its circulating supply is measured (and positive). */
export type ListedAsset = AggregateAsset & { circulatingUsd: number };

const isUsdWithSupply = (a: AggregateAsset): a is ListedAsset =>
  a.pegType === USD_PEG_TYPE && a.circulatingUsd !== null && a.circulatingUsd > 0;
const isListed = (a: AggregateAsset): a is ListedAsset =>
  isUsdWithSupply(a) && deadReason(a) === null;

const bySupply = (a: ListedAsset, b: ListedAsset) =>
  b.circulatingUsd - a.circulatingUsd || a.id.localeCompare(b.id);

/** Every USD-pegged asset that is not dead (lib/domain/market-status.ts), ranked by circulating supply. */
export function listedAssets(assets: readonly AggregateAsset[]): ListedAsset[] {
  return assets.filter(isListed).sort(bySupply);
}

/** The dead USD-pegged assets with a supply (shown on request only), largest first. */
export function deadAssets(assets: readonly AggregateAsset[]): ListedAsset[] {
  return assets
    .filter(isUsdWithSupply)
    .filter((a) => deadReason(a) !== null)
    .sort(bySupply);
}
