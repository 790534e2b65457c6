/**
 * The market numbers every per-asset view shares, derived once from an AssetContext: price,
 * market cap, volume, CEX and modelled DEX ±2 % depth, and the independent prices.
 *
 * Unknown is null: depth is null unless a venue reported it (a CEX ticker with order-book depth
 * or a counted DEX pool). Price falls back market provider → aggregate → DEX-implied, market cap
 * market provider → aggregate circulating USD; each fallback is labelled (`priceSource`,
 * `marketCapSource`) and comes with a warning.
 */
import {
  cexDepth,
  modelPools,
  splitByPairKind,
  type CexDepth,
  type DepthSplit,
  type PoolDepth,
} from "@/lib/domain/depth";
import { priceDisagreement, type Disagreement } from "@/lib/domain/price-sources";
import {
  riskScore,
  type LiquidityInput,
  type PegStabilityInput,
  type RiskScore,
} from "@/lib/domain/risk-score";
import type { AssetContext } from "./context";
import { usdStablesOf } from "./usd-stables";
import { W, type Warning } from "./warnings";

export type PriceSource = "market" | "aggregate" | "dex";

/** One independent price, named by its source, with when it was fetched (null = not measured). */
export interface SourcedPriceView {
  source: "market" | "defillama-coins" | "aggregate" | "dex";
  priceUsd: number | null;
  asOf: number | null;
}

/** Source names in warnings. */
const SOURCE_LABEL: Record<SourcedPriceView["source"], string> = {
  market: "CoinGecko",
  "defillama-coins": "DefiLlama coins",
  aggregate: "DefiLlama aggregate",
  dex: "DEX-implied",
};
/**
 * Sources the disagreement rule compares: the provider prices. DEX-implied prices (pool mid
 * prices, noisy on thin pools) count in the confidence score's agreement part instead.
 */
const COMPARED: ReadonlySet<SourcedPriceView["source"]> = new Set([
  "market",
  "defillama-coins",
  "aggregate",
]);

export interface MarketView {
  priceUsd: number | null;
  /** Which source `priceUsd` comes from; null when no source has a price. */
  priceSource: PriceSource | null;
  marketCapUsd: number | null;
  marketCapSource: "market" | "aggregate" | null;
  volume24hUsd: number | null;
  cex: CexDepth | null;
  /** CEX ±2 % depth; null unless at least one ticker reported depth. */
  cexDepthUsd: number | null;
  pools: {
    included: PoolDepth[];
    excluded: { pool: PoolDepth["pool"]; reason: "no-liquidity" | "price-outlier" }[];
  } | null;
  /** Modelled DEX ±2 % depth; null unless at least one pool was counted. */
  dexDepthUsd: number | null;
  dexSplit: DepthSplit | null;
  /** CEX + DEX over the measured parts; null when neither was measured. */
  totalDepthUsd: number | null;
  prices: { market: number | null; aggregate: number | null; dex: number | null };
  /** Every independent price with its source and as-of time (the second price included). */
  sourcedPrices: SourcedPriceView[];
  /** The widest pair of provider prices more than 50 bps apart; null when they agree. */
  disagreement: Disagreement | null;
  /** Fallback labels (price, market cap) as warnings. */
  warnings: Warning[];
}

export const finite = (n: number | null | undefined): number | null =>
  n === null || n === undefined || !Number.isFinite(n) ? null : n;

/** A price or market cap only counts when positive (a 0 price is a missing one upstream). */
const positive = (n: number | null | undefined): number | null => {
  const v = finite(n);
  return v !== null && v > 0 ? v : null;
};

/** TVL-weighted mean of the asset's price over counted pools; null without pools. */
export function dexImpliedPrice(pools: readonly PoolDepth[]): number | null {
  let weight = 0;
  let sum = 0;
  for (const p of pools) {
    const price = p.pool.assetPriceUsd;
    if (price === null || !Number.isFinite(price)) continue;
    weight += p.effectiveTvlUsd;
    sum += price * p.effectiveTvlUsd;
  }
  return weight > 0 ? sum / weight : null;
}

function firstPrice(prices: MarketView["prices"]): {
  priceUsd: number | null;
  priceSource: PriceSource | null;
} {
  for (const source of ["market", "aggregate", "dex"] as const) {
    const p = prices[source];
    if (p !== null) return { priceUsd: p, priceSource: source };
  }
  return { priceUsd: null, priceSource: null };
}

const PRICE_WARNINGS: Record<PriceSource, Warning | null> = {
  market: null,
  aggregate: W.priceFromAggregate,
  dex: W.priceFromDex,
};

