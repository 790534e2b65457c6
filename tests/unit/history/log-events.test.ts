/** Events in the log's public shape: history events and the depeg log's events as `depeg`. */
import type { DepegEventJson } from "@/lib/depegs";
import type { HistoryEvent } from "@/lib/domain/history-events-core";
import { depegLogEvent, historyLogEvent, newestEventFirst } from "@/lib/history-api/log-events";
import { eventEntryTitle } from "@/lib/history-api/feeds";

const T = Date.UTC(2026, 10, 1, 6);
const HOUR_MS = 3_600_000;

const scoreChange: HistoryEvent = {
  type: "risk_score_change",
  coin: { symbol: "USD+", selector: "usd+" },
  chain: null,
  startMs: T,
  endMs: T + HOUR_MS,
  ongoing: false,
  worst: { value: -12, atMs: T + HOUR_MS },
  worstUnit: "points",
  confirmed: true,
  sources: ["service"],
  componentDeltas: [{ component: "liquidity", deltaPoints: -40, scoreDeltaPoints: -12 }],
};

function depeg(status: "confirmed" | "unconfirmed" | "not_required"): DepegEventJson {
  return {
    id: "usd-coin:hourly:20261101T060000Z",
    asset: "USDC",
    coingecko_id: "usd-coin",
    defillama_id: "2",
    selector: "usdc",
    start: new Date(T).toISOString(),
    end: null,
    ongoing: true,
    started_before_series: false,
    direction: "below",
    worst_deviation_bps: -150,
    worst_price_usd: 0.985,
    worst_at: new Date(T + HOUR_MS).toISOString(),
    duration_hours: 1,
    points: 2,
    gaps: 0,
    granularity: "hourly",
    resolution: "hourly",
    confirmation: { status, reason: null, confirmed_by: [] },
    sources: [
      {
        name: "CoinGecko",
        type: "market",
        series: "x",
        resolution: "hourly",
        role: "opened",
        as_of: "",
      },
      {
        name: "DexScreener",
        type: "dex",
        series: "y",
        resolution: "hourly",
        role: "checked",
        as_of: "",
      },
    ],
  } as const satisfies DepegEventJson;
}

it("a history event keeps its chain, worst metric and component deltas in snake_case", () => {
  expect(historyLogEvent(scoreChange)).toEqual({
    id: "risk_score_change:usd+:-:2026-11-01T06:00:00.000Z",
    type: "risk_score_change",
    symbol: "USD+",
    selector: "usd+",
    chain: null,
    start: "2026-11-01T06:00:00.000Z",
    end: "2026-11-01T07:00:00.000Z",
    ongoing: false,
    worst: { metric: "risk_score_delta_points", value: -12, at: "2026-11-01T07:00:00.000Z" },
    confirmed: true,
    sources: ["service"],
    component_deltas: [{ component: "liquidity", delta_points: -40, score_delta_points: -12 }],
  });
  expect(eventEntryTitle(historyLogEvent(scoreChange))).toBe(
    "USD+ risk score change: score −12.0 points",
  );
});

it("a price depeg joins as type depeg: confirmed unless the depeg log says unconfirmed", () => {
  expect(depegLogEvent(depeg("confirmed"))).toMatchObject({
    id: "depeg:usd-coin:hourly:20261101T060000Z",
    type: "depeg",
    chain: null,
    end: null,
    ongoing: true,
    worst: { metric: "deviation_bps", value: -150 },
    confirmed: true,
    // A source checked that did not show the event is not one of its sources.
    sources: ["CoinGecko"],
  });
  expect(depegLogEvent(depeg("not_required")).confirmed).toBe(true);
  expect(depegLogEvent(depeg("unconfirmed")).confirmed).toBe(false);
});

it("newest first, a stable order on ties", () => {
  const a = historyLogEvent(scoreChange);
  const b = depegLogEvent(depeg("confirmed"));
  const later = { ...a, start: "2026-11-02T00:00:00.000Z" };
  expect([a, later, b].sort(newestEventFirst).map((e) => e.type)).toEqual([
    "risk_score_change",
    "depeg",
    "risk_score_change",
  ]);
});
