/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { MarketHeadline } from "@/components/supply/MarketHeadline";
import { SUPPLY_BODY } from "./fixtures";

describe("market headline", () => {
  it("states the aggregate's total, its 7d and 30d change, the source and the time", () => {
    render(<MarketHeadline body={SUPPLY_BODY} />);
    const total = screen.getByTestId("market-total");
    expect(total.textContent).toBe("$271.1B");
    expect(total.getAttribute("data-value")).toBe(String(SUPPLY_BODY.total_circulating_usd));
    expect(screen.getByTestId("market-change-7d").textContent).toBe("+\u2060$1.3B (+0.43%)");
    expect(screen.getByTestId("market-change-30d").textContent).toBe("−\u2060$2.5B (−0.85%)");
    const headline = screen.getByTestId("market-headline");
    expect(headline.textContent).toContain("DefiLlama");
    expect(headline.textContent).toContain("as of 2025-06-01 14:05 UTC");
    expect(headline.textContent).toContain(`${SUPPLY_BODY.assets.length} live`);
  });

  it("says 'not measured' for a change no coin has a record for, never +$0", () => {
    render(
      <MarketHeadline
        body={{ ...SUPPLY_BODY, total_change_7d_usd: null, total_change_7d_pct: null }}
      />,
    );
    expect(screen.getByTestId("market-change-7d").textContent).toBe("not measured");
  });
});
