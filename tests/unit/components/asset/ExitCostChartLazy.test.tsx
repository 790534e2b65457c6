/**
 * @jest-environment jsdom
 *
 * The exit-cost chart (recharts) mounts when its box nears the viewport, not during hydration:
 * the panel sits far below the fold on a phone, and loading the chart library at once blocked
 * the main thread while the page became interactive. Its table carries every figure meanwhile.
 */
import { act, render, screen } from "@testing-library/react";
import { ExitCostPanel } from "@/components/asset/ExitCostPanel";
import type { ExitCostBody } from "@/components/asset/types";
import example from "@/lib/api/openapi/examples/exit-cost.json";

// Every next/dynamic component renders a marker: mounted = the chart library was asked for.
jest.mock("next/dynamic", () => () => {
  const Chart = () => <span data-testid="chart-loaded" />;
  return Chart;
});

type Callback = (entries: { isIntersecting: boolean }[]) => void;
const observers: Callback[] = [];

beforeEach(() => {
  observers.length = 0;
  Object.defineProperty(window, "IntersectionObserver", {
    configurable: true,
    writable: true,
    value: class {
      constructor(cb: Callback) {
        observers.push(cb);
      }
      observe() {}
      disconnect() {}
    },
  });
});

const BODY = example as unknown as ExitCostBody;

it("the example has venues, so the panel draws a chart box", () => {
  expect(BODY.venues.length).toBeGreaterThan(0);
});

it("the chart mounts only once its box nears the viewport", () => {
  render(<ExitCostPanel body={BODY} />);
  expect(screen.getByTestId("exit-cost-chart")).toBeTruthy();
  expect(screen.queryByTestId("chart-loaded")).toBeNull();
  expect(screen.getByTestId("exit-cost-table")).toBeTruthy();
  expect(observers.length).toBeGreaterThan(0);
  act(() => observers.forEach((cb) => cb([{ isIntersecting: true }])));
  expect(screen.getByTestId("chart-loaded")).toBeTruthy();
});
