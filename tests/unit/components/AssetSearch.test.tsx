/** @jest-environment jsdom */
import { fireEvent, render, screen } from "@testing-library/react";
import { AssetSearch, validateAssetQuery } from "@/components/search/AssetSearch";

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));

describe("AssetSearch", () => {
  beforeEach(() => push.mockReset());

  it("navigates to /stablecoins/<asset> for a valid query", () => {
    render(<AssetSearch suggestions={["USDT", "USDC"]} />);
    fireEvent.change(screen.getByLabelText("Look up a stablecoin"), {
      target: { value: "  USD-Coin " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Go" }));
    expect(push).toHaveBeenCalledWith("/stablecoins/usd-coin");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it.each([
    ["USD+", "/stablecoins/usd%2B"],
    ["eUSD(v2)", "/stablecoins/eusd(v2)"],
  ])("navigates for %s, a symbol the API accepts", (typed, path) => {
    render(<AssetSearch />);
    fireEvent.change(screen.getByLabelText("Look up a stablecoin"), { target: { value: typed } });
    fireEvent.click(screen.getByRole("button", { name: "Go" }));
    expect(push).toHaveBeenCalledWith(path);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows an inline error and does not navigate for an invalid query", () => {
    render(<AssetSearch />);
    const input = screen.getByLabelText("Look up a stablecoin");
    fireEvent.change(input, { target: { value: "usdc/../../api" } });
    fireEvent.submit(input.closest("form")!);
    expect(push).not.toHaveBeenCalled();
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toMatch(/letters, digits/);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe(alert.id);
    fireEvent.change(input, { target: { value: "usdc" } });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("validates the asset pattern", () => {
    expect(validateAssetQuery("")).toMatchObject({ ok: false });
    expect(validateAssetQuery("a".repeat(65))).toMatchObject({ ok: false });
    expect(validateAssetQuery("usd coin")).toMatchObject({ ok: false });
    expect(validateAssetQuery("crvUSD")).toEqual({ ok: true, value: "crvUSD" });
    expect(validateAssetQuery("209")).toEqual({ ok: true, value: "209" });
  });
});
