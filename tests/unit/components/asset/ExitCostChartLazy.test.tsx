/**
 * @jest-environment jsdom
 *
 * The exit-cost chart (recharts) mounts when its box nears the viewport, not during hydration:
 * the panel sits far below the fold on a phone, and loading the chart library at once blocked
 * the main thread while the page became interactive. Its table carries every figure meanwhile.
 */
import { render, screen } from "@testing-library/react";
import { ExitCostPanel } from "@/components/asset/ExitCostPanel";
import type { ExitCostBody } from "@/components/asset/types";
import example from "@/lib/api/openapi/examples/exit-cost.json";
import { fakeIntersectionObserver } from "../../../helpers/intersection-observer";

// Every next/dynamic component renders a marker: mounted = the chart library was asked for.
jest.mock("next/dynamic", () => () => {
  const Chart = () => <span data-testid="chart-loaded" />;
  return Chart;
});

const viewport = fakeIntersectionObserver();

beforeEach(viewport.install);

const BODY = example as unknown as ExitCostBody;

it("the example has venues, so the panel draws a chart box", () => {
  expect(BODY.venues.length).toBeGreaterThan(0);
});

it("the chart mounts only once its box nears the viewport", () => {
  render(<ExitCostPanel body={BODY} />);
  expect(screen.getByTestId("exit-cost-chart")).toBeTruthy();
  expect(screen.queryByTestId("chart-loaded")).toBeNull();
  expect(screen.getByTestId("exit-cost-table")).toBeTruthy();
  expect(viewport.observed()).toBeGreaterThan(0);
  viewport.nearViewport();
  expect(screen.getByTestId("chart-loaded")).toBeTruthy();
});
