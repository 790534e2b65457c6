/**
 * @jest-environment jsdom
 *
 * A chain page's chain-local depeg events: below the fold, so neither the list's code nor its
 * request is loaded until the section nears the viewport; then only this chain's events, newest
 * first.
 */
import { render, screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import { ChainLocalDepegEvents } from "@/components/chains/ChainLocalDepegEvents";
import type { EventsResponse, LogEvent } from "@/lib/history-api/types";
import { fakeIntersectionObserver } from "../../../helpers/intersection-observer";

const loaded: string[] = [];
jest.mock("next/dynamic", () => (load: () => Promise<unknown>) => {
  // The list module as next/dynamic would resolve it, recorded when it is asked for.
  const List = (props: { chain: string; chainName: string }) => {
    loaded.push(String(load));
    const Real = jest.requireActual("@/components/chains/ChainLocalDepegEventsList").default;
    return <Real {...props} />;
  };
  return List;
});

const viewport = fakeIntersectionObserver();

function event(chain: string, start: string, symbol: string): LogEvent {
  return {
    id: `chain_local_depeg:${symbol.toLowerCase()}:${chain}:${start}`,
    type: "chain_local_depeg",
    symbol,
    selector: symbol.toLowerCase(),
    chain,
    start,
    end: null,
    ongoing: true,
    worst: { metric: "chain_peg_bps", value: -320, at: start },
    confirmed: true,
    sources: ["DexScreener"],
  };
}
const EVENTS: EventsResponse = {
  window: "90d",
  asset: null,
  type: "chain_local_depeg",
  confirmed: null,
  events: [
    event("arbitrum", "2026-11-01T00:00:00Z", "DAI"),
    event("base", "2026-11-02T00:00:00Z", "USDC"),
    event("arbitrum", "2026-11-03T00:00:00Z", "USX"),
  ],
  history_start: "2026-10-01T00:00:00Z",
  as_of: null,
  warnings: [],
  warning_codes: [],
  holderAnalyticsSupported: false,
};

beforeEach(() => {
  viewport.install();
  loaded.length = 0;
  global.fetch = jest.fn(() =>
    Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(EVENTS) }),
  ) as never;
});

it("loads neither the list nor its events until the section nears the viewport", async () => {
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ChainLocalDepegEvents chain="arbitrum" chainName="Arbitrum" />
    </SWRConfig>,
  );
  expect(loaded).toEqual([]);
  expect(global.fetch).not.toHaveBeenCalled();
  viewport.nearViewport();
  const table = await screen.findByTestId("chain-local-depeg-events");
  expect(loaded.length).toBeGreaterThan(0);
  expect(global.fetch).toHaveBeenCalledWith(
    "/api/stablecoin-events?type=chain_local_depeg&window=90d",
    expect.anything(),
  );
  const coins = [...table.querySelectorAll("tbody tr th a")].map((a) => a.textContent);
  expect(coins).toEqual(["USX", "DAI"]);
});
