/**
 * The pieces fit: samples read back from their stored chunk feed the event rules unchanged, and a
 * gap stored as null stays a gap for the rules.
 */
import { historyEvents } from "@/lib/domain/history-events";
import { decodeRawChunk, encodeRawChunk, RAW_SLOTS_PER_CHUNK } from "@/lib/history/raw-chunk";
import { type HistorySample, toEventSample } from "@/lib/history/sample";
import { HOUR_MS, realistic, seeded, T0_MS } from "./fixtures";

const COIN = { symbol: "USDX", selector: "usdx" };
const throughStore = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function stored(change: (s: HistorySample, i: number) => HistorySample): HistorySample[] {
  const rand = seeded(21);
  const samples = Array.from({ length: RAW_SLOTS_PER_CHUNK }, (_, i) =>
    change(realistic(i, rand), i),
  );
  return decodeRawChunk(throughStore(encodeRawChunk(samples)));
}

it("a stored week with a $1M sale at 0.985 for 3 samples raises one depeg_at_size", () => {
  const samples = stored((s, i) =>
    i >= 100 && i < 103 ? { ...s, sale_1m: { ...s.sale_1m, price_usd: 0.985 } } : s,
  );
  expect(historyEvents(COIN, samples.map(toEventSample))).toEqual([
    expect.objectContaining({
      type: "depeg_at_size",
      startMs: T0_MS + 100 * HOUR_MS,
      endMs: T0_MS + 103 * HOUR_MS,
      sources: ["kyberswap"],
    }),
  ]);
});

it("a stored week where two exchanges stop answering raises nothing", () => {
  const samples = stored((s, i) =>
    i >= 150 && i < 156
      ? {
          ...s,
          depth_2pct_usd: {
            ...s.depth_2pct_usd,
            venues: { ...s.depth_2pct_usd.venues, "cex:binance": null, "cex:okx": null },
          },
        }
      : s,
  );
  expect(historyEvents(COIN, samples.map(toEventSample))).toEqual([]);
});
