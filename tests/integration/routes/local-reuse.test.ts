/**
 * The read layer's in-process copies (lib/snapshot/local-state.ts) through the real route
 * handlers, the real stores and the fake upstream: a warm repeat touches neither the store nor a
 * provider; a degraded answer is reused only while it would be built the same.
 */
import * as depegs from "@/app/api/stablecoin-depegs/route";
import * as flows from "@/app/api/stablecoin-flows/route";
import * as intel from "@/app/api/stablecoin-intel/route";
import * as issuers from "@/app/api/stablecoin-issuers/route";
import * as pegHistory from "@/app/api/stablecoin-peg-history/route";
import * as pools from "@/app/api/stablecoin-pools/route";
import * as risk from "@/app/api/stablecoin-risk/route";
import * as supply from "@/app/api/stablecoin-supply/route";
import { getConfig } from "@/lib/config";
import { createKv, setKvForTests } from "@/lib/kv";
import type { KvStore } from "@/lib/kv/types";
import { forgetLocalState } from "@/lib/snapshot/local-state";
import { telemetry } from "@/lib/telemetry";
import {
  KV_KINDS,
  call,
  endFailureCooldowns,
  forgetProcessState,
  json,
  startHarness,
  upstreamCalls,
  type Harness,
} from "../helpers/harness";

/** The app's store, counting every operation. */
function countingStore(): { kv: KvStore; ops: () => number } {
  const inner = createKv(getConfig().kv, { timeoutMs: getConfig().kvTimeoutMs });
  let n = 0;
  const count =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    (...a: A) => {
      n += 1;
      return f(...a);
    };
  const kv: KvStore = {
    driver: inner.driver,
    get: count((k: string) => inner.get(k)),
    set: count((k: string, v: unknown, t: number) => inner.set(k, v, t)),
    setIfAbsent: count((k: string, v: unknown, t: number) => inner.setIfAbsent(k, v, t)),
    delete: count((k: string) => inner.delete(k)),
    incr: count((k: string, t: number) => inner.incr(k, t)),
    close: () => inner.close(),
  };
  return { kv, ops: () => n };
}

const ROUTES = [
  ["intel", intel.GET, "/api/stablecoin-intel?q=usdc"],
  ["supply", supply.GET, "/api/stablecoin-supply"],
  ["risk", risk.GET, "/api/stablecoin-risk?q=usdc"],
] as const;

/**
 * Routes whose answer degrades when a read under it leaves a retry pending. That reaches the
 * route's wrapper through the request's read report (lib/snapshot/read-opts.ts), passed
 * explicitly from the route through its builders: a builder that dropped it would let the
 * one-second response memo keep the degraded answer. (A provider failure is settled — its key
 * cools down at once, so the memo may keep that answer — hence the two pending cases below.)
 */
type Route = readonly [string, typeof intel.GET, string];
/** Cut short by the request's own deadline: the fills it left keep running. */
const LIVE_ROUTES: readonly Route[] = [
  ["intel", intel.GET, "/api/stablecoin-intel?q=usdc"],
  ["risk", risk.GET, "/api/stablecoin-risk?q=usdc"],
  ["pools", pools.GET, "/api/stablecoin-pools?q=usdc"],
  ["peg history", pegHistory.GET, "/api/stablecoin-peg-history?q=usdc&window=7d"],
  ["depegs", depegs.GET, "/api/stablecoin-depegs?q=usdc"],
];
/** An empty scheduled snapshot: never stored (rule 6), so the next request reads again. */
const SNAPSHOT_ROUTES: readonly Route[] = [
  ["flows", flows.GET, "/api/stablecoin-flows?q=usdc"],
  ["issuers", issuers.GET, "/api/stablecoin-issuers"],
];

