/**
 * /api/stablecoin-history, /api/stablecoin-events and the event feeds against a store seeded
 * with samples written by the lib/history codec (not the sampler): the same rows in JSON, CSV and
 * NDJSON, gaps kept, the route contract, and the log joining history events with price depegs.
 */
import * as historyRoute from "@/app/api/stablecoin-history/route";
import * as eventsRoute from "@/app/api/stablecoin-events/route";
import * as eventsAtom from "@/app/events.atom/route";
import * as eventsJson from "@/app/events.json/route";
import { resetConfigForTests } from "@/lib/config";
import type { HistorySample } from "@/lib/history/sample";
import { tokenBySymbol } from "../../fake-upstream/data/assets";
import { seedHistory } from "../../helpers/history-store";
import { HOUR_MS, realistic, seeded } from "../../unit/history/fixtures";
import { validateAgainstOpenApi } from "../helpers/openapi";
import { adminKv, call, json, KV_KINDS, startHarness, type Harness } from "../helpers/harness";
import { SLOW_MACHINE_ENV } from "../helpers/slow-machine";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const INTERVAL_S = 3600;
const DAYS = 10;
const N = DAYS * 24;
/** Sample indices of the scenario (the last sample is N − 1, the latest hour). */
const DRAIN_FROM = N - 48;
const DRAIN_TO = N - 42;
const ONE_VENUE_FROM = N - 100;
const ONE_VENUE_TO = N - 94;
const SALE_FROM = N - 30;
const SALE_TO = N - 27;
const GAP_AT = N - 10;
const DEPTH_GAP_AT = N - 5;

const DOMINANT = "cex:binance";
const DOMINANCE = 20;

const usdc = tokenBySymbol("USDC")!;

function drained(s: HistorySample, venues: string[], factor: number): HistorySample {
  const v = { ...s.depth_2pct_usd.venues };
  for (const k of venues) v[k] = Math.round((v[k] ?? 0) * factor);
  const sum = (prefix: string) =>
    Object.entries(v)
      .filter(([k]) => k.startsWith(prefix))
      .reduce((a, [, x]) => a + (x ?? 0), 0);
  const cex = sum("cex:");
  const dex = sum("dex:");
  return {
    ...s,
    depth_2pct_usd: {
      ...s.depth_2pct_usd,
      venues: v,
      cex_usd: cex,
      dex_usd: dex,
      total_usd: cex + dex,
    },
  };
}

/**
 * Ten days of hourly samples ending at the current hour: a 6-hour 60 % drop on every venue (a
 * confirmed drain), one on the dominant exchange only (unconfirmed), a $1M sale at 0.985 for 3
 * samples while the mid holds (depeg at size), a missed slot and an unmeasured value.
 */
function scenario(nowMs: number): HistorySample[] {
  const rand = seeded(35);
  const last = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  const out: HistorySample[] = [];
  for (let i = 0; i < N; i++) {
    // One exchange holds most of the depth: alone, its fall halves the total.
    let s = drained(realistic(i, rand, last - (N - 1 - i) * HOUR_MS), [DOMINANT], DOMINANCE);
    if (i === GAP_AT) continue; // the sampler missed this slot
    if (i >= DRAIN_FROM && i < DRAIN_TO) s = drained(s, Object.keys(s.depth_2pct_usd.venues), 0.4);
    if (i >= ONE_VENUE_FROM && i < ONE_VENUE_TO) s = drained(s, [DOMINANT], 0.05);
    if (i >= SALE_FROM && i < SALE_TO) s = { ...s, sale_1m: { ...s.sale_1m, price_usd: 0.985 } };
    if (i === DEPTH_GAP_AT) s = { ...s, exit_cost_bps: { ...s.exit_cost_bps, usd_10m: null } };
    out.push(s);
  }
  return out;
}

