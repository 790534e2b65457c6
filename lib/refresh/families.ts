/**
 * Warm tasks: the market-wide keys (the aggregate list, its daily prices, the quote batch, the
 * second price set), and per coin the inputs of its page, intel and depeg log (pools with their
 * contracts, supply history, the hourly series) and, where the budget allows, the extras
 * (tickers, sparkline charts, long-range history), and for a coin without a CoinGecko id its
 * aggregate detail (its address: the key of its second price). Each warms
 * through the very reader (or builder) a request uses, so the keys are the request path's own.
 */
import { loadPools } from "@/lib/assets/pools";
import { DEX_CHAINS } from "@/lib/domain/chains";
import { chunkCoinKeys } from "@/lib/domain/coin-keys";
import { HOURLY_HISTORY_POINTS, CHART_MAX_POINTS_PER_CALL } from "@/lib/domain/chart-plan";
import { DEFAULT_EXIT_SIZES_USD } from "@/lib/domain/exit-cost-constants";
import {
  coinKeyOf,
  readMarketPrices,
  readMarketQuotes,
  staticCoinKey,
} from "@/lib/assets/market-batches";
import { MARKETS_IDS_PER_CALL } from "@/lib/providers/coingecko/client";
import { readCoinChainBalances } from "@/lib/snapshot/chains";
import { readHourlySeries } from "@/lib/snapshot/coin-hourly";
import { readAggregatePrices } from "@/lib/snapshot/aggregate-prices";
import { readLongPriceHistory } from "@/lib/snapshot/history";
import {
  readAggregate,
  readMarketChart,
  readSupplyHistory,
  readTickers,
} from "@/lib/snapshot/live";
import { warmExitCost } from "./exit-warm";
import { groupedItems, type WarmCoin, type WarmTask } from "./tasks";

/** The sparkline windows the peg-history route reads (days). */
const SPARKLINE_DAYS = [1, 7, 30] as const;
const LONG_RANGE_DAYS = [90, 365] as const;

/** Pool lookups a coin costs: one per DEX chain it has contracts on (at least one). */
function poolCalls(coin: WarmCoin): number {
  const overrides = coin.asset.overlay?.addresses;
  const overridden = overrides ? DEX_CHAINS.filter((c) => overrides[c].length > 0).length : 0;
  if (overridden > 0) return overridden;
  const chains = new Set<string>(DEX_CHAINS);
  return Math.max(1, coin.entry.chains.filter((c) => chains.has(c)).length);
}

const hasOverrides = (coin: WarmCoin) => {
  const overrides = coin.asset.overlay?.addresses;
  return overrides !== undefined && DEX_CHAINS.some((c) => overrides[c].length > 0);
};

const geckoIdOf = (coin: WarmCoin) => coin.asset.coingeckoId;

export const aggregateTask: WarmTask = {
  family: "aggregate",
  tier: 0,
  policy: "aggregate",
  itemsFor: (market) => [
    {
      id: "market",
      coins: market.coins.map((c) => c.entry.id),
      rank: 0,
      cost: { defillama: 1 },
      warm: (opts) => readAggregate(opts),
    },
  ],
};

/** Every coin's daily prices from the aggregate (the depeg log's opener): one key, one call. */
export const aggregatePricesTask: WarmTask = {
  family: "aggregate-prices",
  tier: 0,
  policy: "history:aggregate-prices",
  itemsFor: (market) => [
    {
      id: "market",
      coins: market.coins.map((c) => c.entry.id),
      rank: 0,
      cost: { defillama: 1 },
      warm: (opts) => readAggregatePrices(opts),
    },
  ],
};

/** One-coin `/chart` calls a first 90-day hourly fill takes (the 500-point limit). */
const HOURLY_FIRST_FILL_CALLS = Math.ceil(HOURLY_HISTORY_POINTS / CHART_MAX_POINTS_PER_CALL);

/** The market-wide quote batch: one key, one call per 250 ids (lib/assets/market-batches). */
export const quotesTask: WarmTask = {
  family: "quotes",
  tier: 0,
  policy: "live:quotes",
  itemsFor: (market) => {
    const withId = market.coins.filter((c) => c.asset.coingeckoId);
    return [
      {
        id: "market",
        coins: withId.map((c) => c.entry.id),
        rank: 0,
        cost: { coingecko: Math.max(1, Math.ceil(withId.length / MARKETS_IDS_PER_CALL)) },
        warm: (opts) => readMarketQuotes(opts),
      },
    ];
  },
};

/** A coin keyed by its address: as long as an EVM token key (for the call estimate). */
const addressKeyEstimate = (id: string) => `ethereum:0x${id.padStart(40, "0")}`;

/**
 * The second independent price of every coin: one key (lib/assets/market-batches). Coins without
 * a static key are keyed by their aggregate detail's address: the set's first fill reads those
 * details (one aggregate call each, its cold cost), so the first pass already prices them.
 */
export const coinPricesTask: WarmTask = {
  family: "coin-prices",
  tier: 0,
  policy: "live:coin-prices",
  itemsFor: (market) => {
    const keys = market.coins.map((c) => staticCoinKey(c.asset));
    const estimate = market.coins.map((c, i) => keys[i] ?? addressKeyEstimate(c.entry.id));
    return [
      {
        id: "market",
        coins: market.coins.filter((_, i) => keys[i] !== null).map((c) => c.entry.id),
        rank: 0,
        cost: { "defillama-coins": Math.max(1, chunkCoinKeys(estimate).length) },
        coldCost: { defillama: keys.filter((k) => k === null).length },
        warm: (opts) => readMarketPrices(opts),
      },
    ];
  },
};

