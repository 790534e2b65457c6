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

export function decodeEventSamples(stored: unknown): EventSample[] {
  const chunk = rawChunkSchema.parse(stored);
  const times = deltaDecode(chunk.t);
  const fixed = new Map(
    FIXED_COLUMNS.map((c) => [
      c.key,
      deltaDecode(chunk.c[c.key] ?? []).map((v) => unquantize(v, c.scale)),
    ]),
  );
  const column = (key: string, i: number) => fixed.get(key)?.[i] ?? null;
  const keyed = (cols: Record<string, (number | null)[]>, scale: number) =>
    Object.entries(cols).map(
      ([name, col]) => [name, deltaDecode(col).map((v) => unquantize(v, scale))] as const,
    );
  const venues = keyed(chunk.vn, VENUE_SCALE);
  const chains = keyed(chunk.ch, CHAIN_SCALE);
  const sources = (group: string, i: number) => chunk.src[chunk.s[group]?.[i] ?? -1] ?? [];
  const at = (cols: (readonly [string, (number | null)[]])[], i: number) =>
    Object.fromEntries(cols.map(([name, col]) => [name, col[i] ?? null]));
  return times.map((tUnits, i) => ({
    t: (tUnits ?? 0) * chunk.tu,
    priceUsd: column("price.usd", i),
    depthUsd: column("depth_2pct_usd.total_usd", i),
    venueDepthUsd: at(venues, i),
    sale1mPriceUsd: column("sale_1m.price_usd", i),
    chainPegBps: at(chains, i),
    riskScore: column("risk_score.score", i),
    riskComponents: Object.fromEntries(
      COMPONENTS.map((c) => [c, column(`risk_score.components.${c}`, i)]),
    ),
    sources: {
      price: sources("price", i),
      depth: sources("depth_2pct_usd", i),
      sale1m: sources("sale_1m", i),
      chainPeg: sources("chain_peg_bps", i),
      risk: sources("risk_score", i),
    },
  }));
}