describe.each(KV_KINDS)("own history routes (%s store)", (kind) => {
  let h: Harness;
  let samples: HistorySample[];
  beforeAll(async () => {
    h = await startHarness(kind, SLOW_MACHINE_ENV);
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
    samples = scenario(Date.now());
    const kv = adminKv();
    try {
      await seedHistory(kv, usdc.defillamaId, samples, {
        intervalSeconds: INTERVAL_S,
        nowMs: Date.now(),
      });
    } finally {
      await kv.close();
    }
  });

  const history = (qs: string) => call(historyRoute.GET, `/api/stablecoin-history${qs}`);
  const events = (qs = "") => call(eventsRoute.GET, `/api/stablecoin-events${qs}`);

  it("serves the window's samples as points, with its start, sources and gaps", async () => {
    const res = await history("?q=usdc&window=7d");
    expect(res.status).toBe(200);
    const body = await json<Body>(res);
    expect(validateAgainstOpenApi("/api/stablecoin-history", 200, body)).toEqual([]);
    expect(body.asset).toEqual({ symbol: "USDC", selector: "usdc", name: expect.any(String) });
    expect(body).toMatchObject({
      window: "7d",
      resolution: "sample",
      interval_seconds: INTERVAL_S,
    });
    expect(body.history_start).toBe(new Date(samples[0]!.t).toISOString());
    const inWindow = samples.filter((s) => s.t >= Date.now() - 7 * 24 * HOUR_MS);
    expect(body.points.map((p: Body) => p.t)).toEqual(
      inWindow.map((s) => new Date(s.t).toISOString()),
    );
    // The missed slot has no point; the unmeasured value is null and named in a warning.
    const gapPoint = body.points.find(
      (p: Body) => p.t === new Date(samples.at(-5)!.t).toISOString(),
    );
    expect(gapPoint.exit_cost_bps_10m).toBeNull();
    expect(body.warning_codes).toEqual(["history_measurement_missing"]);
    expect(body.sources.sale_1m.names).toEqual(["kyberswap"]);
    // Gaps are facts of the history: the answer is still cacheable, with an ETag.
    expect(res.headers.get("cache-control")).toMatch(/s-maxage=/);
    expect(res.headers.get("etag")).toBeTruthy();
  });

  it("format=csv and format=ndjson give the same rows as the JSON points", async () => {
    const body = await json<Body>(await history("?q=usdc&window=24h"));
    const csvRes = await history("?q=usdc&window=24h&format=csv");
    expect(csvRes.status).toBe(200);
    expect(csvRes.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csvRes.headers.get("x-holder-analytics-supported")).toBe("false");
    expect(csvRes.headers.get("x-history-start")).toBe(body.history_start);
    const [header, ...rows] = (await csvRes.text()).trimEnd().split("\r\n");
    const names = header!.split(",");
    const fromCsv = rows.map((r) => {
      const cells = r.split(",");
      const point: Body = { chain_peg_bps: {} };
      names.forEach((n, i) => {
        const v = n === "t" ? cells[i] : cells[i] === "" ? null : Number(cells[i]);
        if (n.startsWith("chain_peg_bps."))
          point.chain_peg_bps[n.slice("chain_peg_bps.".length)] = v;
        else point[n] = v;
      });
      return point;
    });
    expect(fromCsv).toEqual(body.points);
    const nd = await history("?q=usdc&window=24h&format=ndjson");
    expect(nd.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    const lines = (await nd.text())
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toEqual(body.points);
  });

  it("365d is daily: one point a UTC day", async () => {
    const body = await json<Body>(await history("?q=usdc&window=365d"));
    expect(validateAgainstOpenApi("/api/stablecoin-history", 200, body)).toEqual([]);
    expect(body).toMatchObject({ resolution: "daily", interval_seconds: 86_400 });
    expect(body.points.length).toBeGreaterThanOrEqual(DAYS);
    expect(body.points.length).toBeLessThanOrEqual(DAYS + 1);
  });

  it("a coin without samples says its history has not started; contract errors are JSON", async () => {
    const body = await json<Body>(await history("?q=usdt"));
    expect(body).toMatchObject({ points: [], history_start: null, window: "7d" });
    expect(body.warning_codes).toContain("history_not_started");
    expect((await history("?q=usdc&window=1y")).status).toBe(400);
    expect((await history("?q=usdc&format=xml")).status).toBe(400);
    expect((await history("")).status).toBe(400);
    const unknown = await history("?q=nosuchcoin");
    expect(unknown.status).toBe(404);
    expect((await json<Body>(unknown)).holderAnalyticsSupported).toBe(false);
    const post = await call(historyRoute.POST, "/api/stablecoin-history?q=usdc", {
      method: "POST",
    });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("a coin under the sampling floor says so rather than 'not started'", async () => {
    process.env.HISTORY_MIN_CIRCULATING_USD = String(Number.MAX_SAFE_INTEGER);
    resetConfigForTests();
    try {
      const body = await json<Body>(await history("?q=usdt"));
      expect(body.warning_codes).toContain("history_below_floor");
      expect(body.warning_codes).not.toContain("history_not_started");
    } finally {
      delete process.env.HISTORY_MIN_CIRCULATING_USD;
      resetConfigForTests();
    }
  });

  it("the log joins history events with the price depegs, newest first", async () => {
    const res = await events("?q=usdc&window=30d");
    expect(res.status).toBe(200);
    const body = await json<Body>(res);
    expect(validateAgainstOpenApi("/api/stablecoin-events", 200, body)).toEqual([]);
    const iso = (i: number) => new Date(samples[i]!.t).toISOString();
    const drains = body.events.filter((e: Body) => e.type === "liquidity_drain");
    expect(drains).toEqual([
      expect.objectContaining({ start: iso(DRAIN_FROM), end: iso(DRAIN_TO), confirmed: true }),
      expect.objectContaining({ start: iso(ONE_VENUE_FROM), confirmed: false }),
    ]);
    expect(body.events.filter((e: Body) => e.type === "depeg_at_size")).toEqual([
      expect.objectContaining({
        symbol: "USDC",
        selector: "usdc",
        start: iso(SALE_FROM),
        end: iso(SALE_TO),
        ongoing: false,
        worst: expect.objectContaining({ metric: "sale_1m_deviation_bps", value: -150 }),
      }),
    ]);
    // The demo world's USDC price depeg joins the same log.
    expect(body.events.some((e: Body) => e.type === "depeg")).toBe(true);
    const starts = body.events.map((e: Body) => e.start);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(body.history_start).toBe(iso(0));
  });

  it("type and confirmed filter the log", async () => {
    const only = await json<Body>(await events("?q=usdc&type=liquidity_drain&confirmed=false"));
    expect(only.events.map((e: Body) => [e.type, e.confirmed])).toEqual([
      ["liquidity_drain", false],
    ]);
    const depegs = await json<Body>(await events("?q=usdc&type=depeg"));
    expect(depegs.events.every((e: Body) => e.type === "depeg")).toBe(true);
    expect((await events("?type=drain")).status).toBe(400);
    expect((await events("?confirmed=yes")).status).toBe(400);
  });

  it("the market-wide log reads every sampled coin", async () => {
    const body = await json<Body>(await events("?type=depeg_at_size"));
    expect(body.asset).toBeNull();
    expect(body.events.map((e: Body) => e.symbol)).toEqual(["USDC"]);
  });

  it("the feeds carry confirmed events only, filtered by type and coin", async () => {
    const feed = await json<Body>(await call(eventsJson.GET, "/events.json?q=usdc"));
    const items = feed.items as Body[];
    expect(items.every((i) => i._event.confirmed === true)).toBe(true);
    expect(items.map((i) => i._event.type)).toEqual(
      expect.arrayContaining(["liquidity_drain", "depeg_at_size"]),
    );
    expect(items.some((i) => i._event.type === "liquidity_drain" && !i._event.confirmed)).toBe(
      false,
    );
    const typed = await json<Body>(await call(eventsJson.GET, "/events.json?type=depeg_at_size"));
    expect(typed.items.map((i: Body) => i._event.type)).toEqual(["depeg_at_size"]);
    expect(typed._stablecoin_intel).toEqual({ holderAnalyticsSupported: false });
    const atom = await call(eventsAtom.GET, "/events.atom?q=usdc&type=liquidity_drain");
    expect(atom.status).toBe(200);
    expect(atom.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
    const text = await atom.text();
    expect(text.match(/<entry>/g)).toHaveLength(1);
    expect(text).toContain("USDC liquidity drain");
    expect((await call(eventsAtom.GET, "/events.atom?q=nosuchcoin")).status).toBe(404);
    expect((await call(eventsAtom.GET, "/events.atom?type=x")).status).toBe(400);
  });
});
