/**
 * One resolution per request: `/api/stablecoin-intel` resolves its `q` once, against the
 * aggregate list (the overlay's identities only while no copy of it exists), with no second pass
 * and no re-resolution per alternative (a shared symbol's alternatives carry their selectors from
 * the table built once per version of the list).
 */
import * as resolveModule from "@/lib/assets/resolve";
import * as intelRoute from "@/app/api/stablecoin-intel/route";
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

const intel = async (q: string) => {
  const res = await call(intelRoute.GET, `/api/stablecoin-intel?q=${q}`);
  expect(res.status).toBe(200);
  return json<Body>(res);
};

/**
 * A request after a first one (`warmUp`: another spelling, so the second is built rather than
 * replayed from the one-second answer memo; a shared symbol's first request builds the selector
 * table of this version of the list, once).
 */
async function countedRequest(q: string, warmUp: string) {
  await intel(warmUp);
  resolveAsset.mockClear();
  preferredSelector.mockClear();
  const body = await intel(q);
  return { body, resolutions: resolveAsset.mock.calls.map((c) => c[0]) };
}

it.each(["usdc", "2", "usd-coin"])("intel?q=%s resolves its asset once", async (q) => {
  const { resolutions } = await countedRequest(q, "dai");
  expect(resolutions).toEqual([q]);
  expect(preferredSelector).not.toHaveBeenCalled();
});

it("a shared symbol resolves once; its alternatives are not resolved again", async () => {
  const { body, resolutions } = await countedRequest("USDS", "usds");
  expect(resolutions).toEqual(["USDS"]);
  expect(preferredSelector).not.toHaveBeenCalled();
  const alternatives = body.metadata.resolved.other_assets_with_symbol as Body[];
  expect(alternatives.length).toBeGreaterThan(0);
  for (const a of alternatives) expect(a.selector).toEqual(expect.any(String));
});
