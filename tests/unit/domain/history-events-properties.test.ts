/**
 * Properties of the history event rules (docs/history.md) over arbitrary hourly series: a gap never
 * creates, opens or closes an event, and events of one type on one chain never overlap.
 */
import fc from "fast-check";
import type { EventSample, HistoryEvent } from "@/lib/domain/history-events-core";
import { historyEvents } from "@/lib/domain/history-events";
import { COIN, healthy, withVenues } from "./history-events-fixtures";

const NUM_RUNS = 300;

const step = fc.record({
  priceUsd: fc.constantFrom(1, 0.999, 0.996, 0.97),
  sale1mPriceUsd: fc.constantFrom(0.9995, 0.995, 0.992, 0.985, 0.97),
  baseBps: fc.constantFrom(0, -40, -80, -150, -400),
  binance: fc.constantFrom(1, 0.8, 0.6, 0.4, 0.2),
  kraken: fc.constantFrom(1, 0.8, 0.6, 0.4, 0.2),
  pegStability: fc.constantFrom(90, 85, 60, 30),
});
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;
const histories = fc.array(fc.tuple(step, fc.boolean()), { minLength: 8, maxLength: 60 });

function build(steps: readonly (readonly [Step, boolean])[], gaps: boolean) {
  return steps.map(([x, gap], i): EventSample => {
    const base = healthy(i);
    const s = withVenues(base, { "cex:binance": x.binance, "cex:kraken": x.kraken });
    const components = { ...s.riskComponents, pegStability: x.pegStability };
    const measured: EventSample = {
      ...s,
      priceUsd: x.priceUsd,
      sale1mPriceUsd: x.sale1mPriceUsd,
      chainPegBps: { ...s.chainPegBps, base: x.baseBps },
      riskComponents: components,
      riskScore: 24 + 21 + 0.4 * x.pegStability,
    };
    if (!(gaps && gap)) return measured;
    return {
      ...measured,
      priceUsd: null,
      sale1mPriceUsd: null,
      depthUsd: null,
      venueDepthUsd: { "cex:binance": null, "cex:kraken": null, "dex:ethereum": null },
      chainPegBps: { ethereum: null, base: null, arbitrum: null },
      riskScore: null,
      riskComponents: {},
    };
  });
}

const lane = (e: HistoryEvent) => `${e.type}/${e.chain ?? ""}`;
const contains = (outer: HistoryEvent, t: number) =>
  outer.startMs <= t && (outer.endMs === null || t < outer.endMs);

it("a gap never creates an interval event: each one lies in an event of the gapless history", () => {
  fc.assert(
    fc.property(histories, (steps) => {
      const original = historyEvents(COIN, build(steps, false));
      const gapped = historyEvents(COIN, build(steps, true));
      for (const e of gapped.filter(
        (x) => x.type === "depeg_at_size" || x.type === "chain_local_depeg",
      )) {
        expect(original.some((o) => lane(o) === lane(e) && contains(o, e.startMs))).toBe(true);
      }
    }),
    { numRuns: NUM_RUNS },
  );
});

it("no event starts or ends on a gap", () => {
  fc.assert(
    fc.property(histories, (steps) => {
      const samples = build(steps, true);
      const gapTimes = new Set(samples.filter((s) => s.riskScore === null).map((s) => s.t));
      for (const e of historyEvents(COIN, samples)) {
        expect(gapTimes.has(e.startMs)).toBe(false);
        if (e.endMs !== null) expect(gapTimes.has(e.endMs)).toBe(false);
      }
    }),
    { numRuns: NUM_RUNS },
  );
});

it("a history of gaps only raises nothing", () => {
  fc.assert(
    fc.property(histories, (steps) => {
      const allGaps = steps.map(([x]) => [x, true] as const);
      expect(historyEvents(COIN, build(allGaps, true))).toEqual([]);
    }),
    { numRuns: NUM_RUNS },
  );
});

it("events of one type on one chain never overlap", () => {
  fc.assert(
    fc.property(histories, fc.boolean(), (steps, gaps) => {
      const byLane = new Map<string, HistoryEvent[]>();
      for (const e of historyEvents(COIN, build(steps, gaps))) {
        byLane.set(lane(e), [...(byLane.get(lane(e)) ?? []), e]);
      }
      for (const events of byLane.values()) {
        for (let i = 1; i < events.length; i += 1) {
          const prev = events[i - 1];
          expect(prev?.endMs).not.toBeNull();
          expect(events[i]?.startMs).toBeGreaterThanOrEqual(prev?.endMs ?? Infinity);
        }
      }
    }),
    { numRuns: NUM_RUNS },
  );
});