describe.each(KV_KINDS)("in-process copies (%s KV)", (kvKind) => {
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

  it.each(ROUTES)(
    "%s: a warm repeat touches neither the store nor a provider",
    async (_name, handler, url) => {
      const store = countingStore();
      setKvForTests(store.kv);
      const first = await call(handler, url);
      expect(first.status).toBe(200);
      const firstText = await first.text();
      const opsAfterFirst = store.ops();
      const callsAfterFirst = upstreamCalls(h.fake).length;
      expect(opsAfterFirst).toBeGreaterThan(0);

      const again = await call(handler, url);
      expect(again.status).toBe(200);
      expect(await again.text()).toBe(firstText);
      expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
      expect(store.ops()).toBe(opsAfterFirst);
      expect(upstreamCalls(h.fake)).toHaveLength(callsAfterFirst);

      // A process without the copy (another instance): the store is asked, no provider.
      forgetProcessState();
      const later = await call(handler, url);
      expect(later.status).toBe(200);
      expect(store.ops()).toBeGreaterThan(opsAfterFirst);
      expect(upstreamCalls(h.fake)).toHaveLength(callsAfterFirst);
    },
  );

  it("never reuses a degraded answer past the failure's cooldown: then the provider is read again", async () => {
    h.fake.setScenario("dexscreener", "500");
    const degraded = await call(intel.GET, "/api/stablecoin-intel?q=usdc");
    expect(degraded.headers.get("cache-control")).toBe("no-store");
    expect((await json<{ warnings: string[] }>(degraded)).warnings.length).toBeGreaterThan(0);
    h.fake.resetScenarios();
    // Within the cooldown the provider is not asked (issue 25 §1); once it ends, it is.
    await endFailureCooldowns();
    const healthy = await call(intel.GET, "/api/stablecoin-intel?q=usdc");
    expect(healthy.headers.get("cache-control")).not.toBe("no-store");
    expect((await json<{ warnings: string[] }>(healthy)).warnings).toEqual([]);
  });

  it.each(LIVE_ROUTES)(
    "%s: an answer degraded by the request's own deadline is not kept: the next one is whole",
    async (_name, handler, url) => {
      const gaveUp = new AbortController();
      gaveUp.abort();
      const cut = await call(handler, url, { signal: gaveUp.signal });
      expect(cut.status).toBe(200);
      expect(cut.headers.get("cache-control")).toBe("no-store");
      const next = await call(handler, url);
      expect(next.status).toBe(200);
      expect(next.headers.get("cache-control")).not.toBe("no-store");
    },
  );

  it.each(SNAPSHOT_ROUTES)(
    "%s: an answer degraded by an empty snapshot is rebuilt, and the provider asked again",
    async (_name, handler, url) => {
      h.fake.setScenario("dune", "empty");
      const first = await call(handler, url);
      expect(first.status).toBe(200);
      expect(first.headers.get("cache-control")).toBe("no-store");
      const asked = upstreamCalls(h.fake, "dune").length;
      expect(asked).toBeGreaterThan(0);
      await call(handler, url);
      expect(upstreamCalls(h.fake, "dune").length).toBeGreaterThan(asked);
    },
  );

  it("an answer degraded while a failing family's first calls still run is reused, not rebuilt", async () => {
    h.fake.setScenario("dexscreener", "500");
    await call(intel.GET, "/api/stablecoin-intel?q=usdt"); // the pools family fails
    // USDC's pool keys are cold: each is asked by one detached call, which hangs; the answer
    // does not wait for them, and would be built the same until one of them lands.
    h.fake.setScenario("dexscreener", "hang");
    const first = await call(intel.GET, "/api/stablecoin-intel?q=usdc");
    expect(first.headers.get("cache-control")).toBe("no-store");
    const poolCalls = upstreamCalls(h.fake, "dexscreener").length;
    const readsBefore = telemetry.cacheEventCount("cooling");
    expect(readsBefore).toBeGreaterThan(0);
    const again = await call(intel.GET, "/api/stablecoin-intel?q=usdc");
    expect(await again.text()).toBe(await first.text());
    // The kept answer: no read of a cooling key again, no further call.
    expect(telemetry.cacheEventCount("cooling")).toBe(readsBefore);
    expect(upstreamCalls(h.fake, "dexscreener")).toHaveLength(poolCalls);
  });

  it("a settled degraded answer (no DEX pairs, stored) is reused for the second", async () => {
    h.fake.setScenario("dexscreener", "empty");
    const first = await call(intel.GET, "/api/stablecoin-intel?q=usdc");
    expect(first.headers.get("cache-control")).toBe("no-store");
    const store = countingStore();
    setKvForTests(store.kv);
    forgetLocalState(); // without the read layer's copies, only the kept answer avoids the store
    const again = await call(intel.GET, "/api/stablecoin-intel?q=usdc");
    expect(await again.text()).toBe(await first.text());
    expect(store.ops()).toBe(0);
  });

  it("never reuses an error: an unknown selector is answered 404 each time", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call(intel.GET, "/api/stablecoin-intel?q=not-a-coin");
      expect(res.status).toBe(404);
    }
  });
});
