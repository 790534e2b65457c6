/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { IssuerSection } from "@/components/issuers/IssuerSection";
import { IssuerTreemap } from "@/components/issuers/IssuerTreemap";
import { toTreemapData } from "@/components/issuers/treemapData";
import { ISSUERS_BODY } from "./fixtures";

const titles = (el: Element) => [...el.querySelectorAll("rect > title")].map((t) => t.textContent);

describe("issuer treemap", () => {
  it("renders concentration, sources, the server-drawn chart and a table alternative", () => {
    render(<IssuerSection result={{ ok: true, body: ISSUERS_BODY }} />);
    expect(screen.getByText("Tether 70.8%")).toBeTruthy();
    expect(screen.getByText("5,960")).toBeTruthy();
    expect(screen.getByText("Dune")).toBeTruthy();
    expect(screen.getByText(/last run/)).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("Dune (on-chain-scheduled)");
    const chart = screen.getByRole("img");
    expect(chart.tagName.toLowerCase()).toBe("svg");
    expect(chart.getAttribute("aria-label")).toMatch(/Tether holds 70.8%/);
    expect(screen.getByTestId("issuer-treemap").contains(chart)).toBe(true);
    const table = screen.getByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[2]!.textContent).toContain("Circle29.2%$77.0BUSDC, USYCEthereum, Solana");
  });

  it("hides warnings already shown on the page and shows an error state on failure", () => {
    const { rerender } = render(
      <IssuerSection
        result={{ ok: true, body: ISSUERS_BODY }}
        hideWarnings={ISSUERS_BODY.warnings}
      />,
    );
    expect(screen.queryByRole("status")).toBeNull();
    rerender(<IssuerSection result={{ ok: false, warning: "DefiLlama (aggregate): down." }} />);
    expect(screen.getByRole("alert").textContent).toContain("DefiLlama (aggregate): down.");
  });

  it("draws every issuer and chain with a tooltip, in a layout for each container shape", () => {
    const { container } = render(
      <IssuerTreemap data={toTreemapData(ISSUERS_BODY.tree)} label="Issuer treemap" />,
    );
    const svg = screen.getByRole("img", { name: "Issuer treemap" });
    const layouts = svg.querySelectorAll(":scope > g");
    expect(layouts).toHaveLength(2);
    for (const layout of layouts) {
      expect(titles(layout)).toEqual([
        "All listed USD stablecoins: $264.0B",
        "Tether: $187.0B",
        "Tether · Ethereum: $90.0B",
        "Tether · Tron: $80.0B",
        "Tether · BNB Chain: $17.0B",
        "Circle: $77.0B",
        "Circle · Ethereum: $40.0B",
        "Circle · Solana: $37.0B",
      ]);
    }
    // Below `sm` the narrow layout shows, from `sm` the wide one (CSS only, no client JS).
    expect(layouts[0]!.getAttribute("class")).toBe("sm:hidden");
    expect(layouts[1]!.getAttribute("class")).toBe("hidden sm:inline");
    expect(container.textContent).toContain("Tether");
    expect(container.textContent).toContain("Ethereum $90.0B");
    for (const rect of svg.querySelectorAll("rect")) {
      for (const attr of ["x", "y", "width", "height"]) {
        const v = Number(rect.getAttribute(attr)!.replace("%", ""));
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(100);
      }
    }
  });

  it("puts values on leaves only and groups small chains", () => {
    const data = toTreemapData(ISSUERS_BODY.tree, 2);
    expect(data.children?.[0]).toEqual({
      name: "Tether",
      children: [
        { name: "Ethereum", value: 90e9, issuer: "Tether" },
        { name: "Tron", value: 80e9, issuer: "Tether" },
        { name: "1 other chain", value: 17e9, issuer: "Tether" },
      ],
    });
    expect(data.children?.every((c) => c.value === undefined)).toBe(true);
  });
});
