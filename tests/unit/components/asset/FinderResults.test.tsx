/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { FinderResults } from "@/components/asset/FinderResults";
import { parseSwapSize } from "@/components/asset/LiquidityFinder";
import { POOLS } from "./fixtures";

const FINDER = {
  size_usd: 10_000_000,
  method: "Estimated execution slippage S / (V + S).",
  ranked: [
    {
      chain: "arbitrum",
      venue: "ramses",
      pair_address: "0xa1",
      pair: "USDC/USDT",
      estimated_impact_bps: 1.3331,
      fillable: true,
    },
    {
      chain: "ethereum",
      venue: "curve",
      pair_address: "0xe1",
      pair: "USDC/USDT",
      estimated_impact_bps: 63.31,
      fillable: true,
    },
    {
      chain: "base",
      venue: "uniswap",
      pair_address: "0xb1",
      pair: "USDC/USDT",
      estimated_impact_bps: null,
      fillable: false,
    },
  ],
};

describe("deep-liquidity finder results", () => {
  it("lists pools in rank order with impact in bps, the model, and not-fillable pools", () => {
    render(<FinderResults finder={FINDER} pools={POOLS} />);
    const items = within(screen.getByTestId("finder-results")).getAllByTestId("finder-result");
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain("ramses · Arbitrum");
    expect(within(items[0]!).getByTestId("finder-impact").textContent).toContain("1.3 bps");
    expect(items[0]!.textContent).toContain("Concentrated liquidity model, k=100");
    expect(within(items[1]!).getByTestId("finder-impact").textContent).toContain("63.3 bps");
    expect(items[1]!.textContent).toContain("Stableswap model, k=50");
    expect(within(items[2]!).queryByTestId("finder-impact")).toBeNull();
    expect(items[2]!.textContent).toContain("not fillable");
    expect(screen.getByText(/\$10\.0M/)).toBeTruthy();
    expect(screen.getByText(/not executable quotes/)).toBeTruthy();
  });

  it("says so when no pool is listed", () => {
    render(<FinderResults finder={{ ...FINDER, ranked: [] }} pools={[]} />);
    expect(screen.getByTestId("finder-empty")).toBeTruthy();
  });

  it("parses plain USD amounts and rejects the rest", () => {
    expect(parseSwapSize("10000000", 1e10)).toBe(10_000_000);
    expect(parseSwapSize("10,000,000", 1e10)).toBe(10_000_000);
    expect(parseSwapSize("2500.50", 1e10)).toBe(2500.5);
    expect(parseSwapSize("1e7", 1e10)).toBeNull();
    expect(parseSwapSize("-5", 1e10)).toBeNull();
    expect(parseSwapSize("0", 1e10)).toBeNull();
    expect(parseSwapSize("20000000000", 1e10)).toBeNull();
  });
});
