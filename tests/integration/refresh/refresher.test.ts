/**
 * The scheduled refresher (issue 26 §4) with the embedded file store and a real Redis, against
 * the fake upstream (fixture market), `COINGECKO_CALLS_PER_MINUTE=30`:
 *
 * - a pass warms the market through the read layer (a request afterwards needs no provider
 *   call) and never spends more than the refresh reserve of a budget (counted at the fake
 *   upstream, per one-minute window), however many passes run;
 * - the pass lock lets one of two concurrent passes run (two store connections: two instances);
 * - a failed pass (no aggregate, or a task that throws) releases the lock;
 * - `GET /api/cron/refresh`: 404 without a secret, 401 without the right bearer, 405 with
 *   `Allow: GET` to other methods, 200 with the secret; `/api/health` shows the last pass.
 */
import * as cron from "@/app/api/cron/refresh/route";
import * as health from "@/app/api/health/route";
import * as intel from "@/app/api/stablecoin-intel/route";
import { getKv, type KvStore } from "@/lib/kv";
import {
  DEFAULT_LEAD_MS,
  LAST_RUN_KEY,
  MIN_LEAD_MS,
  REFRESH_LOCK_KEY,
} from "@/lib/refresh/constants";
import { leadMsFor, refresherPasses, startRefresher } from "@/lib/refresh/scheduler";
import { runRefreshPass } from "@/lib/refresh/pass";
import type { WarmTask } from "@/lib/refresh/tasks";
import { refreshReserve } from "@/lib/budget/split";
import { rateWindow } from "@/lib/budget/window";
import {
  adminKv,
  call,
  endFailureCooldowns,
  forgetProcessState,
  json,
  KV_KINDS,
  peek,
  startHarness,
  upstreamCalls,
  type Harness,
} from "../helpers/harness";

jest.setTimeout(120_000);

const BUDGET = 30;
const SECRET = "cron-secret-for-tests-0123456789";
const LEAD_MS = 60_000;
const MIN_INTERVAL_SECONDS = 5;
const POLLS = 200;
const POLL_MS = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function maxCallsPerWindow(h: Harness, provider: string): number {
  const perWindow = new Map<number, number>();
  for (const r of upstreamCalls(h.fake, provider)) {
    const w = rateWindow(r.at).index;
    perWindow.set(w, (perWindow.get(w) ?? 0) + 1);
  }
  return Math.max(0, ...perWindow.values());
}

/**
 * Budget windows a pass ran in: the scheduled share is per window, so a pass that crosses a
 * window boundary may spend up to one share in each (the per-window count is asserted apart).
 */
function windowsSpanned(run: { startedAt: string; endedAt: string }): number {
  return (
    rateWindow(Date.parse(run.endedAt)).index - rateWindow(Date.parse(run.startedAt)).index + 1
  );
}

/** A second connection to the test's store (another instance); closed with the harness. */
const extraStores: KvStore[] = [];
function adminKvFor(_h: Harness): KvStore {
  const kv = adminKv();
  extraStores.push(kv);
  return kv;
}

const pass = (kv = getKv()) => runRefreshPass({ trigger: "script", leadMs: LEAD_MS, kv });

