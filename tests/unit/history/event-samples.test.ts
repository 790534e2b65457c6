/** The event rules' fast read of a raw chunk gives what the full decode gives. */
import { decodeEventSamples } from "@/lib/history/event-samples";
import { decodeRawChunk, encodeRawChunk, RAW_SLOTS_PER_CHUNK } from "@/lib/history/raw-chunk";
import { toEventSample } from "@/lib/history/sample";
import { realistic, seeded } from "./fixtures";

it("equals toEventSample over decodeRawChunk, nulls and missing venues included", () => {
  const rand = seeded(11);
  const samples = Array.from({ length: RAW_SLOTS_PER_CHUNK }, (_, i) => {
    const s = realistic(i, rand);
    if (i === 5) return { ...s, price: { ...s.price, usd: null, sources: [] } };
    if (i === 6) {
      const { "cex:okx": _gone, ...venues } = s.depth_2pct_usd.venues;
      return {
        ...s,
        depth_2pct_usd: { ...s.depth_2pct_usd, venues },
        chain_peg_bps: { ...s.chain_peg_bps, chains: { base: -350 } },
        risk_score: {
          ...s.risk_score,
          components: { ...s.risk_score.components, liquidity: null },
        },
      };
    }
    return s;
  });
  const stored = JSON.parse(JSON.stringify(encodeRawChunk(samples)));
  expect(decodeEventSamples(stored)).toEqual(decodeRawChunk(stored).map(toEventSample));
});

it("a damaged chunk throws, as the full decode does", () => {
  expect(() => decodeEventSamples({ v: 99 })).toThrow();
});
