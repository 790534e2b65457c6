/**
 * A request whose store lost every entry while this process still holds the aggregate list (a
 * store flushed or restarted, entries expired) fans out in one step: the coin's identities come
 * from the list as held, so its reads start beside the list's own refill instead of after it.
 * (Where nobody holds a list, it is read first: routes/intel.test.ts.)
 */
import { rmSync } from "node:fs";
import * as route from "@/app/api/stablecoin-intel/route";
import { clearResponseMemo } from "@/lib/api/response-memo";
import { getConfig } from "@/lib/config";
import { LOCAL_REUSE_MS } from "@/lib/snapshot/freshness";
import { call, flushRedis, KV_KINDS, startHarness, type Harness } from "../helpers/harness";

/** Under the provider time budget and far above a loaded runner's scheduling jitter. */
const PROBE_DELAY_MS = 1_500;
const PROVIDERS = ["coingecko", "dexscreener", "dune", "defillama", "defillama-coins"] as const;

async function emptyStore(h: Harness): Promise<void> {
  const kv = getConfig().kv;
  if (kv.driver === "file") rmSync(kv.dir, { recursive: true, force: true });
  else await flushRedis(h.redis!.url);
}

describe.each(KV_KINDS)("a cold store under a held list (%s KV)", (kvKind) => {
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

  it("starts every upstream call of the request before the first one answers", async () => {
    const warm = await call(route.GET, "/api/stablecoin-intel?q=usdc");
    expect(warm.status).toBe(200);
    await emptyStore(h);
    // This process' copies are looked up in the store again after LOCAL_REUSE_MS.
    await new Promise((r) => setTimeout(r, LOCAL_REUSE_MS + 100));
    clearResponseMemo();
    for (const p of PROVIDERS) h.fake.setScenario(p, "slow", { delayMs: PROBE_DELAY_MS });
    h.fake.clearRequests();
    const res = await call(route.GET, "/api/stablecoin-intel?q=usdc");
    expect(res.status).toBe(200);
    const calls = h.fake.requests();
    expect(calls.some((r) => r.upstreamPath.startsWith("/stablecoins"))).toBe(true);
    expect(calls.some((r) => r.upstreamPath.startsWith("/coins/markets"))).toBe(true);
    const lastArrival = Math.max(...calls.map((r) => r.at));
    const firstAnswer = Math.min(...calls.map((r) => r.finishedAt ?? Infinity));
    expect(lastArrival).toBeLessThan(firstAnswer);
  });
});
