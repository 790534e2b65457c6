import fc from "fast-check";
import {
  confidenceScore,
  priceAgreement,
  snapshotFreshness,
  type ConfidenceInputs,
} from "@/lib/domain/confidence";

const HOUR_MS = 3_600_000;
const price = fc.option(fc.double({ min: 0.5, max: 1.5, noNaN: true }), { nil: null });
const inputs: fc.Arbitrary<ConfidenceInputs> = fc.record({
  market: fc.boolean(),
  cexDepth: fc.boolean(),
  dex: fc.boolean(),
  aggregate: fc.boolean(),
  onChain: fc.option(
    fc.record({
      ageMs: fc.integer({ min: 0, max: 100 * HOUR_MS }),
      ttlMs: fc.constant(12 * HOUR_MS),
    }),
    { nil: null },
  ),
  prices: fc.record({ market: price, aggregate: price, dex: price }),
});

type Source =
  | "market"
  | "cexDepth"
  | "dex"
  | "aggregate"
  | "onChain"
  | "priceMarket"
  | "priceAggregate"
  | "priceDex";

function drop(i: ConfidenceInputs, s: Source): ConfidenceInputs {
  switch (s) {
    case "onChain":
      return { ...i, onChain: null };
    case "priceMarket":
      return { ...i, prices: { ...i.prices, market: null } };
    case "priceAggregate":
      return { ...i, prices: { ...i.prices, aggregate: null } };
    case "priceDex":
      return { ...i, prices: { ...i.prices, dex: null } };
    default:
      return { ...i, [s]: false };
  }
}

describe("confidence score", () => {
  it("is 1 with every source present, fresh and in agreement", () => {
    const s = confidenceScore({
      market: true,
      cexDepth: true,
      dex: true,
      aggregate: true,
      onChain: { ageMs: 0, ttlMs: 12 * HOUR_MS },
      prices: { market: 1, aggregate: 1, dex: 1 },
    });
    expect(s.score).toBe(1);
  });

  it("is 0 with nothing available", () => {
    const s = confidenceScore({
      market: false,
      cexDepth: false,
      dex: false,
      aggregate: false,
      onChain: null,
      prices: { market: null, aggregate: null, dex: null },
    });
    expect(s.score).toBe(0);
  });

  it("stays within [0, 1]", () => {
    fc.assert(
      fc.property(inputs, (i) => {
        const { score } = confidenceScore(i);
        return score >= 0 && score <= 1;
      }),
      { numRuns: 300 },
    );
  });

  it("never rises when a source is lost", () => {
    const sources: Source[] = [
      "market",
      "cexDepth",
      "dex",
      "aggregate",
      "onChain",
      "priceMarket",
      "priceAggregate",
      "priceDex",
    ];
    fc.assert(
      fc.property(inputs, fc.constantFrom(...sources), (i, s) => {
        return confidenceScore(drop(i, s)).score <= confidenceScore(i).score;
      }),
      { numRuns: 500 },
    );
  });

  it("never rises when prices disagree more", () => {
    fc.assert(
      fc.property(
        inputs,
        fc.constantFrom<"market" | "aggregate" | "dex">("market", "aggregate", "dex"),
        fc.double({ min: 0, max: 0.2, noNaN: true }),
        (i, which, extra) => {
          const current = i.prices[which];
          if (current === null) return true;
          const others = (["market", "aggregate", "dex"] as const)
            .filter((k) => k !== which)
            .map((k) => i.prices[k])
            .filter((p): p is number => p !== null);
          // Push the price further away from every other price.
          const away = others.every((o) => current >= o)
            ? current + extra
            : others.every((o) => current <= o)
              ? current - extra
              : current;
          const wider = { ...i, prices: { ...i.prices, [which]: away } };
          return confidenceScore(wider).score <= confidenceScore(i).score;
        },
      ),
      { numRuns: 500 },
    );
  });

  it("decays the on-chain weight with snapshot age against its TTL", () => {
    expect(snapshotFreshness(0, 12 * HOUR_MS)).toBe(1);
    expect(snapshotFreshness(12 * HOUR_MS, 12 * HOUR_MS)).toBe(0.5);
    expect(snapshotFreshness(24 * HOUR_MS, 12 * HOUR_MS)).toBe(0);
    expect(snapshotFreshness(48 * HOUR_MS, 12 * HOUR_MS)).toBe(0);
  });

  it("scores price agreement linearly to zero at 100 bps", () => {
    expect(priceAgreement(1, 1)).toBe(1);
    expect(priceAgreement(1, 0.995)).toBeCloseTo(0.5, 9);
    expect(priceAgreement(1, 0.99)).toBe(0);
    expect(priceAgreement(1, null)).toBe(0);
  });
});
