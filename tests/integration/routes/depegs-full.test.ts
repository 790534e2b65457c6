/** The market-wide depeg log in the full recorded market (DEMO_MARKET=full world). */
import * as depegsRoute from "@/app/api/stablecoin-depegs/route";
import { validateAgainstOpenApi } from "../helpers/openapi";
import { call, json, startHarness, upstreamCalls, type Harness } from "../helpers/harness";
import { SLOW_MACHINE_ENV } from "../helpers/slow-machine";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** Issue 26 goal: rebuilding the market-wide log costs at most this many upstream calls. */
const MAX_REBUILD_CALLS = 10;

describe("GET /api/stablecoin-depegs in the full market", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file", SLOW_MACHINE_ENV, { market: "full" });
  });
  afterAll(async () => {
    await h.close();
  });

  it("covers ≥ 100 coins in ≤ 10 upstream calls", async () => {
    const res = await call(depegsRoute.GET, "/api/stablecoin-depegs");
    expect(res.status).toBe(200);
    const body = await json<Body>(res);
    expect(validateAgainstOpenApi("/api/stablecoin-depegs", 200, body)).toEqual([]);
    const covered = body.coins.length - body.history_unavailable.length;
    expect(covered).toBeGreaterThanOrEqual(100);
    // Coins CoinGecko does not know (YLDS) are covered by the aggregate's prices.
    expect(body.coins).toContain("YLDS");
    expect(upstreamCalls(h.fake).length).toBeLessThanOrEqual(MAX_REBUILD_CALLS);
    expect(upstreamCalls(h.fake, "coingecko")).toHaveLength(0);
  });
});
