import {
  DEPTH_DROP_SHARE,
  depthDropEpisodes,
  dropFactor,
  fixedEpisodes,
  spanMs,
  TIMELINE_SAMPLES,
  TIMELINE_SPANS,
  TIMELINE_SUBJECTS,
} from "@/tests/fake-upstream/history-timeline";
import { historyEpisodesSchema } from "@/tests/fake-upstream/history-mode";

const HOUR = 3_600_000;
const TL = { startMs: Date.UTC(2026, 0, 1), intervalMs: HOUR };
/** A coin's measured venues: exchanges (one without a book the fake serves) and a DEX chain. */
const VENUES = {
  "cex:okex": 60,
  "cex:binance": 50,
  "cex:gdax": 40,
  "cex:kraken": 10,
  "dex:ethereum": 20,
};
const total = (v: Record<string, number>) => Object.values(v).reduce((s, x) => s + x, 0);

describe("history timeline", () => {
  it("sizes a drop so the named venues carry DEPTH_DROP_SHARE of the total, each below half", () => {
    for (const named of [
      ["cex:okex", "cex:binance"],
      ["cex:binance", "cex:gdax", "cex:okex"],
    ]) {
      const f = dropFactor(VENUES, named);
      const after = Object.fromEntries(
        Object.entries(VENUES).map(([k, v]) => [k, named.includes(k) ? v * f : v]),
      );
      expect(total(after) / total(VENUES)).toBeCloseTo(1 - DEPTH_DROP_SHARE, 10);
      expect(f).toBeLessThan(0.5);
    }
  });

  it("refuses venues too small to carry the drop", () => {
    expect(() => dropFactor(VENUES, ["cex:binance", "cex:gdax"])).toThrow(/too little depth/);
  });

  it("drops the two largest exchanges whose book the fake serves, then the largest alone by the same factor", () => {
    // okex, larger than gdax, has no book the fake serves.
    const venues = {
      ...VENUES,
      "cex:binance": 150,
      "cex:okex": 110,
      "cex:gdax": 100,
      "cex:x": null,
    };
    const drops = depthDropEpisodes(TL, venues);
    expect(drops.map((e) => (e.kind === "depth" ? e.venues : []))).toEqual([
      ["cex:binance", "cex:gdax"],
      ["cex:binance"],
    ]);
    const factors = drops.map((e) => (e.kind === "depth" ? e.factor : NaN));
    expect(factors[1]).toBe(factors[0]);
    expect(factors[0]).toBeCloseTo(dropFactor(venues, ["cex:binance", "cex:gdax"]), 12);
  });

  it("takes the drained coin's pools away for the whole timeline, and every episode is valid and inside it", () => {
    const venues = { "cex:binance": 50, "cex:gdax": 40, "cex:okex": 10 };
    const all = historyEpisodesSchema.parse([
      ...fixedEpisodes(TL),
      ...depthDropEpisodes(TL, venues),
    ]);
    const end = TL.startMs + TIMELINE_SAMPLES * HOUR;
    for (const e of all) expect(e.toMs).toBeLessThanOrEqual(end);
    expect(all).toContainEqual({
      kind: "no-pools",
      coin: TIMELINE_SUBJECTS.drain,
      fromMs: TL.startMs,
      toMs: end,
    });
    expect(spanMs(TL, TIMELINE_SPANS.drainTwoExchanges)).toEqual({
      fromMs: TL.startMs + 8 * HOUR,
      toMs: TL.startMs + 14 * HOUR,
    });
  });
});