/**
 * A coin without a CoinGecko id or overlay contract: its aggregate detail (`/stablecoin/{id}`),
 * whose `address` keys its second price in the market-wide set (read cache-only there). One
 * aggregate call each, bounded per pass by the aggregate's per-pass allowance and ranked with
 * the other per-coin inputs.
 */
export const coinDetailTask: WarmTask = {
  family: "coin-address",
  tier: 1,
  policy: "live:coin-chains",
  itemsFor: (market) =>
    groupedItems(
      market.coins,
      (coin) => (staticCoinKey(coin.asset) === null ? coin.asset.defillamaId : null),
      (id) => ({ cost: { defillama: 1 }, warm: (opts) => readCoinChainBalances(id, opts) }),
    ),
};

/**
 * 90-day hourly history per coin (DefiLlama coins `/chart`): several calls to fill, then one. Every
 * coin with a coins key: its static key (CoinGecko id, overlay contract), else the key of the
 * address in its cached aggregate detail (the `coin-address` task warms it). That key is looked
 * up cache-only while planning, so a coin whose key is not known yet has no item this pass (it
 * would cost no call: the estimate stays honest), and again when warming (`coinKeyOf`).
 */
export const coinHourlyTask: WarmTask = {
  family: "coin-hourly",
  tier: 1,
  policy: "history:coins-hourly",
  itemsFor: async (market, opts) => {
    const keys = new Map<string, string | null>();
    await Promise.all(
      market.coins.map(async (c) =>
        keys.set(c.entry.id, await coinKeyOf(c.asset, opts).catch(() => null)),
      ),
    );
    return groupedItems(
      market.coins,
      (coin) => keys.get(coin.entry.id) ?? null,
      (_, coin) => ({
        cost: { "defillama-coins": 1 },
        coldCost: { "defillama-coins": HOURLY_FIRST_FILL_CALLS - 1 },
        warm: async (o) => {
          const key = await coinKeyOf(coin.asset, o);
          // The address' detail expired since planning: nothing to read (missing again).
          if (key === null) {
            if (o.warm) o.warm.freshUntil = null;
            return;
          }
          return readHourlySeries([key], o);
        },
      }),
    );
  },
};

export const poolsTask: WarmTask = {
  family: "pools",
  tier: 1,
  policy: "live:pools",
  itemsFor: (market) =>
    groupedItems(
      market.coins,
      // Contracts come from the overlay or the market provider's coin detail (lib/assets/pools).
      (coin) => (hasOverrides(coin) || coin.asset.coingeckoId ? coin.entry.id : null),
      (_, coin) => ({
        cost: { dexscreener: poolCalls(coin) },
        // A coin without contract overrides first needs its contracts (coin detail, fresh 24 h).
        coldCost: hasOverrides(coin) ? undefined : { coingecko: 1 },
        warm: (opts) => loadPools(coin.asset, opts),
      }),
    ),
};

export const supplyHistoryTask: WarmTask = {
  family: "supply-history",
  tier: 1,
  policy: "live:supply-history",
  itemsFor: (market) =>
    groupedItems(
      market.coins,
      (coin) => coin.asset.defillamaId,
      (id) => ({ cost: { defillama: 1 }, warm: (opts) => readSupplyHistory(id, opts) }),
    ),
};

export const tickersTask: WarmTask = {
  family: "tickers",
  tier: 2,
  policy: "live:tickers",
  itemsFor: (market) =>
    groupedItems(market.coins, geckoIdOf, (id) => ({
      cost: { coingecko: 1 },
      warm: (opts) => readTickers(id, opts),
    })),
};

export const chartsTask: WarmTask = {
  family: "charts",
  tier: 2,
  policy: "live:charts",
  itemsFor: (market) =>
    groupedItems(market.coins, geckoIdOf, (id) => ({
      cost: { coingecko: SPARKLINE_DAYS.length },
      warm: (opts) => Promise.all(SPARKLINE_DAYS.map((d) => readMarketChart(id, d, opts))),
    })),
};

export const longHistoryTask: WarmTask = {
  family: "long-history",
  tier: 2,
  // The hourly series is the one that goes stale first.
  policy: "history:hourly",
  itemsFor: (market) =>
    groupedItems(market.coins, geckoIdOf, (id) => ({
      cost: { coingecko: LONG_RANGE_DAYS.length },
      warm: (opts) => Promise.all(LONG_RANGE_DAYS.map((d) => readLongPriceHistory(id, d, opts))),
    })),
};

/**
 * Exit cost at the default ladder: the books on each exchange the coin's tickers list and a DEX
 * quote per size and chain, largest coins first within each source's budget. The quote estimate
 * counts every DEX chain the coin lists (an upper bound: a chain with thin pools is not quoted),
 * so a planned item fits what the pass may spend.
 */
export const exitCostTask: WarmTask = {
  family: "exit-cost",
  tier: 2,
  policy: "exit:dex-quote",
  itemsFor: (market) =>
    groupedItems(market.coins, geckoIdOf, (_, coin) => ({
      cost: {
        binance: 1,
        kraken: 1,
        coinbase: 1,
        kyberswap: DEFAULT_EXIT_SIZES_USD.length * poolCalls(coin),
      },
      warm: (opts) => warmExitCost(coin.entry.id, DEFAULT_EXIT_SIZES_USD, opts),
    })),
};
