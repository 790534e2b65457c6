/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { RailChips } from "@/components/rail/RailChips";
import { SupplySection } from "@/components/supply/SupplySection";
import { assetHrefs } from "@/components/supply/rows";
import { PegBadge } from "@/components/ui/PegBadge";
import { SUPPLY_BODY } from "./fixtures";

describe("RailChips", () => {
  it("shows dominance and the largest 7-day change with the size floor", () => {
    render(<RailChips rail={SUPPLY_BODY.rail} hrefs={assetHrefs(SUPPLY_BODY.assets)} />);
    const dom = screen.getByTestId("chip-dominance");
    expect(dom.textContent).toContain("Largest stablecoin");
    expect(within(dom).getByRole("link", { name: "USDT" }).getAttribute("href")).toBe(
      "/stablecoins/usdt",
    );
    expect(dom.textContent).toContain("64.4% of listed total");
    expect(dom.textContent).toContain("$187.0B circulating");
    const move = screen.getByTestId("chip-change");
    expect(move.textContent).toContain("USDS");
    // The coin's canonical page (its row's selector), not its DefiLlama id (a 308 away).
    expect(within(move).getByRole("link", { name: "USDS" }).getAttribute("href")).toBe(
      "/stablecoins/usds",
    );
    expect(move.textContent).toContain("+10.40%");
    expect(move.textContent).toContain("+\u2060$633.1M");
    expect(move.textContent).toContain("assets above $5M only");
  });

  it("degrades to dashes when a chip has no data", () => {
    render(<RailChips rail={{ dominance: null, largest_7d_change: null }} hrefs={new Map()} />);
    expect(screen.getByTestId("chip-dominance").textContent).toContain("—");
    expect(screen.getByTestId("chip-change").textContent).toContain(
      "no asset with a week of history",
    );
  });
});

describe("PegBadge", () => {
  it("marks ±10 bps inclusive as within, beyond as outside", () => {
    const { rerender, container } = render(<PegBadge bps={10} />);
    expect(container.textContent).toBe("+10.0 bpswithin ±10 bps");
    rerender(<PegBadge bps={-10.5} />);
    expect(container.textContent).toContain("outside ±10 bps");
    rerender(<PegBadge bps={null} />);
    expect(container.textContent).toBe("—");
    rerender(<PegBadge bps={1124.5} yieldBearing pegNote="NAV note" />);
    expect(container.textContent).not.toContain("outside");
    expect(screen.getByTitle("NAV note")).toBeTruthy();
  });
});

describe("SupplySection states", () => {
  it("shows the warning and a retry link when the panel failed", () => {
    render(
      <SupplySection result={{ ok: false, warning: "DefiLlama (aggregate): unavailable." }} />,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("DefiLlama (aggregate): unavailable.");
    expect(within(alert).getByRole("link", { name: "Retry" }).getAttribute("href")).toBe("/");
  });

  it("shows an empty state for an empty list, with source and as-of", () => {
    render(<SupplySection result={{ ok: true, body: { ...SUPPLY_BODY, assets: [] } }} />);
    expect(screen.getByRole("status").textContent).toContain("No stablecoins listed");
    expect(screen.getByText("DefiLlama")).toBeTruthy();
    expect(screen.getByText("2025-06-01 14:05 UTC").getAttribute("dateTime")).toBe(
      "2025-06-01T14:05:00.000Z",
    );
    expect(screen.getByRole("link", { name: "Method" }).getAttribute("href")).toBe(
      "/methodology#supply",
    );
  });
});
