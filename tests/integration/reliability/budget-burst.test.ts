/**
 * Provider budgets hold under bursts and a slow store (issue 25 §2), with the embedded file store
 * and a real Redis. `COINGECKO_CALLS_PER_MINUTE=10`; 22 concurrent cold intel requests over 11
 * coins want 12 market-provider calls (the shared quotes list and one ticker list per coin):
 *
 * - the fake upstream sees at most the request share of the budget (the rest is kept for
 *   background refreshes), and every answer is a 200; whatever the budget left out is flagged
 *   `market_rate_budget`, never "did not answer";
 * - with a store whose counter answers slower than the KV budget, each process counts against its
 *   local share instead of calling without limit;
 * - over budget, a stale copy is served with `market_rate_budget`, and every route whose reads
 *   the budget refused says so with the provider's budget code, never "did not answer".
 *
 * Counts per one-minute budget window, never times.
 */
import { QUOTE_BATCH_KEY } from "@/lib/snapshot/market-batch";
import * as depegs from "@/app/api/stablecoin-depegs/route";
import * as intel from "@/app/api/stablecoin-intel/route";
import * as pegHistory from "@/app/api/stablecoin-peg-history/route";
import * as pools from "@/app/api/stablecoin-pools/route";
import * as risk from "@/app/api/stablecoin-risk/route";
import { OVERLAY_COINS } from "@/lib/assets/overlay";
import { getConfig, resetConfigForTests } from "@/lib/config";
import { createKv, setKvForTests } from "@/lib/kv";
import { withBudget } from "@/lib/kv/shared";
import { KvError } from "@/lib/kv/types";
import { localBudget, requestAllowance } from "@/lib/budget/split";
import { rateWindow } from "@/lib/budget/window";
import { refreshesSettled } from "@/lib/snapshot/local-state";
import { budgetKey, requestBudgetKey } from "@/lib/budget/calls";
import {
  adminKv,
  call,
  forgetProcessState,
  json,
  KV_KINDS,
  startHarness,
  upstreamCalls,
  type Harness,
} from "../helpers/harness";
import { RecordingKv } from "./helpers";

jest.setTimeout(60_000);

const BUDGET = 10;
const COINS = OVERLAY_COINS.slice(0, 11).map((t) => t.symbol);
const PER_COIN = 2;
const STALE_AGE_MS = 2 * 60 * 1000;
const NO_ANSWER_CODES = [
  "market_no_answer",
  "tickers_no_answer",
  "contracts_no_answer",
  "dex_no_answer",
  "history_unavailable",
  "long_history_unavailable",
];

interface Answer {
  status: number;
  codes: string[];
}

async function ask(symbol: string): Promise<Answer> {
  const res = await call(intel.GET, `/api/stablecoin-intel?q=${encodeURIComponent(symbol)}`);
  const body = await json<{ warning_codes?: string[] }>(res);
  return { status: res.status, codes: body.warning_codes ?? [] };
}

/** 22 concurrent cold requests: two per coin. */
async function burst(): Promise<Answer[]> {
  return Promise.all(COINS.flatMap((c) => Array.from({ length: PER_COIN }, () => ask(c))));
}

/** The most market-provider calls made in one budget window. */
function maxCallsPerWindow(h: Harness): number {
  const perWindow = new Map<number, number>();
  for (const r of upstreamCalls(h.fake, "coingecko")) {
    const w = rateWindow(r.at).index;
    perWindow.set(w, (perWindow.get(w) ?? 0) + 1);
  }
  return Math.max(0, ...perWindow.values());
}

function expectBudgetFlagged(answers: Answer[]): void {
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  // The provider is healthy: anything missing is the budget's doing, and says so.
  expect(answers.filter((a) => a.codes.some((c) => NO_ANSWER_CODES.includes(c)))).toEqual([]);
  expect(answers.filter((a) => a.codes.includes("market_rate_budget")).length).toBeGreaterThan(0);
}

/** A store whose counter never answers within the KV budget (everything else is the real one). */
class StalledCounterKv extends RecordingKv {
  override incr(): Promise<number> {
    const classify = (e: unknown) => new KvError("unavailable", this.driver, String(e));
    return withBudget(
      this.driver,
      "incr",
      getConfig().kvTimeoutMs,
      classify,
      () => new Promise<number>(() => undefined),
    );
  }
}

