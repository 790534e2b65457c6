/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from "@testing-library/react";
import { IssuerSection } from "@/components/issuers/IssuerSection";
import { issuerTreemapData, toTreemapData } from "@/components/issuers/treemapData";
import { ISSUERS_BODY } from "./fixtures";

// The nivo chart needs a laid-out box (ResizeObserver); here it is replaced by a stand-in that
// shows what it was given, so the wrapper's drill-down and numbers can be checked.
jest.mock("next/dynamic", () => () => {
  function Chart(props: {
    data: { children?: { name: string; children?: { name: string; value?: number }[] }[] };
    label: string;
    total: number;
    onPick: (issuer: string) => void;
  }) {
    return (
      <svg role="img" aria-label={props.label} data-total={props.total}>
        {(props.data.children ?? []).map((issuer) => (
          <g key={issuer.name} onClick={() => props.onPick(issuer.name)}>
            {(issuer.children ?? []).map((c) => (
              <rect key={c.name}>
                <title>{`${issuer.name} · ${c.name}: ${c.value}`}</title>
              </rect>
            ))}
          </g>
        ))}
      </svg>
    );
  }
  return Chart;
});

const titles = () =>
  [...screen.getByRole("img").querySelectorAll("rect > title")].map((t) => t.textContent);

describe("issuer treemap", () => {
  it("renders concentration, sources, the chart and a table alternative", () => {
    render(<IssuerSection result={{ ok: true, body: ISSUERS_BODY }} />);
    expect(screen.getByText("Tether 70.8%")).toBeTruthy();
    expect(screen.getByText("5,960")).toBeTruthy();
    expect(screen.getByText("Dune")).toBeTruthy();
    expect(screen.getByText(/last run/)).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("Dune (on-chain-scheduled)");
    const chart = screen.getByRole("img");
    expect(chart.getAttribute("aria-label")).toMatch(/Tether holds 70.8%/);
    expect(chart.getAttribute("data-total")).toBe(
      String(ISSUERS_BODY.metadata.total_circulating_usd),
    );
    expect(screen.getByTestId("issuer-treemap").contains(chart)).toBe(true);
    expect(screen.queryByRole("table")).toBeNull();
    const details = screen.getByText(/Issuer shares as a table/).closest("details")!;
    details.open = true;
    fireEvent(details, new Event("toggle"));
    const table = screen.getByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[2]!.textContent).toContain("Circle29.2%$77.0BUSDC, USYCEthereum, Solana");
  });

  it("writes each issuer option as one text node (a long list to build and hydrate)", () => {
    render(<IssuerSection result={{ ok: true, body: ISSUERS_BODY }} />);
    const options = screen.getAllByRole("option").slice(1);
    expect(options.map((o) => o.textContent)).toEqual(["Tether ($187.0B)", "Circle ($77.0B)"]);
    for (const o of options) expect(o.childNodes).toHaveLength(1);
  });

  it("counts coins with an unknown issuer apart, not as issuers, and leaves the total to the headline", () => {
    render(<IssuerSection result={{ ok: true, body: ISSUERS_BODY }} />);
    const known = screen.getByText("Known issuers").closest("div")!;
    expect(known.textContent).toContain("2");
    expect(known.textContent).toContain("3 of 5 coins have a known issuer");
    const unknown = screen.getByText("Issuer unknown").closest("div")!;
    expect(unknown.textContent).toContain("2 coins");
    expect(unknown.textContent).toContain("$12.0M circulating");
    expect(screen.queryByText("Issuers")).toBeNull();
    expect(screen.queryByText("Listed total")).toBeNull();
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

  it("drills from an issuer to its chains and back, by click and by keyboard controls", () => {
    render(<IssuerSection result={{ ok: true, body: ISSUERS_BODY }} />);
    const all = titles();
    expect(all).toEqual([
      "Tether · Ethereum: 90000000000",
      "Tether · Tron: 80000000000",
      "Tether · BNB Chain: 17000000000",
      "Circle · Ethereum: 40000000000",
      "Circle · Solana: 37000000000",
    ]);
    fireEvent.click(screen.getByRole("img").querySelector("g")!);
    expect(titles()).toEqual(all.slice(0, 3));
    expect(screen.getByRole("img").getAttribute("aria-label")).toMatch(/chains of Tether/);
    fireEvent.click(screen.getByRole("button", { name: "Back to all issuers" }));
    expect(titles()).toEqual(all);
    fireEvent.change(screen.getByLabelText("Chains of"), { target: { value: "Circle" } });
    expect(titles()).toEqual(all.slice(3));
    fireEvent.change(screen.getByLabelText("Chains of"), { target: { value: "" } });
    expect(titles()).toEqual(all);
    expect(screen.queryByRole("button", { name: "Back to all issuers" })).toBeNull();
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

  it("an unknown issuer in the drill-down falls back to the whole tree", () => {
    expect(issuerTreemapData(ISSUERS_BODY.tree, "Nobody")).toEqual(
      toTreemapData(ISSUERS_BODY.tree),
    );
  });
});
