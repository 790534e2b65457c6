/**
 * One store-health breaker (lib/kv/breaker.ts): a store outage seen by any of its users — the
 * read layer, the provider call budgets, the client limiter — rests that store for all of them.
 */
import { z } from "zod";
import { FailOpenLimiter, LocalWindow, type Limiter } from "@/lib/budget/client";
import { spendCall } from "@/lib/budget/calls";
import { resetConfigForTests } from "@/lib/config";
import { STORE_REST_MS, storeDown } from "@/lib/kv/breaker";
import { MemoryKv } from "@/lib/kv/memory";
import { KvError } from "@/lib/kv/types";
import { forgetLocalState } from "@/lib/snapshot/local-state";
import type { ReadPolicy } from "@/lib/snapshot/policy";
import { readThrough } from "@/lib/snapshot/read-through";

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const now = () => T0;
const policy: ReadPolicy = {
  family: "live:quotes",
  freshSeconds: 60,
  graceSeconds: 600,
  empty: { kind: "negative", seconds: 60 },
  lockBudgetMs: 300,
  provider: "coingecko",
};

class CountingShared implements Limiter {
  calls = 0;
  constructor(readonly fails = false) {}
  async limit(): Promise<never> {
    this.calls += 1;
    throw new Error(this.fails ? "store down" : "not expected");
  }
}

beforeEach(() => {
  resetConfigForTests();
  forgetLocalState();
});

it("a store read that timed out in the read layer rests the store for the client limiter", async () => {
  const kv = new MemoryKv({ now });
  jest.spyOn(kv, "get").mockRejectedValue(new KvError("timeout", "memory", "slow"));
  const schema = z.object({ n: z.number() });
  await readThrough(policy, { kv, key: "k", schema, fetch: async () => ({ n: 1 }), now });
  expect(storeDown(kv, T0)).toBe(true);

  const shared = new CountingShared();
  const limiter = new FailOpenLimiter(shared, new LocalWindow(10, now), now, kv);
  expect(await limiter.limit("client", 1)).toMatchObject({ allowed: true, remaining: 9 });
  expect(shared.calls).toBe(0);
});

it("the client limiter's store failure makes the call budgets count locally, not ask the store", async () => {
  const kv = new MemoryKv({ now });
  const incr = jest.spyOn(kv, "incr");
  const limiter = new FailOpenLimiter(new CountingShared(true), new LocalWindow(10, now), now, kv);
  await limiter.limit("client", 1);

  expect(await spendCall(kv, "coingecko", T0, { purpose: "request" })).toBe("local");
  expect(incr).not.toHaveBeenCalled();
  // After the rest the store is asked again.
  expect(await spendCall(kv, "coingecko", T0 + STORE_REST_MS, { purpose: "request" })).toBe(
    "shared",
  );
  expect(incr).toHaveBeenCalled();
});
