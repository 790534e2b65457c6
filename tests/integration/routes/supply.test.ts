import * as route from "@/app/api/stablecoin-supply/route";
import { refreshesSettled } from "@/lib/snapshot/local-state";
import { RAIL_MIN_CIRCULATING_USD } from "@/lib/supply/panel";
import { validateAgainstOpenApi } from "../helpers/openapi";
import {
  KV_KINDS,
  adminKv,
  endFailureCooldowns,
  forgetProcessState,
  call,
  json,
  peek,
  startHarness,
  type Harness,
} from "../helpers/harness";
import { SLOW_MACHINE_ENV } from "../helpers/slow-machine";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const AGGREGATE_KEY = "aggregate:v1:defillama:stablecoins";
const HOUR_MS = 3_600_000;

describe.each(KV_KINDS)("GET /api/stablecoin-supply (%s KV)", (kvKind) => {
  let h: Harness;
  beforeAll(async () => {
    // States, not timings: a loaded runner must not turn a 200 KB cache read into a bypass.
    h = await startHarness(kvKind, { KV_TIMEOUT_MS: SLOW_MACHINE_ENV.KV_TIMEOUT_MS });
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
  });

  const get = () => call(route.GET, "/api/stablecoin-supply");

  it("ranks USD-pegged live assets by circulating supply, valid against OpenAPI", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    const body = await json<Body>(res);
    expect(validateAgainstOpenApi("/api/stablecoin-supply", 200, body)).toEqual([]);
    expect(body.holderAnalyticsSupported).toBe(false);
    const symbols = (body.assets as Body[]).map((a) => a.symbol);
    expect(symbols.slice(0, 3)).toEqual(["USDT", "USDC", "USDS"]);
    expect(symbols).not.toContain("EURC"); // peggedEUR
    expect((body.assets as Body[]).some((a) => a.id === "33")).toBe(false); // USDP, deprecated
    const circ = (body.assets as Body[]).map((a) => a.circulating_usd as number);
    expect([...circ].sort((a, b) => b - a)).toEqual(circ);
    expect((body.assets as Body[]).map((a) => a.rank)).toEqual(circ.map((_, i) => i + 1));
  });

  it("computes 7d and 30d net change from the aggregate, null where history is {}", async () => {
    const body = await json<Body>(await get());
    const usdt = (body.assets as Body[]).find((a) => a.symbol === "USDT")!;
    expect(typeof usdt.circulatingPrevWeek).toBe("number");
    expect(usdt.change_7d_usd).toBeCloseTo(usdt.circulating_usd - usdt.circulatingPrevWeek, 0);
    expect(usdt.change_30d_usd).toBeCloseTo(
      usdt.circulating_usd - usdt.circulating_prev_month_usd,
      0,
    );
    expect(usdt.backing).toBe("fiat-backed");
    expect(usdt.peg_deviation_bps).toBeCloseTo((usdt.price_usd - 1) * 10_000, 9);
    const jup = (body.assets as Body[]).find((a) => a.id === "335")!;
    expect(jup).toMatchObject({
      circulatingPrevWeek: null,
      change_7d_usd: null,
      change_7d_pct: null,
    });
    const husd = (body.assets as Body[]).find((a) => a.id === "17")!;
    expect(husd).toMatchObject({ price_usd: null, peg_deviation_bps: null });
    const usyc = (body.assets as Body[]).find((a) => a.id === "237")!;
    expect(usyc.yield_bearing).toBe(true);
    expect(usyc.peg_note).toMatch(/not a depeg/);
  });

  it("carries the rail chips: dominance and the largest 7d change above the 5 M floor", async () => {
    const body = await json<Body>(await get());
    expect(body.rail.dominance).toMatchObject({ symbol: "USDT" });
    expect(body.rail.dominance.share_pct).toBeGreaterThan(50);
    const chip = body.rail.largest_7d_change;
    expect(chip.circulating_usd).toBeGreaterThan(RAIL_MIN_CIRCULATING_USD);
    expect(chip.min_circulating_usd).toBe(5_000_000);
    for (const a of body.assets as Body[]) {
      if (a.circulating_usd > RAIL_MIN_CIRCULATING_USD && a.change_7d_pct !== null) {
        expect(Math.abs(a.change_7d_pct)).toBeLessThanOrEqual(Math.abs(chip.change_7d_pct));
      }
    }
  });

  it("serves the durable copy with zero upstream calls and records telemetry", async () => {
    await get();
    expect(h.fake.requests()).toHaveLength(1);
    h.fake.clearRequests();
    const res = await get();
    expect(res.status).toBe(200);
    expect(h.fake.requests()).toHaveLength(0);
    expect(res.headers.get("cache-control")).toMatch(/s-maxage=\d+, stale-while-revalidate=21600/);
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const first = await get();
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await call(route.GET, "/api/stablecoin-supply", {
      headers: { "If-None-Match": etag! },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    const other = await call(route.GET, "/api/stablecoin-supply", {
      headers: { "If-None-Match": 'W/"nope"' },
    });
    expect(other.status).toBe(200);
  });

  it("falls back to the last good copy past 6 h, flagged stale with its as-of time", async () => {
    await get();
    const kv = adminKv();
    const entry = (await kv.get<Body>(AGGREGATE_KEY))!;
    const storedAt = Date.now() - 7 * HOUR_MS;
    await kv.set(AGGREGATE_KEY, { ...entry, storedAt }, 3600);
    await kv.close();
    forgetProcessState(); // the planted entry stands for 7 h passing: this process' copy is gone
    h.fake.setScenario("defillama", "500");
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await json<Body>(res);
    expect(body.metadata.stale).toBe(true);
    expect(body.metadata.as_of).toBe(new Date(storedAt).toISOString());
    expect(body.warnings[0]).toMatch(/^DefiLlama \(aggregate\): .*last good copy/);
    expect(body.assets.length).toBeGreaterThan(0);
    // The failure was not cached: the next request still gets the stale copy at once while one
    // refresh runs, and once that refresh lands the good answer is used.
    h.fake.resetScenarios();
    expect((await json<Body>(await get())).metadata.stale).toBe(true);
    await refreshesSettled();
    const fresh = await json<Body>(await get());
    expect(fresh.metadata.stale).toBe(false);
  });

  it("answers 503 upstream_unavailable with Retry-After when no copy exists, and caches nothing", async () => {
    h.fake.setScenario("defillama", "500");
    const res = await get();
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("60");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await json<Body>(res);
    expect(body).toMatchObject({
      error: { code: "upstream_unavailable" },
      holderAnalyticsSupported: false,
    });
    expect(body.warnings[0]).toMatch(/^DefiLlama \(aggregate\):/);
    expect(validateAgainstOpenApi("/api/stablecoin-supply", 503, body)).toEqual([]);
    expect(await peek(AGGREGATE_KEY)).toBeUndefined();
  });

  it("never caches an empty aggregate", async () => {
    h.fake.setScenario("defillama", "empty");
    expect((await get()).status).toBe(503);
    h.fake.resetScenarios();
    await endFailureCooldowns(); // an empty aggregate is a failure: not retried within the cooldown
    expect((await get()).status).toBe(200);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)("answers %s with 405 + Allow", async (m) => {
    const res = await route[m]();
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(h.fake.requests()).toHaveLength(0);
  });
});
