import * as route from "@/app/api/stablecoin-issuers/route";
import { validateAgainstOpenApi } from "../helpers/openapi";
import { call, json, startHarness, type Harness } from "../helpers/harness";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe("GET /api/stablecoin-issuers", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file");
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
  });

  it("returns the issuer × chain tree, HHI and exposure, valid against OpenAPI", async () => {
    const res = await call(route.GET, "/api/stablecoin-issuers");
    expect(res.status).toBe(200);
    const body = await json<Body>(res);
    expect(validateAgainstOpenApi("/api/stablecoin-issuers", 200, body)).toEqual([]);
    const tether = (body.tree.children as Body[]).find((n) => n.name === "Tether")!;
    expect(tether.issuer_source).toBe("registry");
    expect(tether.children[0].name).toBe("ethereum");
    const leafSum = (body.tree.children as Body[]).reduce((s, n) => s + n.value, 0);
    expect(leafSum).toBeCloseTo(body.metadata.total_circulating_usd, -3);
    expect(body.concentration.top_issuer.name).toBe("Tether");
    expect(body.concentration.hhi).toBeGreaterThan(2500);
    expect(body.concentration.hhi).toBeLessThanOrEqual(10_000);
    const shares = (body.concentration.issuers as Body[]).reduce((s, i) => s + i.share_pct, 0);
    expect(shares).toBeCloseTo(100, 6);
    const usdc = (body.exposure as Body[]).find((e) => e.token_symbol === "USDC")!;
    expect(usdc.share_of_supply).toBeGreaterThan(0);
    expect(usdc.share_of_supply).toBeLessThan(1);
    expect(body.metadata.sources.map((s: Body) => s.type)).toEqual([
      "aggregate",
      "on-chain-scheduled",
    ]);
  });

  it("degrades without the on-chain snapshot", async () => {
    h.fake.setScenario("dune", "500");
    const res = await call(route.GET, "/api/stablecoin-issuers");
    expect(res.status).toBe(200);
    const body = await json<Body>(res);
    expect(body.exposure).toEqual([]);
    expect(body.warnings).toContain(
      "Dune (on-chain-scheduled): on-chain snapshot data is unavailable.",
    );
  });
});
