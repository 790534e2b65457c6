/**
 * A request never waits on a provider call longer than the read layer's wait budget
 * (`REQUEST_WAIT_BUDGET_MS`), and never on a retry of a key known to be failing
 * (docs/read-layer.md, "What a read does"), with the market provider hanging past any budget:
 *
 * - a cold key: the first request answers degraded (the market warning) while its one call goes
 *   on; when that call lands (a slow provider), the next request has its data;
 * - a failing key whose cooldown has ended: the request answers the known failure at once while
 *   one detached retry asks, and the requests after it do not ask again.
 *
 * Answers and the fake's call log only: nothing asserts a request's time (the bench measures it).
 */
import * as intel from "@/app/api/stablecoin-intel/route";
import { DEFAULT_REQUEST_WAIT_BUDGET_MS } from "@/lib/config";
import { localState } from "@/lib/snapshot/local-state";
import {
  call,
  json,
  lapseFailureCooldowns,
  startHarness,
  upstreamCalls,
  type Harness,
} from "../helpers/harness";

jest.setTimeout(60_000);

const URL = "/api/stablecoin-intel?q=DAI";
const COINGECKO_KEY_PREFIX = "live:v1:coingecko:";
/** Longer than any wait here: a hanging call is still in flight when the test looks. */
const PROVIDER_TIMEOUT_MS = 60_000;
/** The production default (the harness waits longer, for loaded test machines). */
const REQUEST_WAIT_BUDGET_MS = DEFAULT_REQUEST_WAIT_BUDGET_MS;
/** A slow market provider answers well after the wait budget has ended. */
const SLOW_MS = REQUEST_WAIT_BUDGET_MS * 4;
const MARKET_NO_ANSWER = "market_no_answer";
/** Liveness only (waiting for the fake or a fill): never an assertion on time. */
const SEEN_DEADLINE_MS = 20_000;

interface Answer {
  status: number;
  codes: string[];
}

async function ask(): Promise<Answer> {
  const res = await call(intel.GET, URL);
  const body = await json<{ warning_codes?: string[] }>(res);
  return { status: res.status, codes: body.warning_codes ?? [] };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const marketFills = () =>
  [...localState().fills.keys()].filter((k) => k.startsWith(COINGECKO_KEY_PREFIX));
const marketCalls = (h: Harness) => upstreamCalls(h.fake, "coingecko");

async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + SEEN_DEADLINE_MS;
  while (!done() && Date.now() < deadline) await sleep(5);
}

describe("the market provider hanging: no request waits past the wait budget (file store)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file", {
      PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
      REQUEST_WAIT_BUDGET_MS: String(REQUEST_WAIT_BUDGET_MS),
    });
  });
  beforeEach(async () => {
    await h.reset();
  });
  afterAll(async () => {
    await h.close();
  });

  it("a cold key: answered degraded while its one call hangs; the next request asks no more", async () => {
    h.fake.setScenario("coingecko", "hang");
    const first = await ask();
    expect(first.status).toBe(200);
    expect(first.codes).toContain(MARKET_NO_ANSWER);
    // The calls are still in flight (one per key): the request answered without them.
    expect(marketFills().length).toBeGreaterThan(0);
    await until(() => marketCalls(h).length >= marketFills().length);
    const calls = marketCalls(h).length;
    expect(calls).toBe(marketFills().length);
    const second = await ask();
    expect(second.status).toBe(200);
    expect(second.codes).toContain(MARKET_NO_ANSWER);
    expect(marketCalls(h).length).toBe(calls);
  });

  it("a cold key whose call lands after the budget: degraded first, then the data, one call per key", async () => {
    h.fake.setScenario("coingecko", "slow", { delayMs: SLOW_MS });
    const first = await ask();
    expect(first.status).toBe(200);
    expect(first.codes).toContain(MARKET_NO_ANSWER);
    await until(() => marketFills().length === 0);
    const later = await ask();
    expect(later.status).toBe(200);
    expect(later.codes).not.toContain(MARKET_NO_ANSWER);
    const perKey = new Map<string, number>();
    for (const r of marketCalls(h))
      perKey.set(r.upstreamPath, (perKey.get(r.upstreamPath) ?? 0) + 1);
    expect([...perKey.values()].every((n) => n === 1)).toBe(true);
  });

  it("a failing key after its cooldown: the retrying request waits at most the budget, the others answer at once", async () => {
    h.fake.setScenario("coingecko", "500");
    const primed = await ask();
    expect(primed.codes).toContain(MARKET_NO_ANSWER);
    const failedCalls = marketCalls(h).length;
    expect(failedCalls).toBeGreaterThan(0);
    h.fake.setScenario("coingecko", "hang");
    await lapseFailureCooldowns();
    const retrying = await ask();
    expect(retrying.status).toBe(200);
    expect(retrying.codes).toContain(MARKET_NO_ANSWER);
    // One retry per failing key, still hanging: its request stopped waiting at the budget.
    await until(() => marketCalls(h).length >= failedCalls * 2);
    expect(marketCalls(h).length).toBe(failedCalls * 2);
    expect(marketFills().length).toBe(failedCalls);
    const next = await ask();
    expect(next.codes).toContain(MARKET_NO_ANSWER);
    expect(marketCalls(h).length).toBe(failedCalls * 2);
  });
});
