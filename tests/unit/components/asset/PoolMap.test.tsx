/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from "@testing-library/react";
import { PoolMap } from "@/components/asset/PoolMap";
import { ALL, filterPools, NO_FILTERS, venueChainMatrix } from "@/components/asset/poolFilters";
import { POOLS, POOLS_BODY } from "./fixtures";

const pairs = () =>
  screen.getAllByTestId("pool-row").map((tr) => within(tr).getByRole("rowheader").textContent);
const select = (name: string) => screen.getByRole("combobox", { name });

describe("pool map filters", () => {
  beforeEach(() => {
    global.fetch = jest.fn(() => Promise.reject(new Error("no network in the pool map"))) as never;
  });

  it("filterPools narrows by chain, venue and pair type together", () => {
    expect(filterPools(POOLS, NO_FILTERS)).toHaveLength(4);
    expect(filterPools(POOLS, { ...NO_FILTERS, chain: "ethereum" }).map((p) => p.venue)).toEqual([
      "curve",
      "uniswap",
    ]);
    expect(filterPools(POOLS, { chain: "ethereum", venue: "uniswap", pairKind: ALL })).toHaveLength(
      1,
    );
    expect(
      filterPools(POOLS, { ...NO_FILTERS, pairKind: "stable-volatile" }).map((p) => p.pair),
    ).toEqual(["USDC/WETH"]);
    expect(filterPools(POOLS, { chain: "base", venue: "curve", pairKind: ALL })).toEqual([]);
  });

  it("venueChainMatrix sums depth per venue × chain, deepest first", () => {
    const m = venueChainMatrix(POOLS);
    expect(m.venues[0]).toBe("ramses");
    expect(m.chains[0]).toBe("arbitrum");
    expect(m.cells.get("uniswap|ethereum")).toEqual({
      pools: 1,
      depthUsd: 400_000,
      effectiveTvlUsd: 10_000_000,
    });
  });

  it("filters the rendered rows client-side, with no request", () => {
    render(<PoolMap body={POOLS_BODY} backing="fiat-backed" />);
    expect(pairs()).toHaveLength(4);
    expect(screen.getByTestId("pool-count").textContent).toBe("Showing 4 of 4 pools");
    expect(screen.getByTestId("pool-backing").textContent).toContain("Fiat-backed");
    expect(screen.getByText("capped")).toBeTruthy();

    fireEvent.change(select("Chain"), { target: { value: "ethereum" } });
    expect(pairs()).toEqual(["USDC/USDT", "USDC/WETH"]);
    fireEvent.change(select("Pair type"), { target: { value: "stable-volatile" } });
    expect(pairs()).toEqual(["USDC/WETH"]);
    expect(screen.getByTestId("pool-count").textContent).toBe("Showing 1 of 4 pools");
    const matrix = screen.getByTestId("venue-chain-matrix");
    expect(
      within(matrix)
        .getAllByRole("rowheader")
        .map((th) => th.textContent),
    ).toEqual(["uniswap"]);

    fireEvent.change(select("DEX venue"), { target: { value: "curve" } });
    expect(screen.queryAllByTestId("pool-row")).toHaveLength(0);
    expect(screen.getByText("No pool matches these filters")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(pairs()).toHaveLength(4);
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it("shows the source and its as-of time", () => {
    render(<PoolMap body={POOLS_BODY} backing="fiat-backed" />);
    expect(screen.getByText("DexScreener")).toBeTruthy();
    expect(screen.getByText("2026-01-15 12:00 UTC")).toBeTruthy();
  });
});
