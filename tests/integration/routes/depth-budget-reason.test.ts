/**
 * A spent market-provider budget is named as the reason depth is not measured: a coin whose
 * contracts come from the market provider has no pools looked up while the budget is spent, and
 * its null depth must say so — never "no venue reported depth", which reads as "there are no
 * pools".
 */
import * as intelRoute from "@/app/api/stablecoin-intel/route";
import * as riskRoute from "@/app/api/stablecoin-risk/route";
import { call, json, startHarness, type Harness } from "../helpers/harness";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The smallest budget: another coin's request spends it before USDU's contracts lookup. */
const ONE_CALL_PER_MINUTE = "1";

let h: Harness;
beforeAll(async () => {
  h = await startHarness(
    "file",
    { COINGECKO_CALLS_PER_MINUTE: ONE_CALL_PER_MINUTE },
    { market: "full" },
  );
});
afterAll(async () => {
  await h?.close();
});

it("names the spent budget, in intel and in the risk console (the coin page's depth)", async () => {
  // Whichever market-provider read comes first takes the minute's one call.
  await call(intelRoute.GET, "/api/stablecoin-intel?q=usdc");
  const intel = await json<Body>(await call(intelRoute.GET, "/api/stablecoin-intel?q=usdu"));
  const breakdown = intel.data.liquidity_depth_breakdown;
  expect([intel.data.liquidity_depth_2pct_usd, breakdown.dex_usd]).toEqual([null, null]);
  expect(breakdown.not_measured_reason).toContain(
    "the coin's contract addresses are unavailable for now, so no pools were looked up.",
  );
  expect(breakdown.not_measured_reason).not.toMatch(/no venue/i);
  const risk = await json<Body>(await call(riskRoute.GET, "/api/stablecoin-risk?q=usdu"));
  expect(risk.depth.total_2pct_usd).toBeNull();
  expect(risk.depth.not_measured_reason).toContain("so no pools were looked up.");
});
