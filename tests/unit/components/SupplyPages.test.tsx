/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from "@testing-library/react";
import { PAGE_SIZE, SupplyTable } from "@/components/supply/SupplyTable";
import { entry } from "./fixtures";
import { preferredSelector } from "@/lib/assets/resolve";
import { fromWireTable, toTableRow, toWireTable } from "@/components/supply/rows";

const FULL_MARKET = 270;
const MARKET = Array.from({ length: FULL_MARKET }, (_, i) =>
  entry({
    rank: i + 1,
    id: String(i + 1),
    symbol: `C${i + 1}`,
    circulating_usd: (FULL_MARKET - i) * 1e6,
    chains: i % 10 === 0 ? ["ethereum", "base"] : ["ethereum"],
  }),
);
const shownRanks = () =>
  screen.getAllByTestId("supply-row").map((tr) => within(tr).getAllByRole("cell")[0]!.textContent);

describe("SupplyTable at the full market: one page rendered, the whole set filtered", () => {
  it("renders the first page only and pages through the rest", () => {
    render(<SupplyTable assets={MARKET} asOf="2025-06-01T14:05:00.000Z" />);
    expect(screen.getAllByTestId("supply-row")).toHaveLength(PAGE_SIZE);
    expect(screen.getByTestId("pager-status").textContent).toBe("Rows 1–50 of 270 (page 1 of 6)");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByTestId("pager-status").textContent).toBe("Rows 51–100 of 270 (page 2 of 6)");
    expect(shownRanks()[0]).toBe("51");
    fireEvent.click(screen.getByRole("button", { name: "First" }));
    expect(shownRanks()[0]).toBe("1");
  });

  it("filters, searches and exports over every row, not just the page shown", () => {
    render(<SupplyTable assets={MARKET} asOf="2025-06-01T14:05:00.000Z" />);
    expect(screen.getByRole("button", { name: /Export CSV \(270 rows\)/ })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    fireEvent.change(screen.getByLabelText("Chain"), { target: { value: "base" } });
    // Filtering goes back to the first page; rank 261 lives far beyond the first page.
    expect(screen.getAllByTestId("supply-row")).toHaveLength(27);
    expect(shownRanks().at(-1)).toBe("261");
    expect(screen.getByRole("button", { name: /Export CSV \(27 rows\)/ })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Symbol, name or issuer"), {
      target: { value: "C261" },
    });
    expect(shownRanks()).toEqual(["261"]);
    fireEvent.change(screen.getByLabelText("Symbol, name or issuer"), {
      target: { value: "no such coin" },
    });
    expect(screen.queryAllByTestId("supply-row")).toHaveLength(0);
    expect(screen.getByText(/No stablecoins match these filters/)).toBeTruthy();
  });
});

describe("hostile strings from an upstream render inert", () => {
  const HOSTILE_NAME = '<img src=x onerror="window.__pwned=1">';
  const HOSTILE_SYMBOL = "<script>window.__pwned=1</script>";

  it("a coin name and symbol carrying markup are shown as text, never as elements", () => {
    const { container } = render(
      <SupplyTable
        assets={[
          entry({
            rank: 1,
            id: "666",
            symbol: HOSTILE_SYMBOL,
            name: HOSTILE_NAME,
            // What the supply panel sends: the server's selector for this row.
            selector: preferredSelector({ id: "666", symbol: HOSTILE_SYMBOL, geckoId: null }, []),
          }),
        ]}
        asOf="2025-06-01T14:05:00.000Z"
      />,
    );
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("[onerror]")).toBeNull();
    expect(container.textContent).toContain(HOSTILE_SYMBOL);
    expect(container.textContent).toContain(HOSTILE_NAME);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    // The unsafe symbol is not a selector: the row links by DefiLlama id.
    expect(screen.getByRole("link").getAttribute("href")).toBe("/stablecoins/666");
  });
});

describe("the page's compact rows", () => {
  it("carry each chain once and expand to the same table rows", () => {
    const entries = MARKET;
    const wire = toWireTable(entries);
    expect(new Set(wire.chainNames).size).toBe(wire.chainNames.length);
    // Prices are sent to six decimals; the entries' prices here have fewer.
    expect(fromWireTable(wire)).toEqual(entries.map(toTableRow));
  });
});
