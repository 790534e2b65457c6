"use client";

import { useMemo, useState } from "react";
import { assetsOf } from "./sankey-data";
import { ALL } from "./transfers";

/**
 * The rows of one window plus a client-side asset filter over them (no request): the selected
 * asset (`ALL` for none), its setter, the assets to choose from, the filter value for the
 * Sankey builders (`null` = all) and a phrase for labels ("all assets" or the symbol).
 */
export function useWindowAssetFilter<R extends { window: string; token_symbol: string }>(
  rows: readonly R[],
  window: string,
) {
  const [asset, setAsset] = useState(ALL);
  const inWindow = useMemo(() => rows.filter((r) => r.window === window), [rows, window]);
  const assets = useMemo(() => assetsOf(inWindow), [inWindow]);
  const selected = asset === ALL ? null : asset;
  return { asset, setAsset, inWindow, assets, selected, what: selected ?? "all assets" };
}
