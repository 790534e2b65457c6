/**
 * One coin's history sample (docs/history.md, "The sampler"), built from what the refresher keeps
 * warm: the asset context (aggregate, quote batch, second price, tickers, pools), the exit-cost
 * ladder's books and DEX quotes, and the 30-day price history — each read warm-only
 * (`ReadOpts.warmOnly`: a copy within its fresh time, never a provider call). A measurement whose
 * inputs are not warm is null (a gap), never carried forward; each keeps its sources and as-of.
 *
 * The maths are the answers' own: `marketView` (price, depth), `measureExitLadder` and
 * `singleVenueOutcome` (exit cost, best route), `chainLocalPegs`, `riskScore` with the risk
 * console's inputs. `buildSample` is pure; `sampleCoin` reads and calls it.
 */
import { loadAssetContext, type AssetContext } from "@/lib/assets/context";
import { measureExitLadder, type Measurement } from "@/lib/assets/exit-measure";
import {
  coinRiskScore,
  marketView,
  type MarketView,
  type SourcedPriceView,
} from "@/lib/assets/market-view";
import { chainLocalPegs } from "@/lib/domain/chain-peg";
import { depegStats, type DepegStats } from "@/lib/domain/depeg";
import { cexDepthByVenue } from "@/lib/domain/depth";
import { RISK_EXIT_SIZE_USD } from "@/lib/domain/exit-cost-constants";
import { singleVenueOutcome } from "@/lib/domain/exit-ladder";
import { BPS_PER_UNIT, PEG_TARGET_USD } from "@/lib/domain/peg";
import { roundTo } from "@/lib/domain/precision";
import type { PricePoint } from "@/lib/domain/types";
import { MAX_NAME_CHARS, MAX_SOURCES, MAX_VENUES, type HistorySample } from "@/lib/history/sample";
import { readMarketChart } from "@/lib/snapshot/live";
import type { ReadOpts } from "@/lib/snapshot/read-opts";

/** The exit-cost sizes a sample keeps (all on the refresher's default ladder, so warm). */
export const SAMPLE_EXIT_SIZES_USD = [100_000, 1_000_000, 10_000_000] as const;
/** The peg-stability component's window (the risk console's): the 30-day price history. */
const PEG_STABILITY_DAYS = 30;
/** The risk console rounds the $1M exit cost it scores to the exit-cost answer's 2 decimals. */
const EXIT_COST_DECIMALS = 2;
/** A deviation beyond ±100 % of the peg is not a measurement (the sample schema's bound). */
const MAX_ABS_BPS = BPS_PER_UNIT;

const PRICE_SOURCE: Record<SourcedPriceView["source"], string> = {
  market: "coingecko",
  "defillama-coins": "defillama-coins",
  aggregate: "defillama",
  dex: "dexscreener",
};
const TICKERS_SOURCE = "coingecko";
const POOLS_SOURCE = "dexscreener";
const AGGREGATE_SOURCE = "defillama";
const OVERLAY_SOURCE = "overlay";

/** A name the sample schema accepts: lower case, `[a-z0-9._-]`, at most `max` characters. */
export function sampleName(raw: string, max = MAX_NAME_CHARS): string {
  return raw
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[^a-z0-9]+/, "")
    .slice(0, max);
}

/** `cex:<exchange>` or `dex:<chain>`, within the schema's name length. */
const venueKey = (kind: "cex" | "dex", name: string) =>
  `${kind}:${sampleName(name, MAX_NAME_CHARS - kind.length - 1)}`;

const sourceList = (names: readonly (string | null)[]) =>
  [...new Set(names.filter((n): n is string => n !== null && n !== "").map((n) => sampleName(n)))]
    .filter((n) => n !== "")
    .slice(0, MAX_SOURCES);

const oldest = (times: readonly (number | null | undefined)[]): number | null => {
  const known = times.filter((t): t is number => typeof t === "number");
  return known.length > 0 ? Math.min(...known) : null;
};

