/**
 * Shares that add up to a whole (1, or 100 %) still do after rounding to their unit's last digit:
 * largest remainder, never one-by-one rounding.
 */
import fc from "fast-check";
import {
  DECIMALS,
  percentShares,
  roundShareMap,
  roundSharesToSum,
  roundTo,
} from "@/lib/domain/precision";
import { issuerMarketConcentration, issuerShare } from "@/lib/domain/concentration";

const SUM_TOLERANCE = 1e-9;
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Positive amounts of very different sizes (a chain with 1e-9 of the supply next to 1e12). */
const amounts = fc.array(
  fc.oneof(
    fc.double({ min: 1e-9, max: 1, noNaN: true }),
    fc.double({ min: 1, max: 1e12, noNaN: true }),
  ),
  { minLength: 1, maxLength: 60 },
);
/** A fraction distribution (sums to 1, 1e-6 places) or a percent one (sums to 100, 1e-4 places). */
const shapes = fc.constantFrom(
  { decimals: DECIMALS.fraction, whole: 1 },
  { decimals: DECIMALS.pct, whole: 100 },
);
const sharesOf = (xs: readonly number[], whole: number) => {
  const total = sum(xs);
  return xs.map((x) => (x / total) * whole);
};

describe("roundSharesToSum", () => {
  it("rounds a real miss so it adds up (one by one it sums to 0.999999)", () => {
    const shares = [0.40000045, 0.30000035, 0.2999992];
    expect(Math.abs(sum(shares.map((s) => roundTo(s, 6))) - 1)).toBeGreaterThan(SUM_TOLERANCE);
    const rounded = roundSharesToSum(shares, 6);
    expect(Math.abs(sum(rounded) - 1)).toBeLessThan(SUM_TOLERANCE);
    expect(rounded).toEqual([0.400001, 0.3, 0.299999]);
  });

  it("gives the lost last digits to the largest remainders", () => {
    // Thirds: 0.333333 each leaves one unit; the first of equal remainders takes it.
    expect(roundSharesToSum([1 / 3, 1 / 3, 1 / 3], 6)).toEqual([0.333334, 0.333333, 0.333333]);
    expect(roundSharesToSum([200 / 3, 100 / 3], 4)).toEqual([66.6667, 33.3333]);
  });

  it("keeps a partial list's own sum, and leaves what is no share alone", () => {
    expect(roundSharesToSum([], 6)).toEqual([]);
    expect(roundSharesToSum([0, 0], 6)).toEqual([0, 0]);
    expect(roundSharesToSum([0.2000004, 0.2000004], 6)).toEqual([0.200001, 0.2]);
    expect(roundSharesToSum([Number.NaN, -0.1234567, 0.5], 6)).toEqual([
      Number.NaN,
      -0.123457,
      0.5,
    ]);
  });

  it("sums to the whole within 1e-9 (of 1) for any positive amounts", () => {
    fc.assert(
      fc.property(amounts, shapes, (xs, { decimals, whole }) => {
        const rounded = roundSharesToSum(sharesOf(xs, whole), decimals);
        expect(rounded).toHaveLength(xs.length);
        expect(Math.abs(sum(rounded) - whole) / whole).toBeLessThan(SUM_TOLERANCE);
      }),
    );
  });

  it("keeps each share within one last digit of its exact value, printed with its unit's places", () => {
    fc.assert(
      fc.property(amounts, shapes, (xs, { decimals, whole }) => {
        const shares = sharesOf(xs, whole);
        const step = 10 ** -decimals;
        roundSharesToSum(shares, decimals).forEach((r, i) => {
          expect(Math.abs(r - (shares[i] as number))).toBeLessThan(step * 1.000001);
          // The serialiser's own rounding (roundToUnits) leaves the value as it is.
          expect(roundTo(r, decimals)).toBe(r);
          expect(r).toBeGreaterThanOrEqual(0);
        });
      }),
    );
  });

  it("keeps the order: a larger amount never gets a smaller share", () => {
    fc.assert(
      fc.property(amounts, (xs) => {
        const rounded = roundSharesToSum(sharesOf(xs, 1), DECIMALS.fraction);
        for (let i = 0; i < xs.length; i++)
          for (let j = 0; j < xs.length; j++)
            if ((xs[i] as number) > (xs[j] as number))
              expect(rounded[i]).toBeGreaterThanOrEqual(rounded[j] as number);
      }),
    );
  });
});

describe("roundShareMap", () => {
  it("rounds a chain → share map by the same rule, keys kept", () => {
    const out = roundShareMap({ ethereum: 0.40000045, base: 0.30000035, solana: 0.2999992 });
    expect(out).toEqual({ ethereum: 0.400001, base: 0.3, solana: 0.299999 });
    expect(Object.keys(roundShareMap({}))).toEqual([]);
  });
});

describe("percentShares", () => {
  it("gives each amount's share in percent, adding up to 100", () => {
    expect(percentShares([2, 1])).toEqual([66.6667, 33.3333]);
    expect(percentShares([0, 0])).toEqual([0, 0]);
    fc.assert(
      fc.property(amounts, (xs) => {
        expect(Math.abs(sum(percentShares(xs)) - 100)).toBeLessThan(100 * SUM_TOLERANCE);
      }),
    );
  });
});

describe("issuer shares", () => {
  it("one issuer's share is its market row's share, and the rows add up to 1", () => {
    const supplies = ["A", "B", "C"].map((issuer) => ({ issuer, circulatingUsd: 1 }));
    const market = issuerMarketConcentration(supplies);
    expect(market.issuers.map((r) => r.share)).toEqual([0.333334, 0.333333, 0.333333]);
    for (const r of market.issuers) expect(issuerShare(r.issuer, supplies).share).toBe(r.share);
    expect(issuerShare("Nobody", supplies).share).toBe(0);
  });
});
