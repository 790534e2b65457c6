/**
 * The stored columns of a history sample (docs/history.md, "Storage"): each number is kept as an
 * integer at a stated precision, so a chunk is compact JSON and a value reads back exactly as
 * stored. Precisions: prices 1e-6 USD, bps 0.01, USD amounts whole dollars, points 0.01,
 * coverage 1e-4, as-of whole seconds.
 */
import type { HistorySample } from "./sample";

export const PRICE_SCALE = 1_000_000;
export const BPS_SCALE = 100;
export const USD_SCALE = 1;
export const POINTS_SCALE = 100;
export const COVERAGE_SCALE = 10_000;

/** A measurement with its own sources and as-of. */
export const GROUPS = [
  "price",
  "depth_2pct_usd",
  "exit_cost_bps",
  "sale_1m",
  "chain_peg_bps",
  "risk_score",
  "circulating_usd",
] as const;
export type Group = (typeof GROUPS)[number];

/** One value per measurement group. */
export function byGroup<T>(f: (g: Group) => T): Record<Group, T> {
  return {
    price: f("price"),
    depth_2pct_usd: f("depth_2pct_usd"),
    exit_cost_bps: f("exit_cost_bps"),
    sale_1m: f("sale_1m"),
    chain_peg_bps: f("chain_peg_bps"),
    risk_score: f("risk_score"),
    circulating_usd: f("circulating_usd"),
  };
}

export interface FixedColumn {
  /** The column's name in a chunk: the field's path, dot-joined. */
  key: string;
  path: readonly string[];
  scale: number;
  get: (s: HistorySample) => number | null;
}

const column = (
  path: readonly string[],
  scale: number,
  get: (s: HistorySample) => number | null,
): FixedColumn => ({ key: path.join("."), path, scale, get });

export const FIXED_COLUMNS: readonly FixedColumn[] = [
  column(["price", "usd"], PRICE_SCALE, (s) => s.price.usd),
  column(["depth_2pct_usd", "total_usd"], USD_SCALE, (s) => s.depth_2pct_usd.total_usd),
  column(["depth_2pct_usd", "cex_usd"], USD_SCALE, (s) => s.depth_2pct_usd.cex_usd),
  column(["depth_2pct_usd", "dex_usd"], USD_SCALE, (s) => s.depth_2pct_usd.dex_usd),
  column(["exit_cost_bps", "usd_100k"], BPS_SCALE, (s) => s.exit_cost_bps.usd_100k),
  column(["exit_cost_bps", "usd_1m"], BPS_SCALE, (s) => s.exit_cost_bps.usd_1m),
  column(["exit_cost_bps", "usd_10m"], BPS_SCALE, (s) => s.exit_cost_bps.usd_10m),
  column(["sale_1m", "price_usd"], PRICE_SCALE, (s) => s.sale_1m.price_usd),
  column(["risk_score", "score"], POINTS_SCALE, (s) => s.risk_score.score),
  column(["risk_score", "coverage"], COVERAGE_SCALE, (s) => s.risk_score.coverage),
  column(
    ["risk_score", "components", "transparency"],
    POINTS_SCALE,
    (s) => s.risk_score.components.transparency,
  ),
  column(
    ["risk_score", "components", "liquidity"],
    POINTS_SCALE,
    (s) => s.risk_score.components.liquidity,
  ),
  column(
    ["risk_score", "components", "pegStability"],
    POINTS_SCALE,
    (s) => s.risk_score.components.pegStability,
  ),
  column(["circulating_usd", "usd"], USD_SCALE, (s) => s.circulating_usd.usd),
];

/** The keyed columns: one per venue, one per chain. */
export const VENUE_SCALE = USD_SCALE;
export const CHAIN_SCALE = BPS_SCALE;

export const quantize = (v: number | null, scale: number): number | null =>
  v === null ? null : Math.round(v * scale);
export const unquantize = (v: number | null, scale: number): number | null =>
  v === null ? null : v / scale;

/** Each value as its difference from the previous non-null one (the first as is); nulls stay. */
export function deltaEncode(values: readonly (number | null)[]): (number | null)[] {
  let last: number | null = null;
  return values.map((v) => {
    if (v === null) return null;
    const out = last === null ? v : v - last;
    last = v;
    return out;
  });
}

export function deltaDecode(values: readonly (number | null)[]): (number | null)[] {
  let last: number | null = null;
  return values.map((d) => {
    if (d === null) return null;
    last = last === null ? d : last + d;
    return last;
  });
}

/**
 * Writes a value at a path of a plain object, creating the objects on the way. The objects
 * already on the path are written in place (no copy per call: a decoder sets every field of a
 * draft it has just made, thousands of samples per read), so `target` must be the caller's own.
 */
export function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown) {
  let node = target;
  path.forEach((part, i) => {
    if (i === path.length - 1) {
      node[part] = value;
      return;
    }
    const next = node[part];
    const child: Record<string, unknown> = isPlainRecord(next) ? next : {};
    node[part] = child;
    node = child;
  });
}

const isPlainRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A dictionary of distinct values, each referred to by its index. */
export class Dictionary<T> {
  readonly entries: T[] = [];
  readonly #index = new Map<string, number>();
  indexOf(value: T): number {
    const id = JSON.stringify(value);
    const found = this.#index.get(id);
    if (found !== undefined) return found;
    this.entries.push(value);
    this.#index.set(id, this.entries.length - 1);
    return this.entries.length - 1;
  }
}
