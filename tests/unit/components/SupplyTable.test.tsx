/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { SupplyTable, toCsv } from "@/components/supply/SupplyTable";
import { assetHrefs, chainOptions, nextSort, sortRows } from "@/components/supply/rows";
import { ROWS } from "./fixtures";

const symbols = () =>
  screen
    .getAllByTestId("supply-row")
    .map((tr) => within(within(tr).getByRole("rowheader")).getByRole("link").textContent);
const readBlob = (b: Blob) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsText(b);
  });
const header = (name: RegExp) => screen.getByRole("columnheader", { name });

describe("SupplyTable", () => {
  beforeEach(() => {
    global.fetch = jest.fn(() =>
      Promise.reject(new Error("no network in this component")),
    ) as never;
  });

  it("renders rows in rank order with signed, coloured changes and peg badges", () => {
    render(<SupplyTable assets={ROWS} asOf="2025-06-01T14:05:00.000Z" />);
    expect(symbols()).toEqual(["USDT", "USDC", "USDS", "USYC", "FRAX", "USDS", "JUP"]);
    const usdt = screen.getAllByTestId("supply-row")[0]!;
    expect(within(usdt).getByText("$187.0B")).toBeTruthy();
    expect(within(usdt).getByText("−0.10%").parentElement?.className).toMatch(/text-red/);
    expect(within(usdt).getByText("within ±10 bps")).toBeTruthy();
    const sky = screen.getAllByTestId("supply-row")[2]!;
    expect(within(sky).getByText("+10.40%").parentElement?.className).toMatch(/text-emerald/);
    const frax = screen.getAllByTestId("supply-row")[4]!;
    expect(within(frax).getByText("outside ±10 bps")).toBeTruthy();
    const usyc = screen.getAllByTestId("supply-row")[3]!;
    expect(within(usyc).queryByText(/outside/)).toBeNull();
    expect(within(usyc).getByText("NAV token, not a depeg *")).toBeTruthy();
    const jup = screen.getAllByTestId("supply-row")[6]!;
    expect(within(jup).getAllByTitle("no history")).toHaveLength(2);
    expect(header(/#/).getAttribute("aria-sort")).toBe("ascending");
  });

  it("links unique and largest symbols by symbol, the other USDS by DefiLlama id", () => {
    render(<SupplyTable assets={ROWS} asOf="2025-06-01T14:05:00.000Z" />);
    const links = screen.getAllByRole("link").map((a) => a.getAttribute("href"));
    expect(links).toEqual([
      "/stablecoins/usdt",
      "/stablecoins/usdc",
      "/stablecoins/usds",
      "/stablecoins/usyc",
      "/stablecoins/frax",
      "/stablecoins/31",
      "/stablecoins/jup",
    ]);
  });

  it("toggles sorting from the header buttons and keeps missing values last", () => {
    render(<SupplyTable assets={ROWS} asOf="2025-06-01T14:05:00.000Z" />);
    const button = within(header(/7d change/)).getByRole("button");
    fireEvent.click(button);
    expect(header(/7d change/).getAttribute("aria-sort")).toBe("descending");
    expect(header(/#/).getAttribute("aria-sort")).toBe("none");
    expect(symbols()[0]).toBe("USDS");
    expect(symbols().at(-1)).toBe("JUP");
    fireEvent.click(button);
    expect(header(/7d change/).getAttribute("aria-sort")).toBe("ascending");
    expect(symbols()[0]).toBe("USDC");
    expect(symbols().at(-1)).toBe("JUP");
    fireEvent.click(within(header(/Symbol/)).getByRole("button"));
    expect(symbols()).toEqual(["FRAX", "JUP", "USDC", "USDS", "USDS", "USDT", "USYC"]);
  });

  it("narrows rows by chain, type and text without any request", () => {
    render(<SupplyTable assets={ROWS} asOf="2025-06-01T14:05:00.000Z" />);
    fireEvent.change(screen.getByLabelText("Chain"), { target: { value: "arbitrum" } });
    expect(symbols()).toEqual(["USDC", "USDS", "FRAX"]);
    fireEvent.change(screen.getByLabelText("Stablecoin type"), {
      target: { value: "algorithmic" },
    });
    expect(symbols()).toEqual(["FRAX"]);
    expect(screen.getByText(/Export CSV \(1 row\)/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Chain"), { target: { value: "all" } });
    expect(symbols()).toEqual(["FRAX", "USDS"]);
    fireEvent.change(screen.getByLabelText(/Symbol, name or issuer/), {
      target: { value: "spice" },
    });
    expect(symbols()).toEqual(["USDS"]);
    fireEvent.change(screen.getByLabelText(/Symbol, name or issuer/), {
      target: { value: "nothing" },
    });
    expect(screen.queryAllByTestId("supply-row")).toHaveLength(0);
    expect(screen.getByText(/No stablecoins match/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole("button", { name: "Clear filters" })[0]!);
    expect(symbols()).toHaveLength(ROWS.length);
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it("exports the filtered, sorted rows as a CSV blob", async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((b: Blob) => {
      blobs.push(b);
      return "blob:test";
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    render(<SupplyTable assets={ROWS} asOf="2025-06-01T14:05:00.000Z" />);
    fireEvent.change(screen.getByLabelText("Stablecoin type"), {
      target: { value: "algorithmic" },
    });
    fireEvent.click(screen.getByRole("button", { name: /Export CSV/ }));
    expect(click).toHaveBeenCalledTimes(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe("stablecoin-supply-2025-06-01T1405Z.csv");
    const text = await act(() => readBlob(blobs[0]!));
    expect(text).toBe(toCsv(ROWS.filter((r) => r.backing === "algorithmic")));
    expect(text).not.toContain("USDT");
    click.mockRestore();
  });
});

describe("row helpers", () => {
  it("lists chains by how many rows use them", () => {
    expect(chainOptions(ROWS).slice(0, 3)).toEqual(["ethereum", "arbitrum", "bnb"]);
  });
  it("starts numeric columns descending and flips the active one", () => {
    expect(nextSort({ key: "rank", dir: "asc" }, "circulating_usd")).toEqual({
      key: "circulating_usd",
      dir: "desc",
    });
    expect(nextSort({ key: "rank", dir: "asc" }, "rank")).toEqual({ key: "rank", dir: "desc" });
    expect(sortRows(ROWS, { key: "peg_deviation_bps", dir: "asc" })[0]?.symbol).toBe("JUP");
  });
  it("links the server's selector, URL-encoded", () => {
    const hrefs = assetHrefs([{ ...ROWS[0]!, symbol: "USD+", selector: "usd+", id: "46" }]);
    expect(hrefs.get("46")).toBe("/stablecoins/usd%2B");
  });
});
