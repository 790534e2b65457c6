import {
  DEPTH_DROP_SHARE,
  depthDropEpisodes,
  dropFactor,
  fixedEpisodes,
  spanMs,
  TIMELINE_SAMPLES,
  TIMELINE_SPANS,
} from "@/tests/fake-upstream/history-timeline";
import { historyEpisodesSchema } from "@/tests/fake-upstream/history-mode";

const HOUR = 3_600_000;
const TL = { startMs: Date.UTC(2026, 0, 1), intervalMs: HOUR };
/** A coin's measured venues: one large DEX chain, a CEX, two small ones. */
const VENUES = { "dex:ethereum": 50, "cex:binance": 5, "cex:gdax": 3, "dex:base": 2 };
const total = (v: Record<string, number>) => Object.values(v).reduce((s, x) => s + x, 0);

describe("history timeline", () => {
  it("sizes a drop so the named venues carry DEPTH_DROP_SHARE of the total, each below half", () => {
    for (const named of [["dex:ethereum", "cex:binance"], ["dex:ethereum"]]) {
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

  it("names the two largest venues, then the largest alone, and every episode is valid and inside the timeline", () => {
    const drops = depthDropEpisodes(TL, { ...VENUES, "dex:arbitrum": null });
    expect(drops.map((e) => (e.kind === "depth" ? e.venues : []))).toEqual([
      ["dex:ethereum", "cex:binance"],
      ["dex:ethereum"],
    ]);
    const all = historyEpisodesSchema.parse([...fixedEpisodes(TL), ...drops]);
    const end = TL.startMs + TIMELINE_SAMPLES * HOUR;
    for (const e of all) expect(e.toMs).toBeLessThanOrEqual(end);
    expect(spanMs(TL, TIMELINE_SPANS.drainTwoVenues)).toEqual({
      fromMs: TL.startMs + 8 * HOUR,
      toMs: TL.startMs + 14 * HOUR,
    });
  });
});