describe.each(KV_KINDS)("provider budgets under a burst (%s store)", (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind, { COINGECKO_CALLS_PER_MINUTE: String(BUDGET) });
  });
  beforeEach(async () => {
    await h.reset();
  });
  afterAll(async () => {
    await h.close();
  });

  it(`22 concurrent cold requests over 11 coins: at most the request share of ${BUDGET} calls`, async () => {
    const answers = await burst();
    expect(maxCallsPerWindow(h)).toBeLessThanOrEqual(requestAllowance(BUDGET));
    expectBudgetFlagged(answers);
  });

  it("a store whose counter is slower than its budget: the process keeps to its local share", async () => {
    setKvForTests(new StalledCounterKv(createKv(getConfig().kv)));
    const answers = await burst();
    expect(maxCallsPerWindow(h)).toBeLessThanOrEqual(requestAllowance(localBudget(BUDGET)));
    expectBudgetFlagged(answers);
  });

  it("over budget, a stale copy is served with market_rate_budget", async () => {
    process.env.COINGECKO_CALLS_PER_MINUTE = "1000000";
    resetConfigForTests();
    expect((await ask("USDC")).status).toBe(200);
    const kv = adminKv();
    try {
      // Age the market entries past their fresh time (inside grace) ...
      const storedAt = Date.now() - STALE_AGE_MS;
      let aged = 0;
      for (const key of [QUOTE_BATCH_KEY, "live:v1:coingecko:tickers:usd-coin"]) {
        const entry = await kv.get<Record<string, unknown>>(key);
        if (entry === undefined) continue;
        aged += 1;
        await kv.set(key, { ...entry, storedAt }, 600);
      }
      expect(aged).toBe(2);
      // ... and spend a budget of one call in this window and the next (a minute may turn).
      process.env.COINGECKO_CALLS_PER_MINUTE = "1";
      resetConfigForTests();
      const window = rateWindow(Date.now()).index;
      for (const w of [window, window + 1]) await kv.incr(budgetKey("coingecko", w), 120);
    } finally {
      await kv.close();
    }
    forgetProcessState();
    h.fake.clearRequests();
    await ask("USDC"); // served stale; its background refresh finds the budget spent
    await refreshesSettled();
    const answer = await ask("USDC");
    await refreshesSettled(); // its refresh (refused too) must not outlive the test
    expect(answer.status).toBe(200);
    expect(answer.codes).toContain("market_rate_budget");
    expect(upstreamCalls(h.fake, "coingecko")).toHaveLength(0);
  });

  it.each([
    ["intel", intel.GET, "/api/stablecoin-intel?q=usdc", ["market_rate_budget", "dex_rate_budget"]],
    ["risk", risk.GET, "/api/stablecoin-risk?q=usdc", ["market_rate_budget", "dex_rate_budget"]],
    // The pool list's own reads (the quote only sizes pools, with the aggregate as fallback).
    ["pools", pools.GET, "/api/stablecoin-pools?q=usdc", ["dex_rate_budget"]],
    // A coin outside the registry: its contracts come from the market provider's coin detail.
    ["pools (contracts)", pools.GET, "/api/stablecoin-pools?q=USYC", ["market_rate_budget"]],
    [
      "peg history",
      pegHistory.GET,
      "/api/stablecoin-peg-history?q=usdc&window=7d",
      ["market_rate_budget"],
    ],
    ["depegs", depegs.GET, "/api/stablecoin-depegs?q=usdc", ["market_rate_budget"]],
  ] as const)(
    "%s: a spent budget is flagged with the provider's budget code",
    async (_n, get, url, codes) => {
      process.env.COINGECKO_CALLS_PER_MINUTE = "1";
      process.env.DEXSCREENER_CALLS_PER_MINUTE = "1";
      resetConfigForTests();
      const kv = adminKv();
      try {
        // Both budgets spent in this window and the next (a minute may turn meanwhile).
        const window = rateWindow(Date.now()).index;
        for (const provider of ["coingecko", "dexscreener"] as const)
          for (const w of [window, window + 1]) {
            await kv.incr(budgetKey(provider, w), 120);
            await kv.incr(requestBudgetKey(provider, w), 120);
          }
      } finally {
        await kv.close();
      }
      const res = await call(get, url);
      expect(res.status).toBe(200);
      const body = await json<{ warning_codes: string[] }>(res);
      for (const code of codes) expect(body.warning_codes).toContain(code);
      expect(body.warning_codes.filter((c) => NO_ANSWER_CODES.includes(c))).toEqual([]);
      expect(upstreamCalls(h.fake, "coingecko")).toHaveLength(0);
      expect(upstreamCalls(h.fake, "dexscreener")).toHaveLength(0);
    },
  );
});