const boundedBps = (bps: number | null): number | null =>
  bps !== null && Number.isFinite(bps) && Math.abs(bps) <= MAX_ABS_BPS ? bps : null;

/** What the 30-day price history gives the risk score, and when it was fetched. */
export interface PegStabilityRead {
  stats: DepegStats;
  asOf: number;
}

export interface SampleInputs {
  t: number;
  ctx: AssetContext;
  /** The exit ladder at `SAMPLE_EXIT_SIZES_USD`; null when not measured at all. */
  exit: Measurement | null;
  pegStability: PegStabilityRead | null;
}

function priceOf(mv: MarketView): HistorySample["price"] {
  const priced = mv.sourcedPrices.filter((p) => p.priceUsd !== null);
  const headline = priced.find((p) => p.source === mv.priceSource) ?? null;
  const ordered = headline ? [headline, ...priced.filter((p) => p !== headline)] : priced;
  return {
    usd: mv.priceUsd,
    sources: sourceList(ordered.map((p) => PRICE_SOURCE[p.source])),
    as_of: headline?.asOf ?? null,
  };
}

/**
 * ±2 % depth and its parts. The total only when every depth source answered: a total over the
 * part that answered would read as a drop (a venue that stopped answering is a gap).
 */
function depthOf(ctx: AssetContext, mv: MarketView): HistorySample["depth_2pct_usd"] {
  const tickers = ctx.tickers?.value ?? null;
  const cexAnswered = ctx.asset.coingeckoId === null || tickers !== null;
  const dexAnswered = ctx.pools?.value !== null && ctx.pools?.value !== undefined;
  const venues: Record<string, number> = {};
  for (const [exchange, usd] of Object.entries(tickers ? cexDepthByVenue(tickers) : {}))
    venues[venueKey("cex", exchange)] = usd;
  for (const p of mv.pools?.included ?? []) {
    const key = venueKey("dex", p.pool.chain);
    venues[key] = (venues[key] ?? 0) + p.depth2pctUsd;
  }
  // The schema's bound: the largest venues (a long tail of small ones moves no total).
  const kept = Object.entries(venues)
    .sort(([, a], [, b]) => b - a)
    .slice(0, MAX_VENUES);
  return {
    total_usd: cexAnswered && dexAnswered ? mv.totalDepthUsd : null,
    cex_usd: mv.cexDepthUsd,
    dex_usd: mv.dexDepthUsd,
    venues: Object.fromEntries(kept),
    sources: sourceList([
      mv.cexDepthUsd !== null ? TICKERS_SOURCE : null,
      mv.dexDepthUsd !== null ? POOLS_SOURCE : null,
    ]),
    as_of: oldest([
      mv.cexDepthUsd !== null ? ctx.tickers?.asOf : null,
      mv.dexDepthUsd !== null ? ctx.pools?.asOf : null,
    ]),
  };
}

/** Best route at each sample size: the cheapest venue that fills it whole (null: none did). */
function exitOf(exit: Measurement | null) {
  const venues = exit?.venues ?? [];
  const rungs = SAMPLE_EXIT_SIZES_USD.map((_, i) =>
    singleVenueOutcome(venues.map((v) => ({ id: v.id, fill: v.fills[i]! }))),
  );
  const measured = venues.filter((v) => v.fills.some((f) => f.measured));
  const sources = sourceList(measured.map((v) => v.source));
  const asOf = oldest(measured.map((v) => v.asOf));
  const cost = (i: number) => boundedBps(rungs[i]?.best?.costBps ?? null);
  return { rungs, cost, sources, asOf };
}

