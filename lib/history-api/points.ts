/**
 * A stored sample (or a daily row) → the public point of /api/stablecoin-history, and the points
 * as CSV or NDJSON rows (the same rows as the JSON `points`). Every point lists every chain seen
 * in the window: a chain absent from a sample is null there (it did not answer), never 0.
 */
import type { DailyRow, DailyStat } from "@/lib/history/daily";
import { samplePegDeviationBps, type HistorySample } from "@/lib/history/sample";
import { pegDeviationBps } from "@/lib/domain/peg";
import { roundToUnits } from "@/lib/domain/precision";
import type { HistoryPoint } from "./types";

const iso = (ms: number) => new Date(ms).toISOString();

/** Every chain named in some points, sorted: each point then carries all of them. */
function withAllChains(points: readonly HistoryPoint[]): HistoryPoint[] {
  const chains = [...new Set(points.flatMap((p) => Object.keys(p.chain_peg_bps)))].sort();
  return points.map((p) => ({
    ...p,
    chain_peg_bps: Object.fromEntries(chains.map((c) => [c, p.chain_peg_bps[c] ?? null])),
  }));
}

export function samplePoint(s: HistorySample): HistoryPoint {
  const c = s.risk_score.components;
  return {
    t: iso(s.t),
    price_usd: s.price.usd,
    peg_deviation_bps: samplePegDeviationBps(s),
    depth_2pct_usd: s.depth_2pct_usd.total_usd,
    depth_2pct_cex_usd: s.depth_2pct_usd.cex_usd,
    depth_2pct_dex_usd: s.depth_2pct_usd.dex_usd,
    exit_cost_bps_100k: s.exit_cost_bps.usd_100k,
    exit_cost_bps_1m: s.exit_cost_bps.usd_1m,
    exit_cost_bps_10m: s.exit_cost_bps.usd_10m,
    sale_1m_price_usd: s.sale_1m.price_usd,
    risk_score: s.risk_score.score,
    risk_transparency: c.transparency,
    risk_liquidity: c.liquidity,
    risk_peg_stability: c.pegStability,
    risk_coverage: s.risk_score.coverage,
    circulating_usd: s.circulating_usd.usd,
    chain_peg_bps: { ...s.chain_peg_bps.chains },
  };
}

/** A daily row's point: each measurement's median that day (null when unmeasured all day). */
export function dailyPoint(r: DailyRow): HistoryPoint {
  const m = (key: string) => r.values[key]?.median ?? null;
  const medians = (stats: Record<string, DailyStat | null>) =>
    Object.fromEntries(Object.entries(stats).map(([k, v]) => [k, v?.median ?? null]));
  return {
    t: iso(r.day_ms),
    price_usd: m("price.usd"),
    peg_deviation_bps: pegDeviationBps(m("price.usd")),
    depth_2pct_usd: m("depth_2pct_usd.total_usd"),
    depth_2pct_cex_usd: m("depth_2pct_usd.cex_usd"),
    depth_2pct_dex_usd: m("depth_2pct_usd.dex_usd"),
    exit_cost_bps_100k: m("exit_cost_bps.usd_100k"),
    exit_cost_bps_1m: m("exit_cost_bps.usd_1m"),
    exit_cost_bps_10m: m("exit_cost_bps.usd_10m"),
    sale_1m_price_usd: m("sale_1m.price_usd"),
    risk_score: m("risk_score.score"),
    risk_transparency: m("risk_score.components.transparency"),
    risk_liquidity: m("risk_score.components.liquidity"),
    risk_peg_stability: m("risk_score.components.pegStability"),
    risk_coverage: m("risk_score.coverage"),
    circulating_usd: m("circulating_usd.usd"),
    chain_peg_bps: medians(r.chains),
  };
}

export const samplePoints = (samples: readonly HistorySample[]) =>
  withAllChains(samples.map(samplePoint));
export const dailyPoints = (rows: readonly DailyRow[]) => withAllChains(rows.map(dailyPoint));

/** The scalar columns of a point, in order (the CSV header's first columns). */
export const POINT_COLUMNS = [
  "t",
  "price_usd",
  "peg_deviation_bps",
  "depth_2pct_usd",
  "depth_2pct_cex_usd",
  "depth_2pct_dex_usd",
  "exit_cost_bps_100k",
  "exit_cost_bps_1m",
  "exit_cost_bps_10m",
  "sale_1m_price_usd",
  "risk_score",
  "risk_transparency",
  "risk_liquidity",
  "risk_peg_stability",
  "risk_coverage",
  "circulating_usd",
] as const satisfies readonly (keyof HistoryPoint)[];

/** A chain's CSV column: `chain_peg_bps.<chain>`. */
export const CHAIN_COLUMN_PREFIX = "chain_peg_bps.";

/**
 * CSV (RFC 4180, header first, CRLF): the scalar columns, then one `chain_peg_bps.<chain>` column
 * per chain. Null is an empty cell, never 0. Numbers are the JSON body's (rounded the same way).
 */
export function pointsCsv(points: readonly HistoryPoint[]): string {
  const rounded = roundToUnits(points);
  const chains = Object.keys(rounded[0]?.chain_peg_bps ?? {});
  const header = [...POINT_COLUMNS, ...chains.map((c) => `${CHAIN_COLUMN_PREFIX}${c}`)];
  const cell = (v: string | number | null) => (v === null ? "" : String(v));
  const rows = rounded.map((p) =>
    [
      ...POINT_COLUMNS.map((c) => cell(p[c])),
      ...chains.map((c) => cell(p.chain_peg_bps[c] ?? null)),
    ].join(","),
  );
  // Chain names and ISO times hold no comma, quote or newline (the sample schema's name pattern).
  return [header.join(","), ...rows].map((line) => `${line}\r\n`).join("");
}

/** NDJSON: one JSON point a line, as in the JSON body. */
export function pointsNdjson(points: readonly HistoryPoint[]): string {
  return roundToUnits(points)
    .map((p) => `${JSON.stringify(p)}\n`)
    .join("");
}
