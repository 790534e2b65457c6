import * as depegsRoute from "@/app/api/stablecoin-depegs/route";
import { OVERLAY_COINS } from "@/lib/assets/overlay";
import { validateAgainstOpenApi } from "../helpers/openapi";
import {
  call,
  endFailureCooldowns,
  forgetProcessState,
  json,
  startHarness,
  upstreamCalls,
  type Harness,
} from "../helpers/harness";
import { SLOW_MACHINE_ENV } from "../helpers/slow-machine";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const HOUR_MS = 3_600_000;

describe("GET /api/stablecoin-depegs", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file", SLOW_MACHINE_ENV);
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
  });
  const get = (qs = "") => call(depegsRoute.GET, `/api/stablecoin-depegs${qs}`);
  const ago = (body: Body, iso: string) =>
    (Date.parse(body.metadata.as_of) - Date.parse(iso)) / HOUR_MS;

  it("lists the tracked market's events newest first over 365 days, hourly and daily", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    const body = await json<Body>(res);
    expect(validateAgainstOpenApi("/api/stablecoin-depegs", 200, body)).toEqual([]);
    expect(body.holderAnalyticsSupported).toBe(false);
    expect(body.window).toBe("365d");
    expect(body.warnings).toEqual([]);
    expect(body.history_unavailable).toEqual([]);
    expect(res.headers.get("cache-control")).toMatch(/s-maxage=/);
    const events = body.events as Body[];
    expect(events.map((e) => [e.asset, e.direction, e.granularity])).toEqual([
      ["USDC", "below", "hourly"],
      ["FRAX", "above", "hourly"],
      ["USDe", "below", "daily"],
    ]);
    const [usdc, frax, usde] = events as [Body, Body, Body];
    expect(usdc.worst_deviation_bps).toBeCloseTo(-150, 6);
    expect(Math.round(ago(body, usdc.start))).toBe(96);
    expect(usdc.ongoing).toBe(false);
    expect(Math.round(ago(body, frax.start))).toBe(1444);
    expect(Math.round(ago(body, frax.end))).toBe(1438);
    expect(frax.duration_hours).toBeCloseTo(6, 6);
    expect(usde.worst_deviation_bps).toBeCloseTo(-250, 6);
    expect(Math.round(ago(body, usde.start))).toBe(4872);
    expect(Math.round(ago(body, usde.end))).toBe(4752);
    expect(usde.sources[0].series).toMatch(/days=365/);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it("narrows to the window: 30d has USDC only, 90d adds FRAX", async () => {
    const b30 = await json<Body>(await get("?window=30d"));
    expect(b30.events.map((e: Body) => e.asset)).toEqual(["USDC"]);
    const b90 = await json<Body>(await get("?window=90d"));
    expect(b90.events.map((e: Body) => e.asset)).toEqual(["USDC", "FRAX"]);
  });

  it("answers one coin with its series; ids stay the same across requests", async () => {
    const body = await json<Body>(await get("?q=usdc&window=90d"));
    expect(validateAgainstOpenApi("/api/stablecoin-depegs", 200, body)).toEqual([]);
    expect(body.asset).toBe("USDC");
    expect(body.series.granularity).toBe("hourly");
    expect(body.series.points.length).toBeGreaterThan(2000);
    forgetProcessState();
    const again = await json<Body>(await get("?q=USDC&window=90d"));
    expect(again.events.map((e: Body) => e.id)).toEqual(body.events.map((e: Body) => e.id));
    const year = await json<Body>(await get("?q=ethena-usde"));
    expect(year.series.granularity).toBe("daily");
    expect(year.events).toHaveLength(1);
  });

  it("reads only the cached families: a repeat reaches no provider", async () => {
    await get();
    const cg = upstreamCalls(h.fake, "coingecko");
    // Every tracked coin × (90-day + 365-day) series, once each.
    expect(cg).toHaveLength(2 * OVERLAY_COINS.length);
    forgetProcessState();
    await get();
    await get("?window=90d");
    expect(upstreamCalls(h.fake, "coingecko")).toHaveLength(2 * OVERLAY_COINS.length);
  });

  it.each(["?window=7d", "?window=1y", "?window=", "?q=", "?q=usd%20c", "?window=30d&window=90d"])(
    "answers 400 for %s",
    async (qs) => {
      const res = await get(qs);
      expect(res.status).toBe(400);
      const body = await json<Body>(res);
      expect(body.error.code).toBe("bad_request");
      expect(body.holderAnalyticsSupported).toBe(false);
    },
  );

  it("answers 404 with suggestions for an unknown coin and 405 for writes", async () => {
    expect((await get("?q=nope-coin")).status).toBe(404);
    const res = await depegsRoute.POST();
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("degrades to 'history unavailable' when the provider fails, and caches nothing", async () => {
    h.fake.setScenario("coingecko", "503");
    const res = await get("?window=90d");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await json<Body>(res);
    expect(body.events).toEqual([]);
    expect(body.history_unavailable).toHaveLength(OVERLAY_COINS.length);
    expect(body.warnings[0]).toMatch(/^CoinGecko \(market\): .*history unavailable/);
    h.fake.resetScenarios();
    await endFailureCooldowns();
    const healed = await json<Body>(await get("?window=90d"));
    expect(healed.history_unavailable).toEqual([]);
    expect(healed.events).toHaveLength(2);
  });
});
