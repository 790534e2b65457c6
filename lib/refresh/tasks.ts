/**
 * The warm-task registry's types (docs/refresher.md): one task per key family the refresher keeps
 * warm. A task lists its items for the current market — one per key (or per group of keys) it
 * keeps warm, each with the coins it serves, its market-cap rank and what one warm costs — and
 * warms an item by calling the family's own reader (or the builder that reads it) with the
 * refresher's read options, so every entry is written by the read layer exactly as a request
 * would write it. Registered in `./registry`.
 */
import type { ResolvedAsset } from "@/lib/assets/resolve";
import type { AggregateAsset } from "@/lib/domain/types";
import type { KeyFamily } from "@/lib/snapshot/policy";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

/** One coin of the ranked market, resolved the way a request for it is resolved. */
export interface WarmCoin {
  /** 1 = largest circulating supply. */
  rank: number;
  asset: ResolvedAsset;
  entry: AggregateAsset;
}

/** The market a pass warms: listed USD coins, largest first (`lib/supply/panel` ranking). */
export interface WarmMarket {
  coins: readonly WarmCoin[];
}

export interface WarmItem {
  /** Unique within the task. */
  id: string;
  /** DefiLlama ids of the coins this item's keys serve (health: coins warm per family). */
  coins: readonly string[];
  /** Rank of the largest coin served; 0 for a market-wide key. */
  rank: number;
  /** Provider calls one warm costs when all its keys are due (an estimate; the budget enforces). */
  cost: Readonly<Record<string, number>>;
  /** Calls added to `cost` while the item has never been warmed (e.g. a 24 h lookup it needs). */
  coldCost?: Readonly<Record<string, number>>;
  /** Reads the item's keys with the refresher's options (`opts.warm` set). */
  warm(opts: ReadOpts): Promise<unknown>;
}

export interface WarmTask {
  /** Its name in the plan, the health report and the store's records. */
  family: string;
  /** 0: market-wide keys serving every coin; 1: a coin's page and intel inputs; 2: extras. */
  tier: 0 | 1 | 2;
  /** The read-policy family whose fresh time the items follow (`lib/snapshot/policy`). */
  policy: KeyFamily;
  /**
   * `opts`: the pass' read options, for tasks whose items depend on what is already stored (read
   * cache-only, never a provider call while planning).
   */
  itemsFor(market: WarmMarket, opts?: ReadOpts): WarmItem[] | Promise<WarmItem[]>;
}

/**
 * One item per coin, or one per shared key when several coins read the same entry (e.g. one
 * quotes list serving many coins): `groupOf` names the key, and the largest coin's rank wins.
 */
export function groupedItems(
  coins: readonly WarmCoin[],
  groupOf: (coin: WarmCoin) => string | null,
  build: (group: string, first: WarmCoin) => Pick<WarmItem, "cost" | "warm">,
): WarmItem[] {
  const groups = new Map<string, { first: WarmCoin; coins: string[] }>();
  for (const coin of coins) {
    const group = groupOf(coin);
    if (group === null) continue;
    const seen = groups.get(group);
    if (seen) seen.coins.push(coin.entry.id);
    else groups.set(group, { first: coin, coins: [coin.entry.id] });
  }
  return [...groups].map(([group, { first, coins: served }]) => ({
    id: group,
    coins: served,
    rank: first.rank,
    ...build(group, first),
  }));
}
