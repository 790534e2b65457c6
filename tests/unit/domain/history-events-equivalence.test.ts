/**
 * The event rules keep their trailing windows with two indices instead of rescanning the series
 * per sample: on seeded random series (venues that come, go and stop answering, drops on one or
 * several venues, time jitter, equal times, long holes, risk components measured or not) they
 * return exactly the events of the straightforward rules (./history-events-reference).
 */
import type { EventSample } from "@/lib/domain/history-events-core";
import { historyEvents } from "@/lib/domain/history-events";
import { seeded } from "../history/fixtures";
import { COIN, healthy, HOUR_MS } from "./history-events-fixtures";
import { referenceHistoryEvents } from "./history-events-reference";

const SEEDS = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89];
const SAMPLES = 420;
const VENUE_POOL = ["cex:binance", "cex:kraken", "cex:okx", "dex:ethereum", "dex:base"];
const COMPONENTS = ["transparency", "liquidity", "pegStability"] as const;

type Rand = () => number;
const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;

/** A venue's level this sample: a multi-sample regime (healthy, drop, crash) plus noise. */
function venueSeries(rand: Rand, n: number): (number | null | undefined)[] {
  const out: (number | null | undefined)[] = [];
  // Venues of very different sizes with fractional noise: a sum's value depends on its order.
  const scale = 10 ** (3 + Math.floor(rand() * 7));
  let regime = 1;
  let presence: "answers" | "null" | "absent" = "answers";
  for (let i = 0; i < n; i += 1) {
    if (rand() < 0.04) regime = pick(rand, [1, 1, 0.7, 0.45, 0.2]);
    if (rand() < 0.02) presence = pick(rand, ["answers", "answers", "null", "absent"]);
    const level = scale * (0.5 + rand()) * regime;
    out.push(
      presence === "answers"
        ? rand() < 0.03
          ? null
          : level
        : presence === "absent"
          ? undefined
          : null,
    );
  }
  return out;
}

function randomSeries(seed: number): EventSample[] {
  const rand = seeded(seed);
  const venues = VENUE_POOL.filter(() => rand() < 0.8);
  const levels = new Map(venues.map((v) => [v, venueSeries(rand, SAMPLES)]));
  const withTotals = rand() < 0.5;
  // Whole hours on even seeds: a sample exactly at a window's edge (inclusive) is common.
  const jitter = seed % 2 === 1;
  let t = healthy(0).t;
  let score = 70;
  const components: Record<string, number> = { transparency: 80, liquidity: 70, pegStability: 90 };
  return Array.from({ length: SAMPLES }, (_, i): EventSample => {
    const r = rand();
    t +=
      r < 0.05
        ? 0
        : r < 0.08
          ? HOUR_MS * (24 + Math.floor(rand() * 200))
          : HOUR_MS + (jitter && rand() < 0.2 ? Math.floor(rand() * 9) * 60_000 : 0);
    const venueDepthUsd: Record<string, number | null> = {};
    for (const [v, xs] of levels) {
      const x = xs[i];
      if (x !== undefined) venueDepthUsd[v] = x;
    }
    const parts = Object.values(venueDepthUsd);
    const total = parts.reduce<number>((sum, d) => sum + (d ?? 0), 0);
    if (rand() < 0.05) score += pick(rand, [-14, -11, 12, 15]);
    score = Math.min(100, Math.max(0, score + (rand() - 0.5) * 4));
    for (const c of COMPONENTS) components[c] = Math.round(100 * rand());
    const riskComponents = Object.fromEntries(
      COMPONENTS.filter(() => rand() < 0.9).map((c) => [c, components[c] ?? null]),
    );
    return {
      ...healthy(i),
      t,
      priceUsd: pick(rand, [1, 0.999, 0.996, null]),
      depthUsd: rand() < 0.05 ? null : withTotals || parts.length === 0 ? total : null,
      venueDepthUsd: rand() < 0.1 ? {} : venueDepthUsd,
      sale1mPriceUsd: pick(rand, [0.9995, 0.992, 0.985, null]),
      chainPegBps: { base: pick(rand, [0, -80, -150, null]) },
      riskScore: rand() < 0.05 ? null : score,
      riskComponents,
    };
  });
}

it.each(SEEDS)("seed %i: the events equal the reference rules' exactly", (seed) => {
  const samples = randomSeries(seed);
  const expected = referenceHistoryEvents(COIN, samples);
  expect(historyEvents(COIN, samples)).toEqual(expected);
});

it("the seeded series exercise every rule (the comparison is not vacuous)", () => {
  const all = SEEDS.flatMap((seed) => referenceHistoryEvents(COIN, randomSeries(seed)));
  const types = new Set(all.map((e) => `${e.type}:${e.confirmed}`));
  expect([...types].sort()).toEqual(
    expect.arrayContaining([
      "liquidity_drain:true",
      "liquidity_drain:false",
      "depeg_at_size:true",
      "risk_score_change:true",
    ]),
  );
});