export function marketView(ctx: AssetContext): MarketView {
  const quote = ctx.quote?.value ?? null;
  const marketCap = positive(quote?.marketCapUsd);
  const aggregateCap = positive(ctx.aggregateEntry?.circulatingUsd);
  const marketCapUsd = marketCap ?? aggregateCap;
  const cex = ctx.tickers?.value ? cexDepth(ctx.tickers.value) : null;
  const cexDepthUsd = cex && cex.tickersWithDepth > 0 ? cex.depth2pctUsd : null;
  const pools = ctx.pools?.value
    ? modelPools(ctx.pools.value, marketCapUsd, usdStablesOf(ctx.aggregate.value))
    : null;
  const dexDepthUsd =
    pools && pools.included.length > 0
      ? pools.included.reduce((a, p) => a + p.depth2pctUsd, 0)
      : null;
  const prices = {
    market: positive(quote?.priceUsd),
    aggregate: positive(ctx.aggregateEntry?.priceUsd),
    dex: pools ? dexImpliedPrice(pools.included) : null,
  };
  const { priceUsd, priceSource } = firstPrice(prices);
  const sourcedPrices: SourcedPriceView[] = [
    {
      source: "market",
      priceUsd: prices.market,
      asOf: prices.market ? (ctx.quote?.asOf ?? null) : null,
    },
    {
      source: "defillama-coins",
      priceUsd: positive(ctx.secondPrice?.value?.priceUsd),
      asOf: ctx.secondPrice?.value ? ctx.secondPrice.asOf : null,
    },
    {
      source: "aggregate",
      priceUsd: prices.aggregate,
      asOf: prices.aggregate ? ctx.aggregate.asOf : null,
    },
    { source: "dex", priceUsd: prices.dex, asOf: prices.dex ? (ctx.pools?.asOf ?? null) : null },
  ];
  const disagreement = priceDisagreement(sourcedPrices.filter((p) => COMPARED.has(p.source)));
  const warnings: Warning[] = [];
  const priceWarning = priceSource === null ? W.priceUnavailable : PRICE_WARNINGS[priceSource];
  if (priceWarning) warnings.push(priceWarning);
  if (disagreement) {
    const label = (s: string) => SOURCE_LABEL[s as SourcedPriceView["source"]] ?? s;
    warnings.push(
      W.priceSourcesDisagree(
        disagreement.spreadBps,
        label(disagreement.low.source),
        label(disagreement.high.source),
      ),
    );
  }
  if (marketCap === null && aggregateCap !== null) warnings.push(W.marketCapFromAggregate);
  return {
    priceUsd,
    priceSource,
    marketCapUsd,
    marketCapSource: marketCap !== null ? "market" : aggregateCap !== null ? "aggregate" : null,
    volume24hUsd: finite(quote?.volume24hUsd),
    cex,
    cexDepthUsd,
    pools,
    dexDepthUsd,
    dexSplit: pools && pools.included.length > 0 ? splitByPairKind(pools.included) : null,
    totalDepthUsd:
      cexDepthUsd === null && dexDepthUsd === null ? null : (cexDepthUsd ?? 0) + (dexDepthUsd ?? 0),
    prices,
    sourcedPrices,
    disagreement,
    warnings,
  };
}

/**
 * The coin's risk score (the risk console's, and the history's): the overlay's transparency facts,
 * depth against market cap (the measured $1M exit cost where there is one), 30-day peg stability.
 */
export function coinRiskScore(
  ctx: Pick<AssetContext, "asset">,
  mv: Pick<MarketView, "totalDepthUsd" | "marketCapUsd">,
  exitCostAt1m: LiquidityInput["exitCostAt1m"],
  pegStability: PegStabilityInput | null,
): RiskScore {
  return riskScore({
    transparency: ctx.asset.overlay?.transparency ?? null,
    liquidity: {
      depth2pctUsd: mv.totalDepthUsd,
      marketCapUsd: mv.marketCapUsd,
      exitCostAt1m,
    },
    pegStability,
  });
}

/** Warning codes that explain an unmeasured depth. */
export const DEPTH_REASON_CODES: ReadonlySet<string> = new Set([
  "tickers_no_answer",
  "tickers_no_depth",
  "contracts_not_listed",
  "contracts_not_found",
  "contracts_no_answer",
  "contracts_no_supported_chain",
  "dex_no_answer",
  "dex_no_pools",
]);

/**
 * Budget warnings that explain an unmeasured depth: matched by sentence, because their code is
 * each provider's one budget code, shared with budget warnings about price or history.
 */
const DEPTH_BUDGET_REASONS: ReadonlySet<string> = new Set(
  [W.tickersBudget, W.contractsBudget, W.dexBudget, W.dexBudgetPartial].map((w) => w.message),
);

const explainsDepth = (w: Warning) =>
  DEPTH_REASON_CODES.has(w.code) || DEPTH_BUDGET_REASONS.has(w.message);

/** Why ±2 % depth is not measured (the relevant warnings' sentences); null when it is. */
export function depthNotMeasuredReason(
  mv: Pick<MarketView, "totalDepthUsd">,
  warnings: readonly Warning[],
): string | null {
  if (mv.totalDepthUsd !== null) return null;
  // A spent budget is a reason too: without it a coin whose pools were never looked up would read
  // as one no venue has depth for.
  const reasons = warnings.filter(explainsDepth).map((w) => w.message);
  return reasons.length > 0 ? reasons.join(" ") : "No venue reported depth for this coin.";
}
