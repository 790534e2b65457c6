import {
  CHAIN_PEG_MAX_LINES,
  historyCharts,
  missingSlots,
  nothingMeasured,
  type HistoryPointIn,
} from "@/lib/history-series/series";
import { tickFormatOf, timeTicks } from "@/lib/history-series/ticks";

const HOUR_S = 3600;
const T0 = Date.parse("2026-11-20T00:00:00Z");
const at = (h: number) => new Date(T0 + h * HOUR_S * 1000).toISOString();

function point(h: number, over: Partial<HistoryPointIn> = {}): HistoryPointIn {
  return {
    t: at(h),
    depth_2pct_usd: 3_000_000,
    depth_2pct_cex_usd: 2_000_000,
    depth_2pct_dex_usd: 1_000_000,
    exit_cost_bps_100k: 1,
    exit_cost_bps_1m: 4,
    exit_cost_bps_10m: 30,
    risk_score: 80,
    risk_transparency: 90,
    risk_liquidity: 70,
    risk_peg_stability: 85,
    chain_peg_bps: { ethereum: 1, base: -3 },
    ...over,
  };
}

const chart = (points: HistoryPointIn[], id: string) =>
  historyCharts(points, HOUR_S).find((c) => c.id === id)!;

describe("historyCharts", () => {
  it("draws the four charts with their lines and units", () => {
    const charts = historyCharts([point(0), point(1)], HOUR_S);
    expect(charts.map((c) => [c.id, c.unit, c.lines.map((l) => l.label)])).toEqual([
      ["depth", "usd", ["Total", "CEX order books", "DEX pools"]],
      ["exit-cost", "cost_bps", ["$100K sale", "$1M sale", "$10M sale"]],
      ["risk", "points", ["Risk score", "Transparency", "Liquidity", "Peg stability"]],
      ["chain-peg", "bps", ["base", "ethereum"]],
    ]);
    expect(charts[0]!.rows[1]).toEqual({ t: T0 + 3_600_000, l0: 3e6, l1: 2e6, l2: 1e6 });
  });

  it("keeps a null as null (a gap), never 0, and counts it as missing", () => {
    const depth = chart([point(0), point(1, { depth_2pct_dex_usd: null }), point(2)], "depth");
    expect(depth.rows[1]!.l2).toBeNull();
    expect(depth.lines[2]).toMatchObject({ measured: 2, missing: 1, latest: 1e6 });
    expect(depth.lines[0]).toMatchObject({ measured: 3, missing: 0 });
  });

  it("breaks the line where sample slots are missing, and counts those slots", () => {
    const depth = chart([point(0), point(1), point(5)], "depth");
    // A null row right after hour 1, then hour 5: the chart does not draw across hours 2–4.
    expect(depth.rows.map((r) => [r.t, r.l0])).toEqual([
      [T0, 3e6],
      [T0 + 3_600_000, 3e6],
      [T0 + 2 * 3_600_000, null],
      [T0 + 5 * 3_600_000, 3e6],
    ]);
    expect(depth.lines[0]).toMatchObject({ measured: 3, missing: 3 });
  });

  it("sorts points by time and names each line's first measured point", () => {
    const risk = chart(
      [point(2), point(0, { risk_liquidity: null }), point(1, { risk_liquidity: 60 })],
      "risk",
    );
    expect(risk.rows.map((r) => r.t)).toEqual([T0, T0 + 3_600_000, T0 + 7_200_000]);
    expect(risk.lines[2]).toMatchObject({ firstMeasuredAt: at(1), startsLate: true });
    expect(risk.lines[0]).toMatchObject({ firstMeasuredAt: at(0), startsLate: false });
  });

  it("lists chains furthest from the peg first, caps the lines, counts the rest", () => {
    const chains = Object.fromEntries(
      Array.from({ length: CHAIN_PEG_MAX_LINES + 2 }, (_, i) => [`chain-${i}`, i * 10]),
    );
    const peg = chart([point(0, { chain_peg_bps: chains })], "chain-peg");
    expect(peg.lines).toHaveLength(CHAIN_PEG_MAX_LINES);
    expect(peg.lines[0]!.label).toBe(`chain-${CHAIN_PEG_MAX_LINES + 1}`);
    expect(peg.omitted).toBe(2);
  });

  it("a chain absent from a sample is a gap in its line", () => {
    const peg = chart([point(0), point(1, { chain_peg_bps: { ethereum: 2 } })], "chain-peg");
    const base = peg.lines.find((l) => l.label === "base")!;
    expect(peg.rows[1]![base.key]).toBeNull();
    expect(base).toMatchObject({ measured: 1, missing: 1 });
  });

  it("no points or only nulls: nothing measured", () => {
    expect(nothingMeasured(historyCharts([], HOUR_S))).toBe(true);
    const blank = point(0, {
      depth_2pct_usd: null,
      depth_2pct_cex_usd: null,
      depth_2pct_dex_usd: null,
      exit_cost_bps_100k: null,
      exit_cost_bps_1m: null,
      exit_cost_bps_10m: null,
      risk_score: null,
      risk_transparency: null,
      risk_liquidity: null,
      risk_peg_stability: null,
      chain_peg_bps: {},
    });
    expect(nothingMeasured(historyCharts([blank], HOUR_S))).toBe(true);
    expect(nothingMeasured(historyCharts([point(0)], HOUR_S))).toBe(false);
  });
});

describe("missingSlots", () => {
  it("counts whole slots skipped, none within the tolerance", () => {
    expect(missingSlots(0, 3_600_000, 3_600_000)).toBe(0);
    expect(missingSlots(0, 4_000_000, 3_600_000)).toBe(0);
    expect(missingSlots(0, 7_200_000, 3_600_000)).toBe(1);
    expect(missingSlots(0, 4 * 3_600_000, 3_600_000)).toBe(3);
  });
});

describe("timeTicks", () => {
  const HOUR = 3_600_000;
  const rows = (fromH: number, toH: number) => [{ t: T0 + fromH * HOUR }, { t: T0 + toH * HOUR }];
  it("ticks on UTC multiples of the window's step, inside the rows' span", () => {
    expect(timeTicks(rows(1, 9), "24h")).toEqual([T0 + 4 * HOUR, T0 + 8 * HOUR]);
    expect(timeTicks(rows(1, 49), "7d")).toEqual([T0 + 24 * HOUR, T0 + 48 * HOUR]);
    expect(timeTicks([], "7d")).toEqual([]);
  });
  it("labels hours on a day, months on a year, days otherwise", () => {
    expect(["24h", "7d", "90d", "365d", "1y"].map((w) => tickFormatOf(w as "7d"))).toEqual([
      "hour",
      "day",
      "day",
      "month",
      "month",
    ]);
  });
});
