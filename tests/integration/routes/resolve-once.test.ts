/**
 * One resolution per request: the per-asset routes (intel, risk, exit cost, depegs, own history,
 * events) resolve their `q` once, against the aggregate list (the overlay's identities only while
 * no copy of it exists), with no second pass and no re-resolution per alternative (a shared
 * symbol's alternatives carry their selectors from the table built once per version of the list). The market-wide routes
 * (supply, chains) resolve nothing per request: their coins' links come from that table too.
 */
import * as resolveModule from "@/lib/assets/resolve";
import * as chainsRoute from "@/app/api/stablecoin-chains/route";
import * as depegsRoute from "@/app/api/stablecoin-depegs/route";
import * as eventsRoute from "@/app/api/stablecoin-events/route";
import * as historyRoute from "@/app/api/stablecoin-history/route";
import * as exitCostRoute from "@/app/api/stablecoin-exit-cost/route";
import * as intelRoute from "@/app/api/stablecoin-intel/route";
import * as riskRoute from "@/app/api/stablecoin-risk/route";
import * as supplyRoute from "@/app/api/stablecoin-supply/route";
import { call, json, startHarness, type Harness } from "../helpers/harness";

jest.mock("@/lib/assets/resolve", () => {
  const actual = jest.requireActual<typeof resolveModule>("@/lib/assets/resolve");
  return {
    ...actual,
    resolveAsset: jest.fn(actual.resolveAsset),
    preferredSelector: jest.fn(actual.preferredSelector),
  };
});

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Handler = (request: Request) => Promise<Response>;

const resolveAsset = jest.mocked(resolveModule.resolveAsset);
const preferredSelector = jest.mocked(resolveModule.preferredSelector);

let h: Harness;
beforeAll(async () => {
  h = await startHarness("file", {}, { market: "full" });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
});

const get = async (handler: Handler, url: string) => {
  const res = await call(handler, url);
  expect(res.status).toBe(200);
  return json<Body>(res);
};

/**
 * A request after a first one (`warmUp`: another URL of the same route, so the second is built
 * rather than replayed from the one-second answer memo; the first builds the selector table of
 * this version of the list, once). The resolutions the counted request made, by their `q`.
 */
async function countedRequest(handler: Handler, url: string, warmUp: string) {
  await get(handler, warmUp);
  resolveAsset.mockClear();
  preferredSelector.mockClear();
  const body = await get(handler, url);
  return { body, resolutions: resolveAsset.mock.calls.map((c) => c[0]) };
}

const ASSET_ROUTES: [string, Handler][] = [
  ["stablecoin-intel", intelRoute.GET],
  ["stablecoin-risk", riskRoute.GET],
  ["stablecoin-exit-cost", exitCostRoute.GET],
  ["stablecoin-depegs", depegsRoute.GET],
  ["stablecoin-history", historyRoute.GET],
  // The event log with `q` also holds the coin's price depegs: the depeg log's, same resolution.
  ["stablecoin-events", eventsRoute.GET],
];

describe.each(ASSET_ROUTES)("%s", (name, handler) => {
  it.each(["usdc", "2", "usd-coin"])("?q=%s resolves its asset once", async (q) => {
    const { resolutions } = await countedRequest(
      handler,
      `/api/${name}?q=${q}`,
      `/api/${name}?q=dai`,
    );
    expect(resolutions).toEqual([q]);
    expect(preferredSelector).not.toHaveBeenCalled();
  });
});

it("a shared symbol resolves once; its alternatives are not resolved again", async () => {
  const { body, resolutions } = await countedRequest(
    intelRoute.GET,
    "/api/stablecoin-intel?q=USDS",
    "/api/stablecoin-intel?q=usds",
  );
  expect(resolutions).toEqual(["USDS"]);
  expect(preferredSelector).not.toHaveBeenCalled();
  const alternatives = body.metadata.resolved.other_assets_with_symbol as Body[];
  expect(alternatives.length).toBeGreaterThan(0);
  for (const a of alternatives) expect(a.selector).toEqual(expect.any(String));
});

it("the supply panel resolves nothing per request: every row's selector comes from the table", async () => {
  const { body, resolutions } = await countedRequest(
    supplyRoute.GET,
    "/api/stablecoin-supply?include_dead=true",
    "/api/stablecoin-supply",
  );
  expect(resolutions).toEqual([]);
  expect(preferredSelector).not.toHaveBeenCalled();
  const rows = body.assets as Body[];
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(r.selector).toEqual(expect.any(String));
});

it.each([
  ["the chain list", "/api/stablecoin-chains", "/api/stablecoin-chains?chain=tron"],
  ["one chain", "/api/stablecoin-chains?chain=ethereum", "/api/stablecoin-chains?chain=tron"],
])("%s resolves nothing per request: coins are found by id", async (_what, url, warmUp) => {
  const { resolutions } = await countedRequest(chainsRoute.GET, url, warmUp);
  expect(resolutions).toEqual([]);
  expect(preferredSelector).not.toHaveBeenCalled();
});
