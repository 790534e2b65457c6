/**
 * @jest-environment jsdom
 *
 * The coin page's own-history section: nothing is fetched and no chart library loads until it
 * nears the viewport; with no history it says so and "not measured", never 0; a null point is a
 * gap in its line and in the counts, not a 0.
 */
import { render, screen, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { HistorySection } from "@/components/history/HistorySection";
import type { EventsResponse, HistoryPoint, HistoryResponse } from "@/lib/history-api/types";
import { fakeIntersectionObserver } from "../../../helpers/intersection-observer";

jest.mock("next/dynamic", () => () => {
  const Chart = () => <span data-testid="chart-loaded" />;
  return Chart;
});

const viewport = fakeIntersectionObserver();

const SOURCES = { names: [], as_of: null };
function historyBody(points: HistoryPoint[], start: string | null): HistoryResponse {
  return {
    asset: { symbol: "USDC", selector: "usdc", name: "USD Coin" },
    window: "7d",
    resolution: "sample",
    interval_seconds: 3600,
    history_start: start,
    points,
    sources: {
      price: SOURCES,
      depth_2pct_usd: { names: ["Binance", "DexScreener"], as_of: "2026-11-20T01:00:00Z" },
      exit_cost_bps: SOURCES,
      sale_1m: SOURCES,
      chain_peg_bps: SOURCES,
      risk_score: SOURCES,
      circulating_usd: SOURCES,
    },
    as_of: points.at(-1)?.t ?? null,
    warnings: [],
    warning_codes: [],
    holderAnalyticsSupported: false,
  };
}
const EVENTS: EventsResponse = {
  window: "7d",
  asset: null,
  type: null,
  confirmed: null,
  events: [],
  history_start: null,
  as_of: null,
  warnings: [],
  warning_codes: [],
  holderAnalyticsSupported: false,
};

function point(t: string, depth: number | null): HistoryPoint {
  return {
    t,
    price_usd: null,
    peg_deviation_bps: null,
    depth_2pct_usd: depth,
    depth_2pct_cex_usd: null,
    depth_2pct_dex_usd: null,
    exit_cost_bps_100k: null,
    exit_cost_bps_1m: null,
    exit_cost_bps_10m: null,
    sale_1m_price_usd: null,
    risk_score: null,
    risk_transparency: null,
    risk_liquidity: null,
    risk_peg_stability: null,
    risk_coverage: null,
    circulating_usd: null,
    chain_peg_bps: {},
  };
}

function serve(history: HistoryResponse) {
  global.fetch = jest.fn((url: string) =>
    Promise.resolve({
      ok: true,
      status: 200,
      json: () => Promise.resolve(url.includes("stablecoin-events") ? EVENTS : history),
    }),
  ) as never;
}

function renderSection() {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <HistorySection asset="usdc" />
    </SWRConfig>,
  );
}

beforeEach(viewport.install);

const near = viewport.nearViewport;

it("fetches nothing and loads no chart until it nears the viewport", async () => {
  serve(historyBody([point("2026-11-20T00:00:00Z", 5e6)], "2026-11-20T00:00:00Z"));
  renderSection();
  expect(global.fetch).not.toHaveBeenCalled();
  expect(screen.queryByTestId("chart-loaded")).toBeNull();
  near();
  expect(await screen.findAllByTestId("chart-loaded")).toHaveLength(1);
  expect(screen.getByTestId("history-csv").getAttribute("href")).toBe(
    "/api/stablecoin-history?q=usdc&window=7d&format=csv",
  );
});

it("with no history: the empty state, not measured, never 0", async () => {
  serve(historyBody([], null));
  renderSection();
  near();
  const section = await screen.findByTestId("coin-history");
  await screen.findByText("No history in this window");
  expect(section.textContent).toContain("not measured");
  expect(section.textContent).toContain("cannot be backfilled");
  expect(section.textContent).not.toMatch(/\$0\b|\b0 bps|\b0\.0 pts/);
  expect(screen.queryByTestId("chart-loaded")).toBeNull();
});

it("says where the history starts, its gaps and its sources; a null is not a 0", async () => {
  serve(
    historyBody(
      [
        point("2026-11-20T00:00:00Z", 5e6),
        point("2026-11-20T01:00:00Z", null),
        point("2026-11-20T02:00:00Z", 4e6),
      ],
      "2026-11-19T00:00:00Z",
    ),
  );
  renderSection();
  near();
  const start = await screen.findByTestId("history-start");
  expect(start.textContent).toBe(
    "Own history starts 2026-11-19 00:00 UTC; it cannot be backfilled.",
  );
  const depth = screen.getByTestId("history-depth");
  const total = within(depth).getAllByTestId("history-line-latest")[0]!;
  expect(total.textContent).toContain("$4.0M");
  expect(total.textContent).toContain("· 1 missing");
  expect(depth.textContent).toContain("Sources: Binance, DexScreener");
  // The other three charts measured nothing: said, not drawn as zeros.
  expect(screen.getAllByTestId("history-not-measured")).toHaveLength(3);
});
