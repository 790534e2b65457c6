/**
 * A raw chunk read straight into what the event rules read (`EventSample`), column by column:
 * the market-wide event log reads every sampled coin's chunks, and building (and validating)
 * every full sample first costs several times more than the rules themselves. The chunk is
 * validated as a whole (`rawChunkSchema`); the values are the ones `decodeRawChunk` gives
 * (tests/unit/history/event-samples.test.ts holds the two paths equal).
 */
import type { EventSample } from "@/lib/domain/history-events-core";
import { RISK_WEIGHTS, type RiskComponentName } from "@/lib/domain/risk-score";
import { CHAIN_SCALE, deltaDecode, FIXED_COLUMNS, unquantize, VENUE_SCALE } from "./columns";
import { rawChunkSchema } from "./raw-chunk";

const COMPONENTS = Object.keys(RISK_WEIGHTS) as RiskComponentName[];
const SCALES = new Map(FIXED_COLUMNS.map((c) => [c.key, c.scale]));

type Column = readonly (number | null)[];
const decoded = (col: Column | undefined, scale: number): Column =>
  deltaDecode(col ?? []).map((v) => unquantize(v, scale));

/** Each named column of a group, decoded once per chunk (not looked up per sample). */
const namedColumns = (cols: Record<string, Column>, scale: number) =>
  Object.entries(cols).map(([name, col]) => [name, decoded(col, scale)] as const);

function recordAt(cols: readonly (readonly [string, Column])[], i: number) {
  const out: Record<string, number | null> = {};
  for (const [name, col] of cols) out[name] = col[i] ?? null;
  return out;
}

export function decodeEventSamples(stored: unknown): EventSample[] {
  const chunk = rawChunkSchema.parse(stored);
  const times = deltaDecode(chunk.t);
  const fixed = (key: string) => decoded(chunk.c[key], SCALES.get(key) ?? 1);
  const price = fixed("price.usd");
  const depth = fixed("depth_2pct_usd.total_usd");
  const sale1m = fixed("sale_1m.price_usd");
  const risk = fixed("risk_score.score");
  const components = COMPONENTS.map((c) => [c, fixed(`risk_score.components.${c}`)] as const);
  const venues = namedColumns(chunk.vn, VENUE_SCALE);
  const chains = namedColumns(chunk.ch, CHAIN_SCALE);
  const sources = (group: string, i: number) => chunk.src[chunk.s[group]?.[i] ?? -1] ?? [];
  return times.map((tUnits, i) => ({
    t: (tUnits ?? 0) * chunk.tu,
    priceUsd: price[i] ?? null,
    depthUsd: depth[i] ?? null,
    venueDepthUsd: recordAt(venues, i),
    sale1mPriceUsd: sale1m[i] ?? null,
    chainPegBps: recordAt(chains, i),
    riskScore: risk[i] ?? null,
    riskComponents: recordAt(components, i),
    sources: {
      price: sources("price", i),
      depth: sources("depth_2pct_usd", i),
      sale1m: sources("sale_1m", i),
      chainPeg: sources("chain_peg_bps", i),
      risk: sources("risk_score", i),
    },
  }));
}
