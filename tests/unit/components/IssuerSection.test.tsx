/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { IssuerSection } from "@/components/issuers/IssuerSection";
import TreemapChart from "@/components/issuers/TreemapChart";
import { toTreemapData } from "@/components/issuers/treemapData";
import { ISSUERS_BODY } from "./fixtures";

const nivoProps: Array<Record<string, unknown>> = [];
jest.mock("@nivo/treemap", () => ({
  ResponsiveTreeMap: (props: Record<string, unknown>): ReactNode => {
    nivoProps.push(props);
    return <div data-testid="nivo-stub" role="img" aria-label={String(props.ariaLabel)} />;
  },
}));

function setMotion(reduce: boolean, search = "") {
  window.history.replaceState(null, "", `/${search}`);
  window.matchMedia = jest.fn().mockImplementation((q: string) => ({
    matches: reduce && q.includes("reduce"),
    media: q,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
}

describe("issuer treemap", () => {
  beforeEach(() => {
    nivoProps.length = 0;
    setMotion(false);
  });

  it("renders concentration, sources, the lazy chart and a table alternative", async () => {
    render(<IssuerSection result={{ ok: true, body: ISSUERS_BODY }} />);
    expect(screen.getByText("Tether 70.8%")).toBeTruthy();
    expect(screen.getByText("5,960")).toBeTruthy();
    expect(screen.getByText("Dune")).toBeTruthy();
    expect(screen.getByText(/last run/)).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("Dune (on-chain-scheduled)");
    const chart = await screen.findByTestId("nivo-stub");
    expect(chart.getAttribute("aria-label")).toMatch(/Tether holds 70.8%/);
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

  it("animates by default, not with reduced motion or ?e2e=1", () => {
    const data = toTreemapData(ISSUERS_BODY.tree);
    render(<TreemapChart data={data} label="x" />);
    expect(nivoProps.at(-1)?.animate).toBe(true);
    setMotion(true);
    render(<TreemapChart data={data} label="x" />);
    expect(nivoProps.at(-1)?.animate).toBe(false);
    setMotion(false, "?e2e=1");
    render(<TreemapChart data={data} label="x" />);
    expect(nivoProps.at(-1)?.animate).toBe(false);
  });

  it("gives nivo values on leaves only and groups small chains", () => {
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