export function buildSample({ t, ctx, exit, pegStability }: SampleInputs): HistorySample {
  const mv = marketView(ctx);
  const depth = depthOf(ctx, mv);
  const ladder = exitOf(exit);
  const at1m = SAMPLE_EXIT_SIZES_USD.indexOf(RISK_EXIT_SIZE_USD);
  const cost1m = ladder.cost(at1m);
  const pools = ctx.pools?.value ?? null;
  const pegs = pools ? chainLocalPegs(pools) : [];

  // The risk console's inputs: the same score for the same warm inputs.
  const rung1m = ladder.rungs[at1m];
  const best1m = rung1m?.best ?? null;
  const transparency = ctx.asset.overlay?.transparency ?? null;
  const score = coinRiskScore(
    ctx,
    mv,
    rung1m && rung1m.fillable !== null
      ? { costBps: best1m ? roundTo(best1m.costBps, EXIT_COST_DECIMALS) : null }
      : null,
    pegStability?.stats ?? null,
  );
  const component = (name: string) => score.components.find((c) => c.name === name)?.value ?? null;
  const liquidityMeasured = component("liquidity") !== null;
  const pegMeasured = component("pegStability") !== null;

  return {
    t,
    price: priceOf(mv),
    depth_2pct_usd: depth,
    exit_cost_bps: {
      usd_100k: ladder.cost(0),
      usd_1m: cost1m,
      usd_10m: ladder.cost(2),
      sources: ladder.sources,
      as_of: ladder.asOf,
    },
    sale_1m: {
      // Cost is in bps from $1.00 (lib/domain/exit-cost): the average price the sale got.
      price_usd: cost1m === null ? null : PEG_TARGET_USD - cost1m / BPS_PER_UNIT,
      sources: cost1m === null ? [] : ladder.sources,
      as_of: cost1m === null ? null : ladder.asOf,
    },
    chain_peg_bps: {
      chains: Object.fromEntries(
        pegs.map((p) => [sampleName(p.chain), boundedBps(p.deviationBps)] as const),
      ),
      sources: pegs.length > 0 ? [POOLS_SOURCE] : [],
      as_of: pegs.length > 0 ? (ctx.pools?.asOf ?? null) : null,
    },
    risk_score: {
      score: score.score,
      components: {
        transparency: component("transparency"),
        liquidity: component("liquidity"),
        pegStability: component("pegStability"),
      },
      coverage: score.score === null ? null : score.coverage,
      sources: sourceList([
        transparency ? OVERLAY_SOURCE : null,
        ...(liquidityMeasured ? [...depth.sources, ...ladder.sources] : []),
        pegMeasured ? TICKERS_SOURCE : null,
      ]),
      as_of: oldest([
        liquidityMeasured ? depth.as_of : null,
        liquidityMeasured ? ladder.asOf : null,
        pegMeasured ? pegStability?.asOf : null,
      ]),
    },
    circulating_usd: {
      usd: ctx.aggregateEntry?.circulatingUsd ?? null,
      sources: ctx.aggregateEntry ? [AGGREGATE_SOURCE] : [],
      as_of: ctx.aggregateEntry ? ctx.aggregate.asOf : null,
    },
  };
}

/** The 30-day price history's depeg statistics, when warm. */
async function readPegStability(
  coingeckoId: string | null,
  opts: ReadOpts,
): Promise<PegStabilityRead | null> {
  if (!coingeckoId) return null;
  try {
    const r = await readMarketChart(coingeckoId, PEG_STABILITY_DAYS, opts);
    const points: PricePoint[] = r.value.prices;
    if (points.length === 0) return null;
    return { stats: depegStats(points, "30d", r.storedAt), asOf: r.storedAt };
  } catch {
    return null; // not warm: a gap
  }
}

/** One coin's sample at `t` from its warm inputs; null when the coin does not resolve. */
export async function sampleCoin(
  defillamaId: string,
  t: number,
  readOpts: ReadOpts,
): Promise<HistorySample | null> {
  const opts: ReadOpts = { ...readOpts, warmOnly: true };
  const r = await loadAssetContext(defillamaId, { quote: true, tickers: true, pools: true }, opts);
  if (!r.ok) return null;
  const [exit, pegStability] = await Promise.all([
    measureExitLadder(r.ctx, SAMPLE_EXIT_SIZES_USD, opts).catch(() => null),
    readPegStability(r.ctx.asset.coingeckoId, opts),
  ]);
  return buildSample({ t, ctx: r.ctx, exit, pegStability });
}
