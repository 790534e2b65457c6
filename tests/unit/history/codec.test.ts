/**
 * The stored form of the history (docs/history.md, "Storage"): a raw chunk reads back exactly,
 * nulls stay null (never 0, never filled in), and no stored value exceeds 512 KB.
 */
import fc from "fast-check";
import { z } from "zod";
import {
  decodeRawChunk,
  encodeRawChunk,
  MAX_STORED_VALUE_BYTES,
  RAW_SLOTS_PER_CHUNK,
  rawChunkSchema,
  storedBytes,
} from "@/lib/history/raw-chunk";
import { type HistorySample, samplePegDeviationBps, toEventSample } from "@/lib/history/sample";
import { HOUR_MS, realistic, seeded, T0_MS } from "./fixtures";

/** As the store writes and reads it. */
const throughStore = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const week = (seed = 1) => {
  const rand = seeded(seed);
  return Array.from({ length: RAW_SLOTS_PER_CHUNK }, (_, i) => realistic(i, rand));
};

it("a week of samples reads back exactly", () => {
  const samples = week();
  expect(decodeRawChunk(throughStore(encodeRawChunk(samples)))).toEqual(samples);
});

it("nulls stay null: never 0, never the neighbour's value", () => {
  const samples = week();
  const holed: HistorySample[] = samples.map((s, i) =>
    i % 3 === 1
      ? {
          ...s,
          price: { ...s.price, usd: null, as_of: null, sources: [] },
          depth_2pct_usd: {
            ...s.depth_2pct_usd,
            total_usd: null,
            venues: { ...s.depth_2pct_usd.venues, "cex:binance": null },
          },
          exit_cost_bps: { ...s.exit_cost_bps, usd_10m: null },
          chain_peg_bps: { ...s.chain_peg_bps, chains: { ...s.chain_peg_bps.chains, base: null } },
          risk_score: {
            ...s.risk_score,
            components: { ...s.risk_score.components, liquidity: null },
          },
        }
      : s,
  );
  const back = decodeRawChunk(throughStore(encodeRawChunk(holed)));
  expect(back).toEqual(holed);
  const gap = back[1];
  expect(gap?.price.usd).toBeNull();
  expect(gap && samplePegDeviationBps(gap)).toBeNull();
  expect(gap?.depth_2pct_usd.venues["cex:binance"]).toBeNull();
  expect(gap?.risk_score.components.liquidity).toBeNull();
  expect(gap && toEventSample(gap).depthUsd).toBeNull();
});

it("a venue missing from a sample reads back as null (it did not answer)", () => {
  const [a, b] = week();
  if (!a || !b) throw new Error("fixture");
  const { "cex:okx": _gone, ...rest } = b.depth_2pct_usd.venues;
  const back = decodeRawChunk(
    throughStore(
      encodeRawChunk([a, { ...b, depth_2pct_usd: { ...b.depth_2pct_usd, venues: rest } }]),
    ),
  );
  expect(back[1]?.depth_2pct_usd.venues["cex:okx"]).toBeNull();
});

it("any sample at the stored precision reads back as it was (property)", () => {
  const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
  const cents = (max: number) =>
    fc.integer({ min: -max * 100, max: max * 100 }).map((v) => v / 100);
  const arbitrarySample = fc.record({
    price: optional(fc.integer({ min: 1, max: 2_000_000 }).map((v) => v / 1_000_000)),
    depth: optional(fc.integer({ min: 0, max: 1e13 })),
    bps: optional(cents(9_999)),
    chainBps: optional(cents(9_999)),
    score: optional(fc.integer({ min: 0, max: 10_000 }).map((v) => v / 100)),
    asOfSeconds: optional(fc.integer({ min: 0, max: 86_400 })),
  });
  fc.assert(
    fc.property(fc.array(arbitrarySample, { minLength: 1, maxLength: 24 }), (xs) => {
      const rand = seeded(7);
      const samples = xs.map((x, i): HistorySample => {
        const s = realistic(i, rand);
        const asOf = x.asOfSeconds === null ? null : s.t - x.asOfSeconds * 1000;
        return {
          ...s,
          price: { ...s.price, usd: x.price, as_of: asOf },
          depth_2pct_usd: {
            ...s.depth_2pct_usd,
            total_usd: x.depth,
            venues: { "dex:base": x.depth },
          },
          exit_cost_bps: { ...s.exit_cost_bps, usd_1m: x.bps },
          chain_peg_bps: { ...s.chain_peg_bps, chains: { base: x.chainBps } },
          risk_score: { ...s.risk_score, score: x.score },
        };
      });
      expect(decodeRawChunk(throughStore(encodeRawChunk(samples)))).toEqual(samples);
    }),
  );
});

it("times need not be whole seconds", () => {
  const rand = seeded(3);
  const samples = [realistic(0, rand, T0_MS + 7), realistic(1, rand, T0_MS + HOUR_MS + 9)].map(
    (s) => ({ ...s, price: { ...s.price, as_of: s.t - 5_000 } }),
  );
  expect(decodeRawChunk(throughStore(encodeRawChunk(samples)))).toEqual(samples);
});

it("refuses more samples than a chunk holds, and a damaged value", () => {
  const rand = seeded(4);
  const tooMany = Array.from({ length: RAW_SLOTS_PER_CHUNK + 1 }, (_, i) => realistic(i, rand));
  expect(() => encodeRawChunk(tooMany)).toThrow(RangeError);
  const damaged = { ...encodeRawChunk(week()), tu: 7 };
  expect(() => decodeRawChunk(damaged)).toThrow();
});

it("a realistic week is far under the stored-value bound", () => {
  expect(storedBytes(encodeRawChunk(week()))).toBeLessThan(MAX_STORED_VALUE_BYTES / 8);
});

it("a column is refused exactly when an array of integers or nulls would be", () => {
  const reference = z.array(z.number().int().nullable());
  const cells = fc.oneof(
    fc.integer(),
    fc.constant(null),
    fc.double(),
    fc.constantFrom(NaN, Infinity, -Infinity, 2 ** 53, 1.5, "1", undefined, true, {}, []),
  );
  fc.assert(
    fc.property(fc.array(cells, { maxLength: 6 }), fc.boolean(), (cells, inTimes) => {
      const chunk = encodeRawChunk(week().slice(0, 6));
      const damaged = inTimes
        ? { ...chunk, t: cells }
        : { ...chunk, c: { ...chunk.c, "price.usd": cells } };
      const valid = inTimes
        ? z.array(z.number().int()).safeParse(cells).success
        : reference.safeParse(cells).success;
      expect(rawChunkSchema.safeParse(damaged).success).toBe(valid);
    }),
  );
});
