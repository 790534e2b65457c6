/**
 * The split across venues fills a size the venues can take at any coin price: slices that add up
 * to the size in floating point leave no phantom unfilled part (amounts are compared with a
 * tolerance of a cent), and a size the venues cannot take stays unfilled.
 */
import fc from "fast-check";
import { FILL_TOLERANCE_USD } from "@/lib/domain/exit-cost-constants";
import {
  bookLossCurve,
  pointsLossCurve,
  singleVenueOutcome,
  splitEstimate,
} from "@/lib/domain/exit-ladder";

const SIZES_USD = [10_000, 100_000, 1_000_000];

/** A DEX venue quoted at each ladder size (in coins at `priceUsd`), like the route builds it. */
const dexAt = (priceUsd: number, costs: readonly number[]) =>
  pointsLossCurve(
    SIZES_USD.map((s, i) => ({ qty: s / priceUsd, costBps: costs[i] as number })),
    FILL_TOLERANCE_USD / priceUsd,
  );

describe("split across venues at awkward prices", () => {
  it("fills UTY's $10K at 0.999299 as it does at 1.00 (8.65 bps)", () => {
    for (const priceUsd of [0.999299, 1]) {
      const split = splitEstimate(
        [{ id: "dex", loss: dexAt(priceUsd, [8.65, 9, 12]) }],
        10_000 / priceUsd,
        {
          priceUsd,
        },
      );
      expect([priceUsd, split.unfilledQty]).toEqual([priceUsd, 0]);
      expect(split.costBps).toBeCloseTo(8.65, 6);
    }
  });

  it("any price, any size the venues can take: a cost, nothing unfilled", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.9, max: 1.1, noNaN: true }),
        fc.constantFrom(...SIZES_USD),
        fc.array(fc.double({ min: 0, max: 50, noNaN: true }), { minLength: 3, maxLength: 3 }),
        (priceUsd, sizeUsd, costs) => {
          const sorted = [...costs].sort((a, b) => a - b);
          const book = bookLossCurve([{ price: 0.999, size: 2 * sizeUsd }], 1);
          const venues = [
            { id: "dex", loss: dexAt(priceUsd, sorted) },
            { id: "cex", loss: book },
          ];
          for (const v of [venues, venues.slice(0, 1)]) {
            const split = splitEstimate(v, sizeUsd / priceUsd, { priceUsd });
            expect(split.unfilledQty).toBe(0);
            expect(split.costBps).not.toBeNull();
            expect(split.allocations.reduce((a, b) => a + b.share, 0)).toBeCloseTo(1, 9);
          }
        },
      ),
    );
  });

  it("a size beyond what the venues take by more than a cent stays unfilled", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.9, max: 1.1, noNaN: true }), (priceUsd) => {
        const cap = 10_000 / priceUsd;
        const book = bookLossCurve([{ price: 0.999, size: cap }], 1);
        const split = splitEstimate([{ id: "cex", loss: book }], 2 * cap, { priceUsd });
        expect(split.costBps).toBeNull();
        expect(split.unfilledQty * priceUsd).toBeGreaterThan(FILL_TOLERANCE_USD);
      }),
    );
  });

  it("a DEX curve takes its largest quoted size within a cent, not beyond", () => {
    const curve = pointsLossCurve([{ qty: 1e4, costBps: 10 }], 0.01);
    expect(curve(1e4 + 0.005)).toBeCloseTo(10, 6);
    expect(curve(1e4 + 1)).toBeNull();
  });
});

describe("best single venue", () => {
  const filled = (costBps: number) =>
    ({
      measured: true,
      fillable: true,
      costBps,
      avgPriceUsd: 1,
      filledUsd: 1e6,
      unfilledUsd: 0,
    }) as const;
  const short = (unfilledUsd: number) =>
    ({
      measured: true,
      fillable: false,
      costBps: null,
      avgPriceUsd: 0.99,
      filledUsd: 1e6 - unfilledUsd,
      unfilledUsd,
    }) as const;
  const unmeasured = { measured: false, reason: "source-unavailable" } as const;

  it("is the cheapest venue that fills the size", () => {
    expect(
      singleVenueOutcome([
        { id: "a", fill: filled(12) },
        { id: "b", fill: filled(3) },
        { id: "c", fill: short(10) },
      ]),
    ).toEqual({ best: { id: "b", costBps: 3 }, fillable: true, unfilledUsd: 0 });
  });

  it("is not fillable, with the smallest unfilled part, when measured venues all fall short", () => {
    expect(
      singleVenueOutcome([
        { id: "a", fill: short(400_000) },
        { id: "b", fill: short(250_000) },
        { id: "c", fill: unmeasured },
      ]),
    ).toEqual({ best: null, fillable: false, unfilledUsd: 250_000 });
  });

  it("is not measured only when no venue was measured", () => {
    expect(singleVenueOutcome([{ id: "c", fill: unmeasured }])).toEqual({
      best: null,
      fillable: null,
      unfilledUsd: null,
    });
    expect(singleVenueOutcome([])).toEqual({ best: null, fillable: null, unfilledUsd: null });
  });
});
