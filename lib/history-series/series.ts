/**
 * The coin page's history charts, derived from the history route's points (docs/history.md):
 * one row per sample with each line's value, a null row wherever a sample slot is missing (so a
 * chart breaks its line there instead of drawing across), and per line how much of the window
 * was measured. Pure: display code only formats what this returns.
 */

/** What the derivation reads of one point of the history route (every number: null = not measured). */
export interface HistoryPointIn {
  t: string;
  depth_2pct_usd: number | null;
  depth_2pct_cex_usd: number | null;
  depth_2pct_dex_usd: number | null;
  exit_cost_bps_100k: number | null;
  exit_cost_bps_1m: number | null;
  exit_cost_bps_10m: number | null;
  risk_score: number | null;
  risk_transparency: number | null;
  risk_liquidity: number | null;
  risk_peg_stability: number | null;
  chain_peg_bps: Readonly<Record<string, number | null>>;
}

/** `bps`: a signed deviation from 1.00 USD; `cost_bps`: a cost below it. */
export type HistoryUnit = "usd" | "bps" | "cost_bps" | "points";
export type HistoryChartId = "depth" | "exit-cost" | "risk" | "chain-peg";
type NumericField = Exclude<keyof HistoryPointIn, "t" | "chain_peg_bps">;

/** One line of a chart: its row key (`l0`, `l1`, …), what it shows and how much was measured. */
export interface HistoryLine {
  key: string;
  label: string;
  /** Sample slots in the window with a value. */
  measured: number;
  /** Sample slots in the window without one (null, or no sample at all): the gaps. */
  missing: number;
  /** The first measured point, ISO; null when the line has none. */
  firstMeasuredAt: string | null;
  /** Whether the line starts after the window's first point (a measurement added later). */
  startsLate: boolean;
  /** The last measured value, or null. */
  latest: number | null;
}

export type HistoryRow = { t: number } & Record<string, number | null>;

export interface HistoryChart {
  id: HistoryChartId;
  unit: HistoryUnit;
  lines: HistoryLine[];
  rows: HistoryRow[];
  /** Lines left out of the chart (chains beyond the cap); the CSV has them all. */
  omitted: number;
  /** Whether to mark each point: on short series, so a point between two gaps still shows. */
  dots: boolean;
  /** The history route's measurement whose sources the chart cites. */
  measurement: (typeof CHART_MEASUREMENT)[HistoryChartId];
}

/** Each chart's measurement in the history route's `sources`. */
export const CHART_MEASUREMENT = {
  depth: "depth_2pct_usd",
  "exit-cost": "exit_cost_bps",
  risk: "risk_score",
  "chain-peg": "chain_peg_bps",
} as const satisfies Record<HistoryChartId, string>;

/** A slot farther than this many intervals from the previous sample means samples are missing. */
const MISSING_SLOT_FACTOR = 1.5;
/** Up to this many points a chart marks each one (two days of hourly samples). */
const DOTS_MAX_POINTS = 48;
/** Chains drawn on the chain-local peg chart: the ones furthest from the peg first. */
export const CHAIN_PEG_MAX_LINES = 8;

const FIXED_CHARTS: ReadonlyArray<{
  id: Exclude<HistoryChartId, "chain-peg">;
  unit: HistoryUnit;
  fields: ReadonlyArray<readonly [NumericField, string]>;
}> = [
  {
    id: "depth",
    unit: "usd",
    fields: [
      ["depth_2pct_usd", "Total"],
      ["depth_2pct_cex_usd", "CEX order books"],
      ["depth_2pct_dex_usd", "DEX pools"],
    ],
  },
  {
    id: "exit-cost",
    unit: "cost_bps",
    fields: [
      ["exit_cost_bps_100k", "$100K sale"],
      ["exit_cost_bps_1m", "$1M sale"],
      ["exit_cost_bps_10m", "$10M sale"],
    ],
  },
  {
    id: "risk",
    unit: "points",
    fields: [
      ["risk_score", "Risk score"],
      ["risk_transparency", "Transparency"],
      ["risk_liquidity", "Liquidity"],
      ["risk_peg_stability", "Peg stability"],
    ],
  },
];

type Getter = (p: HistoryPointIn) => number | null;
const finite = (v: number | null | undefined): number | null =>
  typeof v === "number" && Number.isFinite(v) ? v : null;

