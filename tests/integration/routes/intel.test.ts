import * as route from "@/app/api/stablecoin-intel/route";
import { intelResponseSchema } from "@/lib/intel/schema";
import { WARNING_MISSING, WARNING_UNAVAILABLE, snapshotKey } from "@/lib/snapshot/snapshots";
import { telemetry } from "@/lib/telemetry";
import { duneExecutionEndedAt } from "../../fake-upstream/server";
import { validateAgainstOpenApi } from "../helpers/openapi";
import {
  CANARY_CG_KEY,
  CANARY_DUNE_KEY,
  KV_KINDS,
  call,
  endFailureCooldowns,
  json,
  peek,
  startHarness,
  type Harness,
} from "../helpers/harness";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Under the provider time budget (2.5 s) and far above a loaded runner's scheduling jitter. */
const PARALLEL_PROBE_DELAY_MS = 1_500;

describe.each(KV_KINDS)("GET /api/stablecoin-intel (%s KV)", (kvKind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kvKind);
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
  });

  const get = (qs: string, init?: RequestInit) =>
    call(route.GET, `/api/stablecoin-intel${qs}`, init);

  it("answers the normalized response, valid against the OpenAPI document", async () => {
    const res = await get("?q=usdc");
    expect(res.status).toBe(200);
    const body = await json<Body>(res);
    expect(validateAgainstOpenApi("/api/stablecoin-intel", 200, body)).toEqual([]);
    expect(intelResponseSchema.safeParse(body).success).toBe(true);
    expect(body.holderAnalyticsSupported).toBe(false);
    expect(body.asset).toBe("USDC");
    const d = body.data;
    for (const k of [
      "price",
      "peg_deviation_bps",
      "market_cap_usd",
      "liquidity_depth_2pct_usd",
      "volume_24h_usd",
    ]) {
      expect(typeof d[k]).toBe("number");
      expect(Number.isFinite(d[k])).toBe(true);
    }
    expect(d.peg_deviation_bps).toBeCloseTo((d.price - 1) * 10_000, 9);
    const shares = Object.values(d.supply_distribution as Record<string, number>);
    // Each share is printed to 1e-6, so the sum is 1 within half of that per chain.
    expect(Math.abs(shares.reduce((a, b) => a + b, 0) - 1)).toBeLessThanOrEqual(
      shares.length * 5e-7 + 1e-12,
    );
    for (const chain of Object.keys(d.supply_distribution)) expect(chain).toMatch(/^[a-z0-9-]+$/);
    expect(d.supply_distribution_source).toBe("on-chain-scheduled");
    // The distribution names its universe: the snapshot's chains, as of its last run.
    const universe = d.supply_distribution_universe;
    expect(universe.provider).toBe("Dune");
    expect(universe.as_of).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    for (const chain of Object.keys(d.supply_distribution))
      expect(universe.chains).toContain(chain);
    expect(d.liquidity_depth_breakdown.cex_usd).toBeGreaterThan(0);
    expect(d.liquidity_depth_breakdown.dex_usd).toBeGreaterThan(0);
    expect(d.liquidity_depth_2pct_usd).toBeCloseTo(
      d.liquidity_depth_breakdown.cex_usd + d.liquidity_depth_breakdown.dex_usd,
      3,
    );
    expect(body.warnings).toEqual([]);
    expect(body.metadata.confidence_score).toBeGreaterThan(0.5);
    expect(body.metadata.confidence_score).toBeLessThanOrEqual(1);
  });

  it("lists exactly the sources used, the scheduled one with last_updated = execution_ended_at", async () => {
    const body = await json<Body>(await get("?q=usdc"));
    const byType = Object.fromEntries((body.metadata.sources as Body[]).map((s) => [s.type, s]));
    expect(byType.market).toMatchObject({ name: "CoinGecko", latency: "low" });
    expect(byType.liquidity).toMatchObject({ name: "DexScreener", latency: "low" });
    expect(byType["on-chain-scheduled"]).toMatchObject({ name: "Dune" });
    expect(byType["on-chain-scheduled"].latency).toBeUndefined();
    const ended = Date.parse(byType["on-chain-scheduled"].last_updated);
    expect(ended).toBe(duneExecutionEndedAt(Date.now()));
  });

  it("resolves symbol in any case, CoinGecko id and DefiLlama id to the same asset", async () => {
    for (const q of ["USDC", "usd-coin", "2"]) {
      const body = await json<Body>(await get(`?q=${q}`));
      expect(body.asset).toBe("USDC");
    }
  });

  it("reports the other assets sharing a symbol", async () => {
    const body = await json<Body>(await get("?q=usds"));
    expect(body.metadata.resolved.defillama_id).toBe("209");
    expect(body.metadata.resolved.other_assets_with_symbol).toHaveLength(4);
  });

  it.each([
    ["", "missing"],
    ["?q=", "empty"],
    [`?q=${"a".repeat(65)}`, "too long"],
    ["?q=usd%20c", "space"],
    ["?q=%3Cscript%3E", "markup"],
    ["?q=usdc&q=dai", "repeated"],
  ])("answers 400 for %s (%s) without calling any provider", async (qs) => {
    const res = await get(qs);
    expect(res.status).toBe(400);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await json<Body>(res);
    expect(body).toMatchObject({ error: { code: "bad_request" }, holderAnalyticsSupported: false });
    expect(validateAgainstOpenApi("/api/stablecoin-intel", 400, body)).toEqual([]);
    expect(h.fake.requests()).toHaveLength(0);
  });

  it("answers 404 unknown_asset with at most three suggestions", async () => {
    const res = await get("?q=usdx");
    expect(res.status).toBe(404);
    const body = await json<Body>(res);
    expect(body.error.code).toBe("unknown_asset");
    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(body.suggestions.length).toBeLessThanOrEqual(3);
    expect(body.holderAnalyticsSupported).toBe(false);
    // q never reaches an upstream URL.
    expect(h.fake.requests().some((r) => r.path.toLowerCase().includes("usdx"))).toBe(false);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)(
    "answers %s with 405 + Allow, touching nothing",
    async (method) => {
      const res = await route[method]();
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      expect(await json<Body>(res)).toMatchObject({
        error: { code: "method_not_allowed" },
        holderAnalyticsSupported: false,
      });
      expect(h.fake.requests()).toHaveLength(0);
      expect(telemetry.cacheCounters()).toEqual({});
    },
  );

  it("supports HEAD and OPTIONS", async () => {
    const head = await route.HEAD(
      new Request("http://localhost/api/stablecoin-intel?q=dai", { method: "HEAD" }),
    );
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const options = await route.OPTIONS();
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("sends healthy responses with s-maxage, stale-while-revalidate and CORS", async () => {
    // Not DAI: its recorded arbitrum depeg is a chain_local_depeg warning (no-store).
    const res = await get("?q=usdt");
    expect(res.headers.get("cache-control")).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("serves a cached snapshot with zero on-chain calls, and live data from cache", async () => {
    await get("?q=usdc");
    h.fake.clearRequests();
    const res = await get("?q=usdt");
    expect(res.status).toBe(200);
    expect(h.fake.requests().filter((r) => r.provider === "dune")).toHaveLength(0);
    h.fake.clearRequests();
    await get("?q=usdt");
    expect(h.fake.requests()).toHaveLength(0);
  });

  it("coalesces 100 concurrent cold requests into one call per upstream endpoint", async () => {
    const all = await Promise.all(Array.from({ length: 100 }, () => get("?q=usdc")));
    expect(all.every((r) => r.status === 200)).toBe(true);
    const paths = h.fake.requests().map((r) => r.path);
    expect(paths.length).toBe(new Set(paths).size);
    expect(paths.filter((p) => p.includes("/query/"))).toHaveLength(1);
  });

  it("keeps one shared snapshot entry per query id, whatever asset is asked", async () => {
    await get("?q=usdc");
    await get("?q=dai");
    const entry = await peek(snapshotKey("4000001"));
    expect(entry).toBeDefined();
    expect(snapshotKey("4000001")).not.toMatch(/usdc|dai/i);
  });

  it("degrades with a warning when the on-chain key is absent", async () => {
    delete process.env.DUNE_API_KEY;
    (await import("@/lib/config")).resetConfigForTests();
    const res = await get("?q=usdc");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await json<Body>(res);
    expect(body.warnings).toContain(WARNING_UNAVAILABLE);
    expect(body.data.supply_distribution_source).toBe("aggregate");
    expect(body.data.supply_distribution_universe.provider).toBe("DefiLlama");
    expect(body.metadata.sources.some((s: Body) => s.type === "on-chain-scheduled")).toBe(false);
    expect(h.fake.requests().filter((r) => r.provider === "dune")).toHaveLength(0);
  });

  it("warns that the scheduled result is missing (never run), serves the rest, and caches nothing", async () => {
    h.fake.setScenario("dune", "never-run");
    const body = await json<Body>(await get("?q=usdc"));
    expect(body.warnings).toContain(WARNING_MISSING);
    expect(body.data.price).not.toBeNull();
    expect(await peek(snapshotKey("4000001"))).toBeUndefined();
    h.fake.resetScenarios();
    await endFailureCooldowns(); // a failed read is not retried within the cooldown
    await get("?q=dai");
    expect(await peek(snapshotKey("4000001"))).toBeDefined();
  });

  it("never caches empty on-chain rows: the next request reads again", async () => {
    h.fake.setScenario("dune", "empty");
    const first = await json<Body>(await get("?q=usdc"));
    expect(first.warnings).toContain(WARNING_MISSING);
    await get("?q=usdc");
    expect(h.fake.requests().filter((r) => r.provider === "dune")).toHaveLength(2);
  });

  it("falls back to the aggregate's price and circulating USD, labelled, when the market provider is down", async () => {
    h.fake.setScenario("coingecko", "500");
    const res = await get("?q=usdc");
    expect(res.status).toBe(200);
    const body = await json<Body>(res);
    expect(body.data.price).toBe(body.data.price_sources.aggregate);
    expect(body.data.price_source).toBe("aggregate");
    expect(body.data.price_sources.market).toBeNull();
    expect(body.data.peg_deviation_bps).toBeCloseTo((body.data.price - 1) * 10_000, 9);
    expect(body.data.market_cap_source).toBe("aggregate");
    expect(body.data.market_cap_usd).toBeGreaterThan(0);
    expect(body.data.volume_24h_usd).toBeNull();
    expect(body.data.liquidity_depth_breakdown.cex_usd).toBeNull();
    expect(body.data.liquidity_depth_breakdown.dex_usd).toBeGreaterThan(0);
    expect(body.warning_codes).toEqual(
      expect.arrayContaining([
        "market_no_answer",
        "tickers_no_answer",
        "price_from_aggregate",
        "market_cap_from_aggregate",
      ]),
    );
    expect(body.warning_codes).toHaveLength(body.warnings.length);
    const role = (body.metadata.sources as Body[]).find((s) => s.name === "DefiLlama")?.role;
    expect(role).toMatch(/\bprice\b/);
    expect(body.metadata.sources.some((s: Body) => s.name === "CoinGecko")).toBe(false);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("reports DEX depth as unavailable when the DEX aggregator is down", async () => {
    h.fake.setScenario("dexscreener", "503");
    const body = await json<Body>(await get("?q=usdc"));
    expect(body.data.liquidity_depth_breakdown.dex_usd).toBeNull();
    expect(body.data.liquidity_depth_breakdown.cex_usd).toBeGreaterThan(0);
    expect(body.warnings.some((w: string) => w.startsWith("DexScreener (liquidity):"))).toBe(true);
  });

  it("keeps warnings user-safe and secrets in headers only", async () => {
    for (const p of ["coingecko", "dexscreener", "dune", "defillama"] as const)
      h.fake.setScenario(p, "500");
    const res = await get("?q=usdc");
    const text = await res.text();
    for (const bad of [
      CANARY_DUNE_KEY,
      CANARY_CG_KEY,
      "127.0.0.1",
      "http://",
      "Error:",
      "ProviderError",
      "    at ",
    ]) {
      expect(text).not.toContain(bad);
    }
    const body = JSON.parse(text) as Body;
    for (const w of body.warnings as string[])
      expect(w).toMatch(/^(DefiLlama|CoinGecko|DexScreener|Dune) \([a-z-]+\): /);
    for (const r of h.fake.requests()) {
      expect(r.path).not.toContain(CANARY_DUNE_KEY);
      expect(r.path).not.toContain(CANARY_CG_KEY);
      if (r.provider === "dune") expect(r.headers["x-dune-api-key"]).toBe(CANARY_DUNE_KEY);
      if (r.provider === "coingecko") expect(r.headers["x-cg-demo-api-key"]).toBe(CANARY_CG_KEY);
      if (r.provider !== "dune") expect(r.headers["x-dune-api-key"]).toBeUndefined();
    }
  });

  it("runs a cold request's upstream calls in parallel", async () => {
    // Every provider held long (within the call budget): calls made one after another would
    // each wait for an answer; a parallel fan-out has every call in before the first answer.
    // Structure, not speed: how long the spread takes is the machine's, so it is not asserted.
    for (const p of ["coingecko", "dexscreener", "dune", "defillama", "defillama-coins"] as const)
      h.fake.setScenario(p, "slow", { delayMs: PARALLEL_PROBE_DELAY_MS });
    await get("?q=usdc");
    // The asset is resolved once, against the aggregate list: its live reads start after it.
    const calls = h.fake.requests().filter((r) => !r.upstreamPath.startsWith("/stablecoins"));
    const lastArrival = Math.max(...calls.map((r) => r.at));
    const firstAnswer = Math.min(...calls.map((r) => r.finishedAt ?? Infinity));
    expect(calls.length).toBeGreaterThan(4);
    expect(lastArrival).toBeLessThan(firstAnswer);
  });
});

describe("GET /api/stablecoin-intel with the cache store down", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("redis");
  });
  afterAll(async () => {
    await h.close();
  });

  it("serves straight from providers, still coalesced", async () => {
    await h.redis!.stop();
    const all = await Promise.all(
      Array.from({ length: 20 }, () => call(route.GET, "/api/stablecoin-intel?q=usdc")),
    );
    expect(all.every((r) => r.status === 200)).toBe(true);
    const paths = h.fake.requests().map((r) => r.path);
    expect(paths.length).toBe(new Set(paths).size);
  });
});
