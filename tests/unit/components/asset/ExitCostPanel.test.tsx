/** @jest-environment jsdom */
import { render, screen, within } from "@testing-library/react";
import { ExitCostPanel } from "@/components/asset/ExitCostPanel";
import { bestVenueId, pegHoldText, rankVenues } from "@/components/asset/exit-cost-view";
import type { ExitCostBody } from "@/components/asset/types";
import example from "@/lib/api/openapi/examples/exit-cost.json";

jest.mock("next/dynamic", () => () => () => null);

const point = (size_usd: number, cost_bps: number | null, fillable: boolean | null) => ({
  size_usd,
  cost_bps,
  fillable,
  unfilled_usd: fillable === false ? 400_000 : fillable === null ? null : 0,
  gas_usd: null,
  not_measured_reason: fillable === null ? ("source-unavailable" as const) : null,
});
const venue = (id: string, points: ReturnType<typeof point>[]) => ({
  id,
  venue: id.split(":")[0] as string,
  kind: id.startsWith("kyberswap") ? ("dex" as const) : ("cex" as const),
  chain: id.startsWith("kyberswap") ? "ethereum" : null,
  pair: "USDC/USD",
  source: id.startsWith("kyberswap") ? "KyberSwap" : "Kraken",
  as_of: "2026-11-25T21:00:00.000Z",
  stale: false,
  points,
});

const BODY: ExitCostBody = {
  ...(example as unknown as ExitCostBody),
  sizes_usd: [100_000, 1_000_000],
  venues: [
    venue("kraken:USDC/USD", [point(1e5, 3, true), point(1e6, null, false)]),
    venue("kyberswap:ethereum", [point(1e5, 1.5, true), point(1e6, 62, true)]),
    venue("binance:USDC/USDT", [point(1e5, null, null), point(1e6, null, null)]),
  ],
  ladder: [
    {
      size_usd: 1e5,
      best: { venue_id: "kyberswap:ethereum", cost_bps: 1.5 },
      best_fillable: true,
      best_unfilled_usd: 0,
      split_estimate: null,
      holds_peg: true,
    },
    {
      size_usd: 1e6,
      best: { venue_id: "kyberswap:ethereum", cost_bps: 62 },
      best_fillable: true,
      best_unfilled_usd: 0,
      split_estimate: null,
      holds_peg: false,
    },
  ],
  holds_peg_up_to_usd: 100_000,
  peg_measured: true,
};

describe("exit-cost panel", () => {
  it("renders every figure in the table: costs, not fillable, not measured, best row", () => {
    render(<ExitCostPanel body={BODY} />);
    const table = screen.getByTestId("exit-cost-table");
    const rows = within(table).getAllByRole("row");
    expect(rows[1]?.textContent).toMatch(/Kraken · USDC\/USD.*3(\.0)? bps.*not fillable/);
    expect(rows[3]?.textContent).toMatch(/not measured.*not measured/);
    expect(within(table).getByText("Best single venue").closest("tr")?.textContent).toMatch(/62/);
    expect(screen.getByTestId("exit-peg-hold")?.textContent).toMatch("up to $100");
  });

  it("says 'not fillable' with the unfilled part where venues were measured and none fills", () => {
    const [small, large] = BODY.ladder as [
      ExitCostBody["ladder"][number],
      ExitCostBody["ladder"][number],
    ];
    const rung = { ...large, best: null, best_fillable: false, best_unfilled_usd: 400_000 };
    const split = {
      estimate: true as const,
      cost_bps: null,
      unfilled_usd: 250_000,
      allocations: [],
    };
    render(
      <ExitCostPanel
        body={{
          ...BODY,
          ladder: [
            { ...small, best: null, best_fillable: null, best_unfilled_usd: null },
            { ...rung, split_estimate: split },
          ],
        }}
      />,
    );
    const table = screen.getByTestId("exit-cost-table");
    const best = within(table).getByText("Best single venue").closest("tr");
    expect(best?.textContent).toMatch(/not measured.*not fillable \(\$400(\.0)?K unfilled\)/);
    const splitRow = within(table).getByText("Split across venues (estimate)").closest("tr");
    expect(splitRow?.textContent).toMatch(/not measured.*not fillable \(\$250(\.0)?K unfilled\)/);
  });

  it("says 'not measured' when nothing was measured", () => {
    expect(
      pegHoldText({ holds_peg_up_to_usd: null, peg_measured: false, peg_threshold_bps: 50 }),
    ).toBe("not measured");
    render(
      <ExitCostPanel
        body={{ ...BODY, venues: [], peg_measured: false, holds_peg_up_to_usd: null }}
      />,
    );
    expect(screen.getByTestId("exit-peg-hold")?.textContent).toMatch("not measured");
    expect(screen.getByText("Exit cost is not measured")).toBeTruthy();
  });

  it("ranks venues by measured cost at a size: fillable, then not fillable, then not measured", () => {
    expect(rankVenues(BODY, 1e6).map((r) => r.venue.id)).toEqual([
      "kyberswap:ethereum",
      "kraken:USDC/USD",
      "binance:USDC/USDT",
    ]);
    expect(rankVenues(BODY, 1e5).map((r) => r.venue.id)[0]).toBe("kyberswap:ethereum");
    expect(bestVenueId(BODY)).toBe("kyberswap:ethereum");
  });
});
