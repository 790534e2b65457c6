/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { AssetHeader } from "@/components/asset/AssetHeader";
import { ConcentrationPanel } from "@/components/asset/ConcentrationPanel";
import { DepthPanel } from "@/components/asset/DepthPanel";
import { PegPanel } from "@/components/asset/PegPanel";
import { RiskScorePanel } from "@/components/asset/RiskScorePanel";
import { VelocityPanel } from "@/components/asset/VelocityPanel";
import { RISK, RISK_DEGRADED } from "./risk-fixture";

describe("risk console panels", () => {
  it("show the badge, the depeg table per window, sources and method links", () => {
    render(
      <>
        <AssetHeader risk={RISK} />
        <PegPanel risk={RISK} />
        <ConcentrationPanel risk={RISK} />
      </>,
    );
    const badge = screen.getByTestId("peg-badge");
    expect(badge.getAttribute("data-state")).toBe("on");
    expect(badge.textContent).toContain("Peg verified 0.999–1.001 USD");
    const row = screen.getByRole("row", { name: /Excursions beyond ±100 bps/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["0", "1", "1"]);
    expect(screen.getByRole("row", { name: /Worst deviation/ }).textContent).toContain(
      "−150.0 bps",
    );
    const peg = screen.getByRole("region", { name: "Peg status and de-peg history" });
    expect(
      within(peg)
        .getByRole("link", { name: /Method/ })
        .getAttribute("href"),
    ).toBe("/methodology#depeg");
    expect(within(peg).getAllByText(/^as of/).length).toBeGreaterThanOrEqual(3);
    const conc = screen.getByRole("region", { name: "Issuer concentration" });
    expect(within(conc).getAllByText(/^last run/).length).toBe(2);
    expect(within(conc).getByText("6,971 HHI")).toBeTruthy();
    expect(within(conc).getByTestId("issuer-exposure-share").textContent).toBe("1.12%");
    // Two universes, each labelled: the snapshot's chains only, and the exposure's chains.
    expect(within(conc).getByTestId("distribution-universe").textContent).toMatch(
      /Dune on-chain snapshot \(scheduled\), as of 2026-11-27 13:00 UTC: only the 4 chains it reads \(Arbitrum, Base, Ethereum, Optimism\); supply elsewhere is not counted/,
    );
    expect(within(conc).getByText(/over the supply distribution below/)).toBeTruthy();
    expect(
      within(conc).getByText(/on the 2 chains with a labelled issuer entity \(Ethereum, Base\)/),
    ).toBeTruthy();
  });

  it("lead the header with price, deviation, peg status, market cap with its source and the risk score", () => {
    render(<AssetHeader risk={RISK} />);
    const facts = screen.getAllByRole("term").map((t) => t.textContent);
    expect(facts.slice(0, 5)).toEqual([
      "Price",
      "Deviation from 1.00 USD",
      "Peg status (latest 24h point)",
      "Market cap",
      "Risk score",
    ]);
    const cap = screen.getByTestId("header-market-cap");
    expect(cap.textContent).toBe("$78.5BCoinGecko (market)");
    expect(cap.getAttribute("title")).toBe("$78,499,942,802");
    const score = screen.getByTestId("header-risk-score");
    expect(score.textContent).toBe("79.2 / 100100% of the weight measured");
    expect(score.getAttribute("href")).toBe("#risk-score");
  });

  it("name the aggregate as the market cap's source when it stands in, and dash an unknown one", () => {
    const { rerender } = render(
      <AssetHeader
        risk={{ ...RISK, velocity: { ...RISK.velocity, market_cap_source: "aggregate" } }}
      />,
    );
    expect(screen.getByTestId("header-market-cap").textContent).toContain(
      "DefiLlama (aggregate), circulating",
    );
    rerender(<AssetHeader risk={RISK_DEGRADED} />);
    expect(screen.queryByTestId("header-market-cap")).toBeNull();
    expect(
      screen.getByTitle("No source has a market cap for this coin (not measured)."),
    ).toBeTruthy();
    expect(screen.getByTestId("header-risk-score").textContent).toContain("53.8");
  });

  it("show a dash with the reason for every value a down source could not provide", () => {
    render(
      <>
        <AssetHeader risk={RISK_DEGRADED} />
        <DepthPanel risk={RISK_DEGRADED} />
        <ConcentrationPanel risk={RISK_DEGRADED} />
        <VelocityPanel risk={RISK_DEGRADED} />
        <RiskScorePanel risk={RISK_DEGRADED} />
      </>,
    );
    expect(screen.getByTestId("peg-badge").getAttribute("data-state")).toBe("off");
    expect(
      screen.getAllByTitle("No source has a current price for this coin (not measured)."),
    ).toHaveLength(2);
    expect(screen.getByTitle("CoinGecko (market): order-book depth is unavailable.")).toBeTruthy();
    expect(screen.getAllByTitle(/24h volume or market cap is unavailable/).length).toBe(3);
    expect(screen.getByTitle(/issuer exposure snapshot is unavailable/)).toBeTruthy();
    const conc = screen.getByRole("region", { name: "Issuer concentration" });
    expect(within(conc).getAllByText("unavailable").length).toBeGreaterThanOrEqual(1);
    expect(within(conc).getByTestId("distribution-universe").textContent).toMatch(
      /DefiLlama aggregate, as of 2026-01-15 11:00 UTC: every chain it lists/,
    );
    expect(
      screen.getByText(
        /Unknown components \(each scored 0, so an unknown never lifts the score\): liquidity/,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/unknown, scored as 0/)).toBeTruthy();
    expect(screen.getByTestId("risk-coverage").textContent).toMatch(/Coverage 70 %/);
  });
});

describe("depth panel", () => {
  it("says 'Not measured' with the reason instead of a zero", () => {
    const reason = "DexScreener (liquidity): no pools found for this coin's contracts.";
    render(
      <DepthPanel
        risk={{
          ...RISK_DEGRADED,
          depth: {
            ...RISK_DEGRADED.depth,
            total_2pct_usd: null,
            dex_2pct_usd: null,
            not_measured_reason: reason,
          },
        }}
      />,
    );
    expect(screen.getByTestId("depth-not-measured").textContent).toBe("Not measured");
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.queryByText("$0")).toBeNull();
  });
});
