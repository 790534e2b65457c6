/**
 * A provider whose own limit is per second (KyberSwap, `DEX_QUOTES_CALLS_PER_SECOND`): a burst of
 * misses makes at most that many calls a second across instances; the rest are refused as over
 * budget (never sent to be answered 429), and the next second has a new allowance; the scheduled
 * refresher's calls wait for a later second instead (bounded). Counts only, over a real in-memory
 * store; a fake clock except where the refresher's wait runs in real time.
 */
import { z } from "zod";
import { resetConfigForTests } from "@/lib/config";
import { MemoryKv } from "@/lib/kv/memory";
import { KvError } from "@/lib/kv/types";
import { localSecondBudget } from "@/lib/budget/split";
import { forgetLocalState } from "@/lib/snapshot/local-state";
import type { ReadPolicy } from "@/lib/snapshot/policy";
import { RateBudgetError, spendCall } from "@/lib/budget/calls";
import { SCHEDULED_SECOND_WAIT_MS } from "@/lib/budget/calls";
import { readThrough } from "@/lib/snapshot/read-through";
import { telemetry } from "@/lib/telemetry";

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const PER_SECOND = 3;
const schema = z.object({ n: z.number() });
const policy: ReadPolicy = {
  family: "exit:dex-quote",
  freshSeconds: 300,
  graceSeconds: 600,
  empty: { kind: "negative", seconds: 30 },
  lockBudgetMs: 300,
  provider: "kyberswap",
};
const clock = { t: T0 };
const now = () => clock.t;
let seq = 0;

function reader(kv: MemoryKv) {
  const fetch = jest.fn(async () => ({ n: 1 }));
  const miss = () => readThrough(policy, { kv, key: `quote:${++seq}`, schema, fetch, now });
  return { fetch, miss };
}

const outcomes = async (reads: Promise<unknown>[]) =>
  (await Promise.allSettled(reads)).map((r) =>
    r.status === "fulfilled" ? "ok" : r.reason instanceof RateBudgetError ? "budget" : "other",
  );

beforeEach(() => {
  process.env.DEX_QUOTES_CALLS_PER_SECOND = String(PER_SECOND);
  process.env.DEX_QUOTES_CALLS_PER_MINUTE = "1000";
  resetConfigForTests();
  forgetLocalState();
  telemetry.reset();
  clock.t = T0;
});
afterAll(() => {
  process.env.DEX_QUOTES_CALLS_PER_SECOND = "100000";
  delete process.env.DEX_QUOTES_CALLS_PER_MINUTE;
  resetConfigForTests();
});

it("a burst of 10 cold quotes in one second: 3 calls, 7 refused as over budget; the next second 3 more", async () => {
  const kv = new MemoryKv({ now });
  const { fetch, miss } = reader(kv);
  const first = await outcomes(Array.from({ length: 10 }, miss));
  expect(first.filter((o) => o === "ok")).toHaveLength(PER_SECOND);
  expect(first.filter((o) => o === "budget")).toHaveLength(10 - PER_SECOND);
  expect(fetch).toHaveBeenCalledTimes(PER_SECOND);
  clock.t += 1_000;
  const second = await outcomes(Array.from({ length: 10 }, miss));
  expect(second.filter((o) => o === "ok")).toHaveLength(PER_SECOND);
  expect(fetch).toHaveBeenCalledTimes(2 * PER_SECOND);
});

it("counts across instances: what one spent in a second, another cannot", async () => {
  const kv = new MemoryKv({ now });
  const a = reader(kv);
  await a.miss();
  await a.miss();
  forgetLocalState(); // a second instance on the same store
  const b = reader(kv);
  expect(await outcomes([b.miss(), b.miss()])).toEqual(["ok", "budget"]);
});

it("a store that cannot count: this process keeps to its local share of the second, at least one", async () => {
  const kv = new MemoryKv({ now });
  jest.spyOn(kv, "incr").mockRejectedValue(new KvError("timeout", "memory", "slow"));
  const { fetch, miss } = reader(kv);
  const got = await outcomes(Array.from({ length: 5 }, miss));
  expect(got.filter((o) => o === "ok")).toHaveLength(localSecondBudget(PER_SECOND));
  expect(fetch).toHaveBeenCalledTimes(1);
});

it("the local share of a per-second budget never rounds to zero", () => {
  expect(localSecondBudget(3)).toBe(1);
  expect(localSecondBudget(8)).toBe(2);
  expect(localSecondBudget(100)).toBe(25);
});

describe("the scheduled refresher waits for a later second (real time); a request never does", () => {
  /** Each successful count of a second's counter, by second key. */
  function countedPerSecond(kv: MemoryKv): Map<string, number> {
    const counted = new Map<string, number>();
    const incr = kv.incr.bind(kv);
    kv.incr = async (key, ttlSeconds) => {
      const n = await incr(key, ttlSeconds);
      if (key.includes(":s:") && n <= PER_SECOND) counted.set(key, (counted.get(key) ?? 0) + 1);
      return n;
    };
    return counted;
  }
  const scheduled = (kv: MemoryKv) =>
    spendCall(kv, "kyberswap", Date.now(), { purpose: "scheduled" });

  it("6 scheduled calls at 3 a second all go, spread over at least two seconds", async () => {
    const kv = new MemoryKv();
    const counted = countedPerSecond(kv);
    await Promise.all(Array.from({ length: 6 }, () => scheduled(kv)));
    expect([...counted.values()].reduce((a, b) => a + b, 0)).toBe(6);
    for (const n of counted.values()) expect(n).toBeLessThanOrEqual(PER_SECOND);
    expect(counted.size).toBeGreaterThanOrEqual(2);
  });

  it("the wait is bounded: past SCHEDULED_SECOND_WAIT_MS a scheduled call is refused too", async () => {
    process.env.DEX_QUOTES_CALLS_PER_SECOND = "1";
    resetConfigForTests();
    const kv = new MemoryKv();
    const got = await outcomes(Array.from({ length: 8 }, () => scheduled(kv)));
    const secondsWaited = Math.ceil(SCHEDULED_SECOND_WAIT_MS / 1_000);
    expect(got.filter((o) => o === "ok").length).toBeLessThanOrEqual(1 + secondsWaited);
    expect(got.filter((o) => o === "budget").length).toBeGreaterThan(0);
    expect(got).not.toContain("other");
  });
});
