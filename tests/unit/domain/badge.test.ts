import {
  maxPairwiseSpreadBps,
  PEG_BADGE_MAX_USD,
  PEG_BADGE_MIN_USD,
  pegBadge,
  PRICE_AGREEMENT_BADGE_BPS,
  withinBadgeTolerance,
} from "@/lib/domain/badge";

describe("peg verification badge", () => {
  it("is on at exactly 0.999 and 1.001 USD (inclusive bounds)", () => {
    expect(withinBadgeTolerance(0.999)).toBe(true);
    expect(withinBadgeTolerance(1.001)).toBe(true);
    expect(withinBadgeTolerance(1 - 0.001)).toBe(true);
    expect(withinBadgeTolerance(1 + 0.001)).toBe(true);
    // Computed prices that land a hair outside in binary floating point still count.
    expect(withinBadgeTolerance(1.002 - 0.001)).toBe(true); // 1.0010000000000001
    expect(pegBadge({ market: 0.9 + 0.101 }).on).toBe(true);
    expect(pegBadge({ market: 0.999 }).on).toBe(true);
    expect(pegBadge({ market: 1.001 }).on).toBe(true);
  });

  it("is off just outside the tolerance", () => {
    const b = pegBadge({ market: 0.99899999 });
    expect(b.on).toBe(false);
    expect(b.reason).toMatch(/outside 0.999–1.001 USD/);
    expect(pegBadge({ market: 1.00100001 }).on).toBe(false);
  });

  it("reports the tolerance, the price and the checked prices", () => {
    const b = pegBadge({ market: 1.0002, aggregate: 0.9999, dex: null });
    expect(b).toMatchObject({
      on: true,
      priceUsd: 1.0002,
      toleranceUsd: [PEG_BADGE_MIN_USD, PEG_BADGE_MAX_USD],
      checkedPrices: [
        { source: "market", priceUsd: 1.0002 },
        { source: "aggregate", priceUsd: 0.9999 },
      ],
    });
    expect(b.maxSpreadBps).toBeCloseTo(3, 9);
    expect(b.reason).toMatch(/2 independent prices agree within 20 bps/);
  });

  it("requires the market price", () => {
    const b = pegBadge({ market: null, aggregate: 1, dex: 1 });
    expect(b.on).toBe(false);
    expect(b.priceUsd).toBeNull();
    expect(b.reason).toMatch(/No market price/);
    expect(pegBadge({ market: Number.NaN }).on).toBe(false);
  });

  it("is on with the market price alone and says so", () => {
    const b = pegBadge({ market: 1 });
    expect(b.on).toBe(true);
    expect(b.checkedPrices).toHaveLength(1);
    expect(b.maxSpreadBps).toBe(0);
    expect(b.reason).toMatch(/only the market price/);
  });

  it("needs the independent prices to agree within the spread limit (inclusive)", () => {
    expect(PRICE_AGREEMENT_BADGE_BPS).toBe(20);
    // 1.001 vs 0.999 is exactly 20 bps apart.
    expect(pegBadge({ market: 1.001, dex: 0.999 }).on).toBe(true);
    expect(pegBadge({ market: 1.0005, aggregate: 1, dex: 0.9985 }).on).toBe(true);
    // (1.0021 − 1.0001) × 10 000 = 20.000000000000018 in floating point: still within 20 bps.
    expect(pegBadge({ market: 1.0001, dex: 1.0021 }).on).toBe(true);
    const off = pegBadge({ market: 1, aggregate: 1.0021, dex: 1 });
    expect(off.on).toBe(false);
    expect(off.reason).toMatch(/disagree by 21.0 bps/);
    expect(pegBadge({ market: 1, dex: Number.NaN }).checkedPrices).toHaveLength(1);
  });

  it("computes the largest pairwise spread", () => {
    expect(maxPairwiseSpreadBps([])).toBe(0);
    expect(maxPairwiseSpreadBps([1])).toBe(0);
    expect(maxPairwiseSpreadBps([1, 1.001, 0.9995])).toBeCloseTo(15, 9);
  });
});
