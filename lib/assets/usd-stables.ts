/**
 * The USD stablecoins a pool's counter-token is checked against (lib/domain/stables.ts): every
 * USD-pegged coin's symbol in the aggregate list (the overlay's identities while there is no copy)
 * and every contract the overlay knows. Derived once per copy of the list.
 */
import { OVERLAY_COINS } from "./overlay";
import { resolutionRefs, toAggregateRef } from "./resolve";
import { USD_PEG_TYPE } from "@/lib/domain/constants";
import type { UsdStables } from "@/lib/domain/stables";
import type { AggregateAsset } from "@/lib/domain/types";

const OVERLAY_ADDRESSES: ReadonlySet<string> = new Set(
  OVERLAY_COINS.flatMap((c) =>
    Object.values(c.addresses).flatMap((list) => list.map((t) => t.address.toLowerCase())),
  ),
);

const derived = new WeakMap<readonly AggregateAsset[], UsdStables>();
const NO_LIST: readonly AggregateAsset[] = [];

export function usdStablesOf(aggregate: readonly AggregateAsset[] | null): UsdStables {
  const list = aggregate ?? NO_LIST;
  let stables = derived.get(list);
  if (!stables) {
    const refs = resolutionRefs(list.map(toAggregateRef)).filter((a) => a.pegType === USD_PEG_TYPE);
    stables = {
      symbols: new Set(refs.map((a) => a.symbol.trim().toUpperCase())),
      addresses: OVERLAY_ADDRESSES,
    };
    derived.set(list, stables);
  }
  return stables;
}
