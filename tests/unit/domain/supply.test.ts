import { pegDeviationBps } from "@/lib/domain/peg";
import { supplyChange, supplyShares } from "@/lib/domain/supply";

describe("supply shares", () => {
  it("merges labels of one chain, drops non-positive amounts and sums to 1", () => {
    const s = supplyShares([
      ["Ethereum", 60],
      ["OP Mainnet", 10],
      ["optimism", 10],
      ["BSC", 20],
      ["Tron", 0],
      ["Base", Number.NaN],
    ]);
    expect(Object.keys(s).sort()).toEqual(["bnb", "ethereum", "optimism"]);
    expect(s.ethereum).toBeCloseTo(0.6, 12);
    expect(s.optimism).toBeCloseTo(0.2, 12);
    const sum = Object.values(s).reduce((a, b) => a + b, 0);
    expect(Math.abs(sum - 1)).toBeLessThan(1e-9);
  });

  it("is empty for no positive amounts", () => {
    expect(supplyShares([["Ethereum", 0]])).toEqual({});
  });

  it("keeps the sum within 1e-9 for many awkward shares", () => {
    const amounts: [string, number][] = Array.from({ length: 37 }, (_, i) => [
      `chain-${i}`,
      1 / (i + 3),
    ]);
    const sum = Object.values(supplyShares(amounts)).reduce((a, b) => a + b, 0);
    expect(Math.abs(sum - 1)).toBeLessThan(1e-9);
  });
});

describe("supply change and peg deviation", () => {
  it("computes change and percent; null without history", () => {
    expect(supplyChange(110, 100)).toEqual({ changeUsd: 10, changePct: 10 });
    expect(supplyChange(110, null)).toEqual({ changeUsd: null, changePct: null });
    expect(supplyChange(110, 0)).toEqual({ changeUsd: null, changePct: null });
  });

  it("peg deviation is (price − 1) × 10 000", () => {
    expect(pegDeviationBps(0.9985)).toBeCloseTo(-15, 9);
    expect(pegDeviationBps(1)).toBe(0);
    expect(pegDeviationBps(null)).toBeNull();
    expect(pegDeviationBps(Number.NaN)).toBeNull();
  });
});
