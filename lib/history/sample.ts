/**
 * One history sample of one coin (docs/history.md): what the refresher measured at `t`, each
 * measurement with its sources and as-of (unix ms). Unknown is null, never 0; nothing is carried
 * forward. Field names are the snake_case names the history route prints.
 *
 * Bounded by schema (so a stored chunk is bounded): at most MAX_VENUES depth venues, MAX_CHAINS
 * chains, MAX_SOURCES sources per measurement, names of at most MAX_NAME_CHARS.
 */
import { z } from "zod";
import type { EventSample } from "@/lib/domain/history-events-core";
import { pegDeviationBps } from "@/lib/domain/peg";
import { RISK_WEIGHTS } from "@/lib/domain/risk-score";

export const MAX_VENUES = 32;
export const MAX_CHAINS = 32;
export const MAX_SOURCES = 8;
export const MAX_NAME_CHARS = 32;
/** A deviation beyond ±100 % of the peg is not a measurement. */
const MAX_ABS_BPS = 10_000;
const MAX_POINTS = 100;

const name = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]*$/i)
  .max(MAX_NAME_CHARS);
const venueKey = z
  .string()
  .regex(/^(cex|dex):[a-z0-9][a-z0-9._-]*$/i)
  .max(MAX_NAME_CHARS);
const sources = z.array(name).max(MAX_SOURCES);
const asOf = z.number().int().nonnegative().nullable();
const usd = z.number().finite().nonnegative().nullable();
const bps = z.number().finite().min(-MAX_ABS_BPS).max(MAX_ABS_BPS).nullable();
const priceUsd = z.number().finite().positive().nullable();
const points = z.number().finite().min(0).max(MAX_POINTS).nullable();

const boundedRecord = <V extends z.ZodType>(key: z.ZodString, value: V, max: number) =>
  z.record(key, value).refine((r) => Object.keys(r).length <= max, `at most ${max} entries`);

export const riskComponentsSchema = z.object({
  transparency: points,
  liquidity: points,
  pegStability: points,
});

export const historySampleSchema = z.object({
  t: z.number().int().nonnegative(),
  price: z.object({ usd: priceUsd, sources, as_of: asOf }),
  depth_2pct_usd: z.object({
    total_usd: usd,
    cex_usd: usd,
    dex_usd: usd,
    /** Each venue's part: `cex:<exchange>` or `dex:<chain>`. */
    venues: boundedRecord(venueKey, usd, MAX_VENUES),
    sources,
    as_of: asOf,
  }),
  /** Best-route exit cost at three sale sizes. */
  exit_cost_bps: z.object({
    usd_100k: bps,
    usd_1m: bps,
    usd_10m: bps,
    sources,
    as_of: asOf,
  }),
  /** The executable price of a $1M sale (best route). */
  sale_1m: z.object({ price_usd: priceUsd, sources, as_of: asOf }),
  /** Each chain's chain-local peg deviation. */
  chain_peg_bps: z.object({
    chains: boundedRecord(name, bps, MAX_CHAINS),
    sources,
    as_of: asOf,
  }),
  risk_score: z.object({
    score: points,
    components: riskComponentsSchema,
    /** Share of the score's weight that was measured, 0–1. */
    coverage: z.number().finite().min(0).max(1).nullable(),
    sources,
    as_of: asOf,
  }),
  circulating_usd: z.object({ usd, sources, as_of: asOf }),
});

export type HistorySample = z.infer<typeof historySampleSchema>;

/** `peg_deviation_bps` of a sample: derived from its price, never stored twice. */
export function samplePegDeviationBps(sample: HistorySample): number | null {
  return pegDeviationBps(sample.price.usd);
}

/** What the event rules (lib/domain) read of a sample. */
export function toEventSample(s: HistorySample): EventSample {
  const components = s.risk_score.components;
  return {
    t: s.t,
    priceUsd: s.price.usd,
    depthUsd: s.depth_2pct_usd.total_usd,
    venueDepthUsd: s.depth_2pct_usd.venues,
    sale1mPriceUsd: s.sale_1m.price_usd,
    chainPegBps: s.chain_peg_bps.chains,
    riskScore: s.risk_score.score,
    riskComponents: Object.fromEntries(
      (Object.keys(RISK_WEIGHTS) as (keyof typeof RISK_WEIGHTS)[]).map((c) => [c, components[c]]),
    ),
    sources: {
      price: s.price.sources,
      // The venues are the independent sources of depth; the providers that reported them too.
      depth: s.depth_2pct_usd.sources,
      sale1m: s.sale_1m.sources,
      chainPeg: s.chain_peg_bps.sources,
      risk: s.risk_score.sources,
    },
  };
}