/** The points in time order with their times in ms (unparseable times dropped). */
function timed(points: readonly HistoryPointIn[]): Array<{ ms: number; p: HistoryPointIn }> {
  return points
    .map((p) => ({ ms: Date.parse(p.t), p }))
    .filter((x) => Number.isFinite(x.ms))
    .sort((a, b) => a.ms - b.ms);
}

/** Slots missing between two consecutive samples `intervalMs` apart (0 when none is). */
export function missingSlots(prevMs: number, ms: number, intervalMs: number): number {
  if (intervalMs <= 0 || ms - prevMs <= intervalMs * MISSING_SLOT_FACTOR) return 0;
  return Math.max(0, Math.round((ms - prevMs) / intervalMs) - 1);
}

function buildChart(
  id: HistoryChartId,
  unit: HistoryUnit,
  lines: ReadonlyArray<{ label: string; get: Getter }>,
  series: ReadonlyArray<{ ms: number; p: HistoryPointIn }>,
  intervalMs: number,
  omitted = 0,
): HistoryChart {
  const keys = lines.map((_, i) => `l${i}`);
  const out: HistoryLine[] = lines.map((l, i) => ({
    key: keys[i]!,
    label: l.label,
    measured: 0,
    missing: 0,
    firstMeasuredAt: null,
    startsLate: false,
    latest: null,
  }));
  const rows: HistoryRow[] = [];
  const nullRow = (t: number): HistoryRow => {
    const row: HistoryRow = { t };
    for (const k of keys) row[k] = null;
    return row;
  };
  let prevMs: number | null = null;
  for (const { ms, p } of series) {
    const skipped = prevMs === null ? 0 : missingSlots(prevMs, ms, intervalMs);
    // One null row right after the last sample breaks the line across the missing slots.
    if (skipped > 0 && prevMs !== null) rows.push(nullRow(prevMs + intervalMs));
    const row: HistoryRow = { t: ms };
    lines.forEach((l, i) => {
      const v = finite(l.get(p));
      const line = out[i]!;
      row[keys[i]!] = v;
      line.missing += skipped;
      if (v === null) {
        line.missing += 1;
        return;
      }
      if (line.measured === 0) {
        line.firstMeasuredAt = p.t;
        line.startsLate = ms > series[0]!.ms;
      }
      line.measured += 1;
      line.latest = v;
    });
    rows.push(row);
    prevMs = ms;
  }
  return {
    id,
    unit,
    lines: out,
    rows,
    omitted,
    dots: rows.length <= DOTS_MAX_POINTS,
    measurement: CHART_MEASUREMENT[id],
  };
}

/** Chains ordered by their largest measured deviation from the peg, then by name. */
function chainsByWorst(series: ReadonlyArray<{ p: HistoryPointIn }>): string[] {
  const worst = new Map<string, number>();
  for (const { p } of series) {
    for (const [chain, v] of Object.entries(p.chain_peg_bps)) {
      const x = finite(v);
      const prev = worst.get(chain) ?? 0;
      worst.set(chain, x === null ? prev : Math.max(prev, Math.abs(x)));
    }
  }
  return [...worst.keys()].sort((a, b) => worst.get(b)! - worst.get(a)! || a.localeCompare(b));
}

/**
 * The four history charts of the coin page: ±2 % depth (total, CEX, DEX), exit cost at three
 * sizes, the risk score and its components, and each chain's chain-local peg.
 */
export function historyCharts(
  points: readonly HistoryPointIn[],
  intervalSeconds: number,
): HistoryChart[] {
  const series = timed(points);
  const intervalMs = intervalSeconds * 1000;
  const fixed = FIXED_CHARTS.map((c) =>
    buildChart(
      c.id,
      c.unit,
      c.fields.map(([field, label]) => ({ label, get: (p: HistoryPointIn) => p[field] })),
      series,
      intervalMs,
    ),
  );
  const chains = chainsByWorst(series);
  const drawn = chains.slice(0, CHAIN_PEG_MAX_LINES);
  const chainPeg = buildChart(
    "chain-peg",
    "bps",
    drawn.map((chain) => ({
      label: chain,
      get: (p: HistoryPointIn) =>
        Object.hasOwn(p.chain_peg_bps, chain) ? p.chain_peg_bps[chain]! : null,
    })),
    series,
    intervalMs,
    chains.length - drawn.length,
  );
  return [...fixed, chainPeg];
}

/** True when no line of any chart has a single measured point (the page's empty state). */
export function nothingMeasured(charts: readonly HistoryChart[]): boolean {
  return charts.every((c) => c.lines.every((l) => l.measured === 0));
}
