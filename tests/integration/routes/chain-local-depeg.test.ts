/**
 * A chain-local depeg is visible where users look first: the recorded one (DAI at 0.968 in its
 * arbitrum pools while its price is within 20 bps) is a `chain_local_depeg` warning of
 * `/api/stablecoin-intel` and `/api/stablecoin-risk`, naming the chain and its deviation; a coin
 * whose chains all trade within 100 bps carries none.
 */
import * as intelRoute from "@/app/api/stablecoin-intel/route";
import * as riskRoute from "@/app/api/stablecoin-risk/route";
import { validateAgainstOpenApi } from "../helpers/openapi";
import { call, json, startHarness, type Harness } from "../helpers/harness";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CODE = "chain_local_depeg";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("file");
});
afterAll(async () => {
  await h?.close();
});

const ROUTES = [
  ["/api/stablecoin-intel", intelRoute.GET],
  ["/api/stablecoin-risk", riskRoute.GET],
] as const;

describe.each(ROUTES)("%s", (path, handler) => {
  it("warns of DAI's arbitrum depeg, naming the chain and its deviation in bps", async () => {
    const res = await call(handler, `${path}?q=dai`);
    expect(res.status).toBe(200);
    const body = await json<Body>(res);
    expect(validateAgainstOpenApi(path, 200, body)).toEqual([]);
    const codes = body.warning_codes as string[];
    expect(codes.filter((c) => c === CODE)).toHaveLength(1);
    const sentence = (body.warnings as string[])[codes.indexOf(CODE)];
    expect(sentence).toMatch(
      /^DexScreener \(liquidity\): in its Arbitrum pools .*\b3\d\d\.\d bps below 1\.00 USD/,
    );
  });

  it("carries no such warning for a coin within 100 bps on every chain", async () => {
    const body = await json<Body>(await call(handler, `${path}?q=usdc`));
    expect(body.warning_codes).not.toContain(CODE);
  });
});
