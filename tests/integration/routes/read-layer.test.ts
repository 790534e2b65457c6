/**
 * The read layer through the real routes, stores and fake upstream (counts and states only):
 * negative caching of valid empty live answers, a stale copy served with its as-of time and a
 * warning while one refresh runs, failures never stored, and a health endpoint that probes the
 * store at most once per interval.
 */
import * as health from "@/app/api/health/route";
import * as intel from "@/app/api/stablecoin-intel/route";
import * as pools from "@/app/api/stablecoin-pools/route";
import { getConfig } from "@/lib/config";
import { HEALTH_PROBE_INTERVAL_MS, healthReport, KV_PROBE_KEY } from "@/lib/health";
import { createKv, setKvForTests } from "@/lib/kv";
import { refreshesSettled } from "@/lib/snapshot/local-state";
import { RecordingKv } from "../reliability/helpers";
import {
  adminKv,
  call,
  forgetProcessState,
  json,
  startHarness,
  upstreamCalls,
  type Harness,
} from "../helpers/harness";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const REQUESTS = 30;
const STALE_AGE_MS = 2 * 60 * 1000;

describe("read layer through the routes (file KV)", () => {
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

  it("token addresses with no DEX pairs: the empty answer is cached, one call per key", async () => {
    h.fake.setScenario("dexscreener", "empty");
    for (let i = 0; i < REQUESTS; i++) {
      const res = await call(intel.GET, "/api/stablecoin-intel?q=usdt");
      expect(res.status).toBe(200);
      // Also after this process forgot its copies (another instance): the store has the answer.
      if (i === REQUESTS / 2) forgetProcessState();
    }
    const dex = upstreamCalls(h.fake, "dexscreener");
    const perKey = new Map<string, number>();
    for (const r of dex) perKey.set(r.upstreamPath, (perKey.get(r.upstreamPath) ?? 0) + 1);
    expect(perKey.size).toBeGreaterThan(1);
    expect([...perKey.values()].every((n) => n === 1)).toBe(true);
  });

  it("a stale pool list and quote: served with their as-of time and a warning, then refreshed", async () => {
    await call(pools.GET, "/api/stablecoin-pools?q=usdc");
    await call(intel.GET, "/api/stablecoin-intel?q=usdc");
    // Age every live entry past its fresh time (still inside grace).
    const kv = adminKv();
    const storedAt = Date.now() - STALE_AGE_MS;
    for (const key of await liveEntryKeys(kv)) {
      const entry = await kv.get<Record<string, unknown>>(key);
      if (entry) await kv.set(key, { ...entry, storedAt }, 600);
    }
    await kv.close();
    forgetProcessState();
    const callsBefore = upstreamCalls(h.fake).length;

    const stale = await json<Body>(await call(intel.GET, "/api/stablecoin-intel?q=usdc"));
    const staleWarnings = (stale.warnings as string[]).filter((w) =>
      /^(CoinGecko \(market\)|DexScreener \(liquidity\)): a refresh is under way; showing data from \d\d:\d\d UTC\.$/.test(
        w,
      ),
    );
    expect(staleWarnings.length).toBeGreaterThanOrEqual(2);
    const market = (stale.metadata.sources as Body[]).find((s) => s.name === "CoinGecko");
    expect(market?.as_of).toBe(new Date(storedAt).toISOString());

    await refreshesSettled();
    // One refresh per key, not one per request.
    const refreshCalls = upstreamCalls(h.fake).slice(callsBefore);
    const paths = refreshCalls.map((r) => r.upstreamPath);
    expect(new Set(paths).size).toBe(paths.length);
    const fresh = await json<Body>(await call(intel.GET, "/api/stablecoin-intel?q=usdc"));
    expect(fresh.warnings).toEqual([]);
  });

  it("a failed refresh keeps the stale copy serving, and nothing of the failure is stored", async () => {
    await call(intel.GET, "/api/stablecoin-intel?q=usdc");
    const kv = adminKv();
    const storedAt = Date.now() - STALE_AGE_MS;
    for (const key of await liveEntryKeys(kv)) {
      const entry = await kv.get<Record<string, unknown>>(key);
      if (entry) await kv.set(key, { ...entry, storedAt }, 600);
    }
    forgetProcessState();
    h.fake.setScenario("coingecko", "500");
    await call(intel.GET, "/api/stablecoin-intel?q=usdc");
    await refreshesSettled();
    const body = await json<Body>(await call(intel.GET, "/api/stablecoin-intel?q=usdc"));
    expect(body.data.price).not.toBeNull();
    expect(body.warnings).toContainEqual(
      expect.stringMatching(
        /^CoinGecko \(market\): the source is unavailable; showing data from \d\d:\d\d UTC\.$/,
      ),
    );
    for (const key of await liveEntryKeys(kv)) {
      if (!key.includes(":coingecko:")) continue;
      expect(await kv.get(key)).toMatchObject({ storedAt });
    }
    await kv.close();
  });

  it("health: a flood of requests probes the store at most once per interval", async () => {
    const recording = new RecordingKv(createKv(getConfig().kv, { timeoutMs: 5_000 }));
    setKvForTests(recording);
    const probes = () => recording.writes.filter((k) => k === KV_PROBE_KEY).length;
    const t0 = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: REQUESTS }, async () => (await call(health.GET, "/api/health")).status),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(probes()).toBe(1);
    for (let i = 0; i < REQUESTS; i++) await healthReport(t0 + HEALTH_PROBE_INTERVAL_MS - 1);
    expect(probes()).toBe(1);
    await healthReport(t0 + 2 * HEALTH_PROBE_INTERVAL_MS);
    expect(probes()).toBe(2);
  });
});

/** The live entries in the store (the file store keeps one file per key; ask the known keys). */
async function liveEntryKeys(kv: ReturnType<typeof adminKv>): Promise<string[]> {
  const { OVERLAY_COINS } = await import("@/lib/assets/overlay");
  const usdc = OVERLAY_COINS.find((t) => t.coingeckoId === "usd-coin")!;
  const { QUOTE_BATCH_KEY } = await import("@/lib/snapshot/market-batch");
  const keys = [
    QUOTE_BATCH_KEY,
    "live:v1:coingecko:tickers:usd-coin",
    ...Object.entries(usdc.addresses).flatMap(([chain, list]) =>
      list.map((c) => `live:v1:dexscreener:token-pairs:${chain}:${c.address.toLowerCase()}`),
    ),
  ];
  const present: string[] = [];
  for (const k of keys) if ((await kv.get(k)) !== undefined) present.push(k);
  return present;
}