describe.each(KV_KINDS)("scheduled refresher (%s store)", (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind, {
      COINGECKO_CALLS_PER_MINUTE: String(BUDGET),
      CRON_SECRET: SECRET,
    });
  });
  afterAll(async () => {
    await Promise.all(extraStores.splice(0).map((kv) => kv.close()));
    await h.close();
  });
  beforeEach(async () => h.reset());

  it("warms the market within the refresh reserve, and a request afterwards calls nothing", async () => {
    const first = await pass();
    expect(first.outcome).not.toBe("locked");
    if (first.outcome === "locked") return;
    expect(["ok", "partial"]).toContain(first.outcome);
    const { families, budget } = first.run;
    expect(families.aggregate).toMatchObject({ warmCoins: families.aggregate!.coins });
    expect(families["supply-history"]!.warmCoins).toBe(families["supply-history"]!.coins);
    expect(families.quotes!.warmCoins).toBeGreaterThan(0);
    expect(budget.coingecko!.allowance).toBeLessThanOrEqual(refreshReserve(BUDGET));
    expect(budget.coingecko!.spent).toBeLessThanOrEqual(
      refreshReserve(BUDGET) * windowsSpanned(first.run),
    );
    // More passes in the same window find the reserve spent.
    await pass();
    await pass();
    expect(maxCallsPerWindow(h, "coingecko")).toBeLessThanOrEqual(refreshReserve(BUDGET));

    // USDC (tracked: one shared quotes entry) was warmed first by rank; its intel answers
    // from the store with no call to the market provider or the aggregate.
    forgetProcessState();
    h.fake.clearRequests();
    const res = await call(intel.GET, "/api/stablecoin-intel?q=usdc");
    expect(res.status).toBe(200);
    const asked = upstreamCalls(h.fake).map((r) => r.upstreamPath);
    expect(
      asked.filter((p) => p.startsWith("/coins/markets") || p.startsWith("/stablecoins?")),
    ).toEqual([]);
  });

  it("passes and a burst of cold requests together stay within the budget", async () => {
    const coins = ["usdt", "usdc", "dai", "usde", "fdusd", "pyusd", "usd0", "tusd", "gho", "lusd"];
    await Promise.all([
      pass(),
      ...coins.map((q) => call(intel.GET, `/api/stablecoin-intel?q=${q}`)),
      pass(adminKvFor(h)),
    ]);
    await pass();
    expect(maxCallsPerWindow(h, "coingecko")).toBeLessThanOrEqual(BUDGET);
  });

  it("the pass lock lets one of two concurrent passes run", async () => {
    const other = adminKv();
    try {
      const results = await Promise.all([pass(), pass(other)]);
      expect(results.map((r) => r.outcome === "locked").sort()).toEqual([false, true]);
      expect(await peek(REFRESH_LOCK_KEY)).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it("a failed pass releases the lock", async () => {
    h.fake.setScenario("defillama", "500");
    const failed = await pass();
    expect(failed.outcome).toBe("failed");
    expect(await peek(REFRESH_LOCK_KEY)).toBeUndefined();

    const throwing: WarmTask = {
      family: "broken",
      tier: 1,
      policy: "live:quotes",
      itemsFor: () => {
        throw new Error("task bug");
      },
    };
    h.fake.resetScenarios();
    await endFailureCooldowns();
    await expect(
      runRefreshPass({ trigger: "script", leadMs: LEAD_MS, tasks: [throwing] }),
    ).rejects.toThrow("task bug");
    expect(await peek(REFRESH_LOCK_KEY)).toBeUndefined();
    expect((await pass()).outcome).not.toBe("locked");
  });

  it("cron route: 401 without the bearer, 405 to other methods, 200 with it; health shows the pass", async () => {
    const url = "/api/cron/refresh";
    expect((await call(cron.GET, url)).status).toBe(401);
    const wrong = await call(cron.GET, url, { headers: { Authorization: "Bearer nope" } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("WWW-Authenticate")).toBe("Bearer");
    const post = await call(cron.POST, url, { method: "POST" });
    expect([post.status, post.headers.get("Allow")]).toEqual([405, "GET"]);
    const head = await call(cron.HEAD, url, { method: "HEAD" });
    expect(head.status).toBe(405);
    expect(h.fake.requests()).toEqual([]); // refused requests touch no provider

    const ok = await call(cron.GET, url, { headers: { Authorization: `Bearer ${SECRET}` } });
    expect(ok.status).toBe(200);
    const body = await json<{ outcome: string; trigger: string }>(ok);
    expect(["ok", "partial"]).toContain(body.outcome);
    expect(body.trigger).toBe("cron");
    expect(JSON.stringify(body)).not.toContain(SECRET);

    const report = await json<{
      refresher: {
        cronEnabled: boolean;
        lastRun: {
          startedAt: string;
          endedAt: string;
          outcome: string;
          families: Record<string, { coins: number; warmCoins: number }>;
          budget: Record<string, { spent: number; allowance: number }>;
        };
      };
    }>(await call(health.GET, "/api/health"));
    expect(report.refresher.cronEnabled).toBe(true);
    const last = report.refresher.lastRun;
    expect(Date.parse(last.endedAt)).toBeGreaterThanOrEqual(Date.parse(last.startedAt));
    expect(last.families["supply-history"]!.warmCoins).toBeGreaterThan(0);
    expect(last.budget.coingecko!.spent).toBeLessThanOrEqual(
      refreshReserve(BUDGET) * windowsSpanned(last),
    );
    expect(maxCallsPerWindow(h, "coingecko")).toBeLessThanOrEqual(refreshReserve(BUDGET));
    expect(JSON.stringify(report)).not.toContain(SECRET);
  });
});

describe("in-process interval", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file");
  });
  afterAll(async () => h.close());

  it("starts once per process, runs a pass at once, and stops", async () => {
    const stop = startRefresher(MIN_INTERVAL_SECONDS);
    try {
      expect(startRefresher(MIN_INTERVAL_SECONDS)).toBe(stop);
      for (let i = 0; i < POLLS && refresherPasses() === 0; i++) await sleep(POLL_MS);
      expect(refresherPasses()).toBe(1);
      expect(await peek(LAST_RUN_KEY)).toMatchObject({ trigger: "interval" });
    } finally {
      stop();
    }
    expect(refresherPasses()).toBe(0);
  });

  it("warms ahead by the interval", () => {
    expect(leadMsFor(30)).toBe(30_000);
    expect(leadMsFor(undefined)).toBe(DEFAULT_LEAD_MS);
    expect(leadMsFor(1)).toBe(MIN_LEAD_MS);
  });
});

describe("cron route without a secret", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file", { CRON_SECRET: undefined });
  });
  afterAll(async () => h.close());

  it("answers 404, whatever the header", async () => {
    const res = await call(cron.GET, "/api/cron/refresh", {
      headers: { Authorization: "Bearer anything-at-all-here" },
    });
    expect(res.status).toBe(404);
    expect(h.fake.requests()).toEqual([]);
  });
});
