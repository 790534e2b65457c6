/**
 * The read-through module over a real in-memory store and a fake clock: counts and states only
 * (calls per key, what is stored, what is served), never timings.
 */
import { z } from "zod";
import { AbortedError, withWaitBudget } from "@/lib/abort";
import { resetConfigForTests } from "@/lib/config";
import { MemoryKv } from "@/lib/kv/memory";
import { KvError, type KvStore } from "@/lib/kv/types";
import {
  backoffMs,
  FAILURE_COOLDOWN_MS,
  LOCAL_REUSE_MS,
  MAX_FAILURE_COOLDOWN_MS,
} from "@/lib/snapshot/freshness";
import { rateWindow } from "@/lib/budget/window";
import { telemetry } from "@/lib/telemetry";
import { forgetLocalState, localState, refreshesSettled } from "@/lib/snapshot/local-state";
import type { ReadPolicy } from "@/lib/snapshot/policy";
import { localBudget, requestAllowance } from "@/lib/budget/split";
import { budgetKey, RateBudgetError } from "@/lib/budget/calls";
import { newReadReport, type ReadReport } from "@/lib/snapshot/read-opts";
import {
  CACHE_ENTRY_VERSION,
  CoolingDownError,
  EmptyAnswerError,
  markerKey,
  readThrough,
  type ReadThroughOptions,
} from "@/lib/snapshot/read-through";

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const S = 1_000;
const schema = z.object({ n: z.number() });
type V = z.infer<typeof schema>;
const listSchema = z.array(z.number());

const policy: ReadPolicy = {
  family: "test",
  freshSeconds: 60,
  graceSeconds: 600,
  empty: { kind: "negative", seconds: 30 },
  lockBudgetMs: 300,
  provider: "defillama",
};

let seq = 0;
const uniqueKey = () => `test:key:${++seq}`;
const clock = { t: T0 };
const now = () => clock.t;

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(fetch: () => Promise<V>, extra: Partial<ReadThroughOptions<V>> = {}) {
  const kv = new MemoryKv({ now });
  const key = uniqueKey();
  const spy = jest.fn(fetch);
  const read = (p: ReadPolicy = policy, report?: ReadReport) =>
    readThrough(p, { kv, key, schema, fetch: spy, now, ...extra, report });
  return { kv, key, fetch: spy, read };
}

beforeEach(() => {
  clock.t = T0;
  forgetLocalState();
  telemetry.reset();
});

/** Polls (real time, bounded) until `done`: for arranging two "instances", never asserted on. */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + UNTIL_DEADLINE_MS;
  while (!(await done()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
}
const UNTIL_DEADLINE_MS = 5_000;

/** Until no fill is in flight (a detached retry has landed). */
const fillsDone = () => until(() => localState().fills.size === 0);

/** Poll intervals spent waiting on another holder's marker. */
const waits = () => telemetry.cacheEventCount("wait");

describe("fresh, miss and single-flight", () => {
  it("100 concurrent cold reads make exactly one upstream call", async () => {
    const gate = deferred<V>();
    const { read, fetch } = setup(() => gate.promise);
    const all = Promise.all(Array.from({ length: 100 }, () => read()));
    gate.resolve({ n: 1 });
    const results = await all;
    expect(results.every((r) => r.value.n === 1)).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("serves a stored fresh entry with zero upstream calls (this process never saw it)", async () => {
    const { kv, key, read, fetch } = setup(async () => ({ n: 2 }));
    await kv.set(key, { v: CACHE_ENTRY_VERSION, storedAt: T0 - 10 * S, value: { n: 9 } }, 600);
    const r = await read();
    expect(r).toEqual({ value: { n: 9 }, source: "cache", storedAt: T0 - 10 * S, settled: true });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("stores with the KV TTL = grace, so a stale copy exists past fresh", async () => {
    const { kv, read } = setup(async () => ({ n: 3 }));
    const set = jest.spyOn(kv, "set");
    await read();
    expect(set.mock.calls.map((c) => c[2])).toEqual([policy.graceSeconds]);
  });

  it("settles every waiter when the shared read fails, then reads again after the cooldown", async () => {
    let fail = true;
    const { read, fetch } = setup(async () => {
      if (fail) throw new Error("boom");
      return { n: 4 };
    });
    const settled = await Promise.allSettled(Array.from({ length: 10 }, () => read()));
    expect(settled.every((r) => r.status === "rejected")).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    fail = false;
    clock.t += FAILURE_COOLDOWN_MS;
    await expect(read()).resolves.toMatchObject({ value: { n: 4 }, source: "upstream" });
  });

  it("one caller aborting never cancels the read the others wait on", async () => {
    const gate = deferred<V>();
    const kv = new MemoryKv({ now });
    const key = uniqueKey();
    const controller = new AbortController();
    const opts = { kv, key, schema, fetch: () => gate.promise, now };
    const aborted = readThrough(policy, { ...opts, signal: controller.signal });
    const other = readThrough(policy, opts);
    controller.abort();
    await expect(aborted).rejects.toThrow(/aborted/);
    gate.resolve({ n: 5 });
    await expect(other).resolves.toMatchObject({ value: { n: 5 } });
  });

  it("a repeat within LOCAL_REUSE_MS reads neither the store nor the provider", async () => {
    const { kv, read, fetch } = setup(async () => ({ n: 6 }));
    await read();
    const get = jest.spyOn(kv, "get");
    clock.t += LOCAL_REUSE_MS - 1;
    await expect(read()).resolves.toMatchObject({ source: "cache" });
    expect(get).not.toHaveBeenCalled();
    // Past it: one request looks at the store again (the entry is still fresh: no provider).
    clock.t += 1;
    await expect(read()).resolves.toMatchObject({ source: "cache" });
    expect(get).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("past LOCAL_REUSE_MS an entry gone from a working store is a miss (flushed store)", async () => {
    const { kv, key, read, fetch } = setup(async () => ({ n: 6 }));
    await read();
    await kv.delete(key);
    clock.t += LOCAL_REUSE_MS;
    await expect(read()).resolves.toMatchObject({ source: "upstream" });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("past LOCAL_REUSE_MS a store that cannot answer leaves this process' copy serving", async () => {
    const { kv, read, fetch } = setup(async () => ({ n: 6 }));
    await read();
    kv.simulateFailure("unavailable");
    clock.t += LOCAL_REUSE_MS;
    await expect(read()).resolves.toMatchObject({ source: "cache", value: { n: 6 } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a store that just failed is not asked to re-check copies for LOCAL_REUSE_MS", async () => {
    const { kv, read, fetch } = setup(async () => ({ n: 6 }));
    await read();
    clock.t += LOCAL_REUSE_MS; // the copy is due a re-check
    kv.simulateFailure("unavailable");
    // Another key's miss finds the store down (and is served from the provider).
    await readThrough(policy, { kv, key: uniqueKey(), schema, fetch, now });
    const get = jest.spyOn(kv, "get");
    await expect(read()).resolves.toMatchObject({ source: "cache", value: { n: 6 } });
    expect(get).not.toHaveBeenCalled();
    // Its rest is over: the next due re-check asks the store again.
    clock.t += LOCAL_REUSE_MS;
    await expect(read()).resolves.toMatchObject({ source: "cache", value: { n: 6 } });
    expect(get).toHaveBeenCalledTimes(1);
  });

  it("hands out frozen values: no request can change another's data", async () => {
    const { read } = setup(async () => ({ n: 7 }));
    await read();
    const r = await read();
    expect(Object.isFrozen(r.value)).toBe(true);
  });

  it("a copy from one store never answers for another store", async () => {
    const { key, read, fetch } = setup(async () => ({ n: 8 }));
    await read();
    const other = new MemoryKv({ now });
    await readThrough(policy, { kv: other, key, schema, fetch, now });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe("stale-while-revalidate", () => {
  it("past fresh: served at once while exactly one refresh runs; the next read is fresh", async () => {
    let n = 0;
    const gate = deferred<void>();
    const refreshing = deferred<void>();
    const { read, fetch } = setup(async () => {
      n += 1;
      if (n > 1) {
        refreshing.resolve();
        await gate.promise;
      }
      return { n };
    });
    await read();
    clock.t += 61 * S;
    const burst = await Promise.all(Array.from({ length: 8 }, () => read()));
    expect(burst.every((r) => r.source === "stale" && r.value.n === 1)).toBe(true);
    expect(burst[0]?.error).toBeUndefined(); // a refresh is pending, nothing failed
    await refreshing.promise;
    // While the refresh is pending, more requests still get the stale copy and call nothing.
    await expect(read()).resolves.toMatchObject({ source: "stale" });
    expect(fetch).toHaveBeenCalledTimes(2);
    gate.resolve();
    await refreshesSettled();
    await expect(read()).resolves.toMatchObject({ source: "cache", value: { n: 2 } });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("a failed refresh keeps the stale copy (with the error) until grace; then the read waits", async () => {
    let fail = false;
    const { read, fetch } = setup(async () => {
      if (fail) throw new Error("upstream 500");
      return { n: 1 };
    });
    await read();
    fail = true;
    clock.t += 61 * S;
    await expect(read()).resolves.toMatchObject({ source: "stale", value: { n: 1 } });
    await refreshesSettled();
    const after = await read();
    expect(after).toMatchObject({ source: "stale", value: { n: 1 } });
    expect(after.error).toBeInstanceOf(Error);
    await refreshesSettled();
    // Past grace the copy is gone: the request reads upstream itself (and fails here).
    clock.t = T0 + 600 * S;
    const callsBefore = fetch.mock.calls.length;
    await expect(read()).rejects.toThrow("upstream 500");
    expect(fetch.mock.calls.length).toBe(callsBefore + 1);
  });

  it("a refresh never replaces a good copy with nothing: the stored entry survives failures", async () => {
    let fail = false;
    const { kv, key, read } = setup(async () => {
      if (fail) throw new Error("boom");
      return { n: 1 };
    });
    await read();
    fail = true;
    clock.t += 61 * S;
    await read();
    await refreshesSettled();
    expect(await kv.get(key)).toMatchObject({ value: { n: 1 }, storedAt: T0 });
  });

  it("another instance's refresh in progress (marker held): serve stale, no second call", async () => {
    const { kv, key, read, fetch } = setup(async () => ({ n: 1 }));
    await read();
    clock.t += 61 * S;
    forgetLocalState();
    await kv.setIfAbsent(markerKey(key), { state: "running" }, 5);
    await expect(read()).resolves.toMatchObject({ source: "stale" });
    await refreshesSettled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("empty answers", () => {
  it("a valid empty live answer is stored: at most one call per key per negative TTL", async () => {
    const kv = new MemoryKv({ now });
    const key = uniqueKey();
    const fetch = jest.fn(async (): Promise<number[]> => []);
    const read = () =>
      readThrough(policy, {
        kv,
        key,
        schema: listSchema,
        fetch,
        isEmpty: (v) => v.length === 0,
        now,
      });
    for (let i = 0; i < 20; i++) {
      await expect(read()).resolves.toMatchObject({ value: [] });
      clock.t += S;
    }
    // 20 s of requests inside the 30 s negative TTL: one call.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await kv.get(key)).toMatchObject({ value: [] });
  });

  it("not-stored (scheduled snapshots): returned, never written; the next read asks again", async () => {
    const kv = new MemoryKv({ now });
    const key = uniqueKey();
    const fetch = jest.fn(async (): Promise<number[]> => []);
    const opts = {
      kv,
      key,
      schema: listSchema,
      fetch,
      isEmpty: (v: number[]) => v.length === 0,
      now,
    };
    const snapshot: ReadPolicy = { ...policy, graceSeconds: 60, empty: { kind: "not-stored" } };
    await expect(readThrough(snapshot, opts)).resolves.toMatchObject({
      value: [],
      source: "upstream",
    });
    await expect(readThrough(snapshot, opts)).resolves.toMatchObject({ value: [] });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await kv.get(key)).toBeUndefined();
  });

  it("failure rule (the aggregate): an empty answer is a failed read, never stored", async () => {
    const kv = new MemoryKv({ now });
    const key = uniqueKey();
    const opts = {
      kv,
      key,
      schema: listSchema,
      fetch: async (): Promise<number[]> => [],
      isEmpty: (v: number[]) => v.length === 0,
      now,
    };
    const broken: ReadPolicy = { ...policy, empty: { kind: "failure" } };
    await expect(readThrough(broken, opts)).rejects.toBeInstanceOf(EmptyAnswerError);
    expect(await kv.get(key)).toBeUndefined();
  });
});

describe("failures and cooldown", () => {
  it("a failure is never stored; the key cools down at once: no call until the cooldown ends", async () => {
    let fail = true;
    const { kv, key, read, fetch } = setup(async () => {
      if (fail) throw new Error("boom");
      return { n: 1 };
    });
    await expect(read()).rejects.toThrow("boom");
    expect(await kv.get(key)).toBeUndefined();
    fail = false;
    // The provider is asked at most once per key per cooldown, even if it has recovered.
    await expect(read()).rejects.toThrow("boom");
    clock.t += FAILURE_COOLDOWN_MS - 1;
    await expect(read()).rejects.toThrow("boom");
    expect(fetch).toHaveBeenCalledTimes(1);
    clock.t += 1;
    await expect(read()).resolves.toMatchObject({ value: { n: 1 } });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("after a cooldown only the retrying request waits: the others answer the known failure", async () => {
    const retry = deferred<V>();
    let calls = 0;
    const { read, fetch } = setup(async () => {
      calls += 1;
      if (calls === 1) throw new Error("boom");
      return retry.promise; // the provider hangs on the retry
    });
    await expect(read()).rejects.toThrow("boom");
    clock.t += FAILURE_COOLDOWN_MS;
    const retrying = read();
    await until(() => fetch.mock.calls.length === 2);
    // Concurrent requests do not join the hanging retry: they answer the last failure now.
    const others = await Promise.allSettled(Array.from({ length: 5 }, () => read()));
    expect(others.map((o) => o.status)).toEqual(Array(5).fill("rejected"));
    expect(fetch).toHaveBeenCalledTimes(2);
    retry.resolve({ n: 2 });
    await expect(retrying).resolves.toMatchObject({ value: { n: 2 } });
    await expect(read()).resolves.toMatchObject({ value: { n: 2 } });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("one failure cools the key down on other instances too (the marker says cooling)", async () => {
    const { kv, key, read, fetch } = setup(async () => {
      throw new Error("boom");
    });
    await expect(read()).rejects.toThrow("boom");
    expect(await kv.get(markerKey(key))).toEqual({
      state: "cooling",
      untilMs: T0 + FAILURE_COOLDOWN_MS,
    });
    // Another instance (no local failure record) sees the cooling marker: no call, no wait.
    forgetLocalState();
    telemetry.reset();
    await expect(read()).rejects.toBeInstanceOf(CoolingDownError);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(telemetry.cacheCounters()).toEqual({ "test miss": 1, "test cooling": 1 });
    // It remembers the cooldown: its next request does not even look at the store.
    const get = jest.spyOn(kv, "get");
    await expect(read()).rejects.toBeInstanceOf(CoolingDownError);
    expect(get).toHaveBeenCalledTimes(1); // the entry only
    // The marker lapses with the cooldown; then a normal attempt.
    clock.t += FAILURE_COOLDOWN_MS;
    await expect(read()).rejects.toThrow("boom");
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("a waiter on another instance's failing read answers as soon as it fails, with no call", async () => {
    const gate = deferred<V>();
    const { kv, key, read, fetch } = setup(() => gate.promise);
    const holder = read(); // instance A takes the marker and reads
    await until(async () => (await kv.get(markerKey(key))) !== undefined);
    forgetLocalState(); // instance B: no shared fill
    const waiter = read();
    await until(() => waits() > 0); // B is waiting on A's marker
    gate.reject(new Error("upstream 500"));
    await expect(holder).rejects.toThrow("upstream 500");
    await expect(waiter).rejects.toBeInstanceOf(CoolingDownError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a failure without the store (marker skipped) still cools the key down in the process", async () => {
    const { kv, read, fetch } = setup(async () => {
      throw new Error("boom");
    });
    kv.simulateFailure("unavailable");
    await expect(read()).rejects.toThrow("boom");
    await expect(read()).rejects.toThrow("boom");
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("a provider that keeps failing backs off", () => {
  /** Reads at `atMs` and says whether the provider was asked. */
  async function askedAt(read: () => Promise<unknown>, fetch: jest.Mock, atMs: number) {
    clock.t = atMs;
    const before = fetch.mock.calls.length;
    await read().catch(() => undefined);
    return fetch.mock.calls.length > before;
  }

  it("each failure in a row doubles the key's cooldown; one good answer resets it", async () => {
    let fail = true;
    const { kv, key, read, fetch } = setup(async () => {
      if (fail) throw new Error("HTTP 451");
      return { n: 1 };
    });
    let t = T0;
    for (const cooldownMs of [1, 2, 4, 8].map((k) => k * FAILURE_COOLDOWN_MS)) {
      expect(await askedAt(read, fetch, t)).toBe(true);
      // Every instance learns the longer cooldown from the marker.
      expect(await kv.get(markerKey(key))).toEqual({ state: "cooling", untilMs: t + cooldownMs });
      expect(await askedAt(read, fetch, t + cooldownMs - 1)).toBe(false);
      t += cooldownMs;
    }
    expect(fetch).toHaveBeenCalledTimes(4);
    fail = false;
    expect(await askedAt(read, fetch, t)).toBe(true); // the good answer
    fail = true;
    clock.t = t + 61 * S; // stale: the background refresh fails once, with the base cooldown
    await read();
    await refreshesSettled();
    expect(await kv.get(markerKey(key))).toEqual({
      state: "cooling",
      untilMs: clock.t + FAILURE_COOLDOWN_MS,
    });
  });

  it("the cooldown stops growing at MAX_FAILURE_COOLDOWN_MS", async () => {
    const { read, fetch } = setup(async () => {
      throw new Error("HTTP 500");
    });
    let t = T0;
    for (let i = 0; i < 12; i++) {
      expect(await askedAt(read, fetch, t)).toBe(true);
      t += backoffMs(i + 1);
    }
    expect(backoffMs(12)).toBe(MAX_FAILURE_COOLDOWN_MS);
    expect(await askedAt(read, fetch, t - 1)).toBe(false);
    expect(await askedAt(read, fetch, t)).toBe(true);
  });

  it("the provider's other keys failing in the same round get the same, not a longer, cooldown", async () => {
    const failing = async (): Promise<V> => {
      throw new Error("HTTP 500");
    };
    const a = setup(failing);
    const b = setup(failing);
    const otherEndpoint: ReadPolicy = { ...policy, family: "test-other" };
    expect(await askedAt(a.read, a.fetch, T0)).toBe(true);
    expect(await askedAt(() => b.read(otherEndpoint), b.fetch, T0 + S)).toBe(true);
    expect(await b.kv.get(markerKey(b.key))).toEqual({
      state: "cooling",
      untilMs: T0 + S + FAILURE_COOLDOWN_MS,
    });
  });
});

describe("a family that just failed: no request waits on a cold key's first call", () => {
  it("answers at once (degraded, settled for the reuse interval) while one detached fill asks the provider", async () => {
    const hung = deferred<V>();
    const a = setup(async () => {
      throw new Error("HTTP 500");
    });
    const b = setup(() => hung.promise); // the same endpoint, another key: its call hangs
    await expect(a.read()).rejects.toThrow("HTTP 500");
    const reports = Array.from({ length: 16 }, () => newReadReport());
    const answers = await Promise.allSettled(reports.map((r) => b.read(policy, r)));
    // Every request answered while the one call was still in flight: none waited on it.
    expect(answers.every((x) => x.status === "rejected")).toBe(true);
    expect(answers[0]).toMatchObject({ reason: expect.any(CoolingDownError) });
    await until(() => b.fetch.mock.calls.length > 0);
    expect(b.fetch).toHaveBeenCalledTimes(1);
    // Built the same until that call lands: kept for the reuse interval, not rebuilt per request.
    expect(reports).toEqual(
      reports.map(() => ({
        retryPending: false,
        upstreamCalls: 0,
        settledUntilMs: clock.t + LOCAL_REUSE_MS,
      })),
    );
    expect(waits()).toBe(0);
    // The call lands: the next request is served from it; the family is healthy again.
    hung.resolve({ n: 7 });
    await until(async () => (await b.kv.get(b.key)) !== undefined);
    await expect(b.read()).resolves.toMatchObject({ value: { n: 7 } });
    const c = setup(async () => ({ n: 8 }));
    await expect(c.read()).resolves.toMatchObject({ value: { n: 8 }, source: "upstream" });
  });

  it("a key with a copy, or of another family, is not affected", async () => {
    const a = setup(async () => {
      throw new Error("HTTP 500");
    });
    await expect(a.read()).rejects.toThrow("HTTP 500");
    const other = setup(async () => ({ n: 1 }));
    await expect(other.read({ ...policy, family: "test-other" })).resolves.toMatchObject({
      source: "upstream",
    });
  });
});

describe("whether a read is settled: its result, and the caller's report (lib/snapshot/read-opts)", () => {
  /** One read with a fresh report: what the read returned (or threw), and the report after it. */
  async function readWith(read: (report: ReadReport) => Promise<{ settled: boolean }>) {
    const report = newReadReport();
    const result = await read(report).catch((error: unknown) => ({ error }));
    return { result, report };
  }
  /** Whether an answer built on this one read would be rebuilt identically right away. */
  async function settledAfter(read: (report: ReadReport) => Promise<{ settled: boolean }>) {
    return !(await readWith(read)).report.retryPending;
  }

  it("a fresh copy and a stored empty live answer are settled; a stale copy is not", async () => {
    const { read, fetch } = setup(async () => ({ n: 0 }), { isEmpty: (v) => v.n === 0 });
    // A valid empty answer, stored (negative TTL): settled, and one upstream read.
    const first = await readWith((report) => read(policy, report));
    expect(first.result).toMatchObject({ source: "upstream", settled: true });
    // It stands until its negative TTL ends.
    const emptyUntil = T0 + 30 * S;
    expect(first.report).toEqual({
      retryPending: false,
      upstreamCalls: 1,
      settledUntilMs: emptyUntil,
    });
    // This process' copy: settled, nothing upstream.
    const second = await readWith((report) => read(policy, report));
    expect(second.result).toMatchObject({ source: "cache", settled: true });
    expect(second.report).toEqual({
      retryPending: false,
      upstreamCalls: 0,
      settledUntilMs: emptyUntil,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    clock.t += (policy.freshSeconds + 1) * S; // stale: served while its refresh may land
    const stale = await readWith((report) => read(policy, report));
    expect(stale.result).toMatchObject({ source: "stale", settled: false });
    // The refresh runs detached from the request: not the request's upstream cost.
    expect(stale.report).toEqual({ retryPending: true, upstreamCalls: 0, settledUntilMs: null });
  });

  it("an empty scheduled snapshot (never stored, rule 6) is not settled", async () => {
    const notStored: ReadPolicy = { ...policy, empty: { kind: "not-stored" } };
    const { read } = setup(async () => ({ n: 0 }), { isEmpty: (v) => v.n === 0 });
    const { result, report } = await readWith((r) => read(notStored, r));
    expect(result).toMatchObject({ source: "upstream", settled: false });
    expect(report).toEqual({ retryPending: true, upstreamCalls: 1, settledUntilMs: null });
  });

  it("a failure is settled: the key cools down, so the next read would not call either", async () => {
    const { read, fetch } = setup(async () => {
      throw new Error("boom");
    });
    // The caller still gets the provider's own error, unwrapped; no retry is pending.
    const failed = await readWith((r) => read(policy, r));
    expect(failed.result).toEqual({ error: new Error("boom") });
    // It stands until the cooldown ends: an answer built on it may be kept that long.
    const cooldownEnd = T0 + FAILURE_COOLDOWN_MS;
    expect(failed.report).toEqual({
      retryPending: false,
      upstreamCalls: 1,
      settledUntilMs: cooldownEnd,
    });
    // Cooling down: no call, settled alike, until the same moment.
    clock.t += S;
    const cooling = await readWith((r) => read(policy, r));
    expect(cooling.report).toEqual({
      retryPending: false,
      upstreamCalls: 0,
      settledUntilMs: cooldownEnd,
    });
    clock.t -= S;
    expect(fetch).toHaveBeenCalledTimes(1);
    // After the cooldown one attempt is made; its failure starts the next cooldown at once.
    clock.t += FAILURE_COOLDOWN_MS;
    expect(await settledAfter((r) => read(policy, r))).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("a request that gave up waiting on a fill still in flight leaves a retry pending", async () => {
    const gate = deferred<V>();
    const kv = new MemoryKv({ now });
    const key = uniqueKey();
    const controller = new AbortController();
    const opts = { kv, key, schema, fetch: () => gate.promise, now };
    const report = newReadReport();
    const aborted = readThrough(policy, { ...opts, signal: controller.signal, report });
    controller.abort();
    await expect(aborted).rejects.toBeDefined();
    expect(report.retryPending).toBe(true);
    gate.resolve({ n: 1 });
  });

  it("a read answered while its key's one retry is in flight is settled for the reuse interval", async () => {
    const hung = deferred<V>();
    let failing = true;
    const { read, fetch } = setup(() =>
      failing ? Promise.reject(new Error("HTTP 500")) : hung.promise,
    );
    await expect(read()).rejects.toThrow("HTTP 500");
    clock.t += FAILURE_COOLDOWN_MS; // the cooldown is over: the next read retries
    failing = false;
    const retry = read();
    await until(() => fetch.mock.calls.length === 2);
    // A concurrent request gets the last failure at once, and an answer built on it would be
    // built the same until the retry lands: it may be kept for the read layer's reuse interval
    // (as a healthy copy is) instead of being rebuilt by every request while the retry runs.
    const { result, report } = await readWith((r) => read(policy, r));
    expect(result).toEqual({ error: new Error("HTTP 500") });
    expect(report).toEqual({
      retryPending: false,
      upstreamCalls: 0,
      settledUntilMs: clock.t + LOCAL_REUSE_MS,
    });
    expect(fetch).toHaveBeenCalledTimes(2);
    hung.resolve({ n: 1 });
    await expect(retry).resolves.toMatchObject({ value: { n: 1 }, source: "upstream" });
  });

  it("requests that share another's failing fill are settled alike", async () => {
    const gate = deferred<V>();
    const { read, fetch } = setup(() => gate.promise);
    const first = settledAfter((r) => read(policy, r));
    const second = settledAfter((r) => read(policy, r));
    gate.reject(new Error("boom"));
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("each caller's report holds its own reads only", async () => {
    const good = setup(async () => ({ n: 1 }));
    const bad = setup(async () => {
      throw new Error("boom");
    });
    const mine = newReadReport();
    const theirs = newReadReport();
    await Promise.all([good.read(policy, mine), bad.read(policy, theirs).catch(() => undefined)]);
    // Mine stands until its fresh time ends, theirs until the failure's cooldown ends.
    const freshEnd = T0 + policy.freshSeconds * S;
    expect(mine).toEqual({ retryPending: false, upstreamCalls: 1, settledUntilMs: freshEnd });
    // A failure cools the key down at once (settled), but it did ask the provider.
    const cooldownEnd = T0 + FAILURE_COOLDOWN_MS;
    expect(theirs).toEqual({ retryPending: false, upstreamCalls: 1, settledUntilMs: cooldownEnd });
  });
});

describe("across instances (the refresh marker)", () => {
  it("a waiter is served by another instance's write, without an upstream call", async () => {
    const { kv, key, read, fetch } = setup(async () => ({ n: 1 }));
    await kv.setIfAbsent(markerKey(key), { state: "running" }, 5);
    setTimeout(() => {
      void kv.set(key, { v: CACHE_ENTRY_VERSION, storedAt: T0, value: { n: 42 } }, 600);
    }, 60);
    await expect(read()).resolves.toMatchObject({ value: { n: 42 }, source: "cache" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a holder that crashed (marker left, no entry): the waiter reads itself after the lock budget", async () => {
    const { kv, key, read, fetch } = setup(async () => ({ n: 1 }));
    await kv.setIfAbsent(markerKey(key), "dead-instance", 5);
    await expect(read()).resolves.toMatchObject({ value: { n: 1 }, source: "upstream" });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a holder that finished without an entry (marker released): one waiter takes it on and reads", async () => {
    const { kv, key, read, fetch } = setup(async () => ({ n: 1 }));
    await kv.setIfAbsent(markerKey(key), { state: "running" }, 5);
    const first = read();
    forgetLocalState(); // a second instance waiting on the same marker
    const second = read();
    await until(() => waits() >= 2);
    await kv.delete(markerKey(key));
    const answers = await Promise.all([first, second]);
    expect(answers.map((a) => a.value)).toEqual([{ n: 1 }, { n: 1 }]);
    expect(answers.map((a) => a.source).sort()).toEqual(["cache", "upstream"]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a late starter: an entry written (marker released) between its miss and its take is served", async () => {
    const { kv, key, read, fetch } = setup(async () => ({ n: 1 }));
    // Another instance finishes its read just after this one's miss and before its marker take.
    const take = kv.setIfAbsent.bind(kv);
    kv.setIfAbsent = async (k, value, ttlSeconds) => {
      if (k === markerKey(key))
        await kv.set(key, { v: CACHE_ENTRY_VERSION, storedAt: T0, value: { n: 42 } }, 600);
      return take(k, value, ttlSeconds);
    };
    await expect(read()).resolves.toMatchObject({ value: { n: 42 }, source: "cache" });
    expect(fetch).not.toHaveBeenCalled();
    expect(await kv.get(markerKey(key))).toBeUndefined();
  });

  it("the holder releases its marker after a good answer", async () => {
    const { kv, key, read } = setup(async () => ({ n: 1 }));
    await read();
    expect(await kv.get(markerKey(key))).toBeUndefined();
  });
});

describe("the store", () => {
  const down = (): KvStore => {
    const fail = async (): Promise<never> => {
      throw new KvError("unavailable", "memory", "down");
    };
    return {
      driver: "memory",
      get: fail,
      set: fail,
      delete: fail,
      setIfAbsent: fail,
      incr: fail,
      close: async () => undefined,
    };
  };

  it("a failing store is bypassed; reads are still one per key in this process", async () => {
    const kv = down();
    const gate = deferred<V>();
    const fetch = jest.fn(() => gate.promise);
    const key = uniqueKey();
    const all = Promise.all(
      Array.from({ length: 10 }, () => readThrough(policy, { kv, key, schema, fetch, now })),
    );
    gate.resolve({ n: 1 });
    expect((await all).every((r) => r.value.n === 1)).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("garbage under the key is a miss, overwritten by the good answer", async () => {
    const { kv, key, read, fetch } = setup(async () => ({ n: 1 }));
    kv.setRaw(key, "{not json", 60);
    await expect(read()).resolves.toMatchObject({ source: "upstream" });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await kv.get(key)).toMatchObject({ value: { n: 1 } });
  });
});

describe("provider call budget", () => {
  const ENV = "COINGECKO_CALLS_PER_MINUTE";
  beforeEach(() => {
    process.env[ENV] = "2";
    resetConfigForTests();
  });
  afterEach(() => {
    process.env[ENV] = "1000000";
    resetConfigForTests();
  });
  const budgeted: ReadPolicy = { ...policy, provider: "coingecko" };

  it("never calls past the budget; over it a miss fails with RateBudgetError", async () => {
    const kv = new MemoryKv({ now });
    const fetch = jest.fn(async () => ({ n: 1 }));
    const read = () => readThrough(budgeted, { kv, key: uniqueKey(), schema, fetch, now });
    await read();
    await read();
    await expect(read()).rejects.toBeInstanceOf(RateBudgetError);
    expect(fetch).toHaveBeenCalledTimes(2);
    // Over budget is a settled state: the next read in this minute would not call either.
    const over = newReadReport();
    await readThrough(budgeted, { kv, key: uniqueKey(), schema, fetch, now, report: over }).catch(
      () => undefined,
    );
    // It stands until the budget window ends.
    expect(over).toEqual({
      retryPending: false,
      upstreamCalls: 0,
      settledUntilMs: rateWindow(clock.t).endsAtMs,
    });
    // The next minute has a new budget.
    clock.t += 60 * S;
    await expect(read()).resolves.toMatchObject({ source: "upstream" });
  });

  it("a miss spends only the request share; a background refresh may spend the reserve", async () => {
    process.env[ENV] = "10"; // request share 8, refresh reserve 2
    resetConfigForTests();
    // Fresh for 10 s, so the copy turns stale inside the same one-minute budget window.
    const quick: ReadPolicy = { ...budgeted, freshSeconds: 10 };
    const kv = new MemoryKv({ now });
    const fetch = jest.fn(async () => ({ n: 1 }));
    const stale = uniqueKey();
    await readThrough(quick, { kv, key: stale, schema, fetch, now });
    for (let i = 1; i < requestAllowance(10); i++)
      await readThrough(quick, { kv, key: uniqueKey(), schema, fetch, now });
    const miss = () => readThrough(quick, { kv, key: uniqueKey(), schema, fetch, now });
    await expect(miss()).rejects.toBeInstanceOf(RateBudgetError);
    await expect(miss()).rejects.toBeInstanceOf(RateBudgetError);
    expect(fetch).toHaveBeenCalledTimes(requestAllowance(10));
    // Refused misses did not eat into the reserve: the stale copy's refresh still calls.
    clock.t += 11 * S; // stale, still inside this budget window
    expect(rateWindow(clock.t).index).toBe(rateWindow(T0).index);
    await expect(readThrough(quick, { kv, key: stale, schema, fetch, now })).resolves.toMatchObject(
      { source: "stale" },
    );
    await refreshesSettled();
    expect(fetch).toHaveBeenCalledTimes(requestAllowance(10) + 1);
  });

  it("a store that cannot count: this process keeps to its local share, never unlimited", async () => {
    process.env[ENV] = "12"; // local share 3
    resetConfigForTests();
    const kv = new MemoryKv({ now });
    const incr = jest.spyOn(kv, "incr").mockRejectedValue(new KvError("timeout", "memory", "slow"));
    const fetch = jest.fn(async () => ({ n: 1 }));
    const miss = () => readThrough(budgeted, { kv, key: uniqueKey(), schema, fetch, now });
    const local = localBudget(12);
    for (let i = 0; i < requestAllowance(local); i++) await miss();
    await expect(miss()).rejects.toBeInstanceOf(RateBudgetError);
    expect(fetch).toHaveBeenCalledTimes(requestAllowance(local));
    // The counter failed once; the process then left it alone (resting) instead of waiting again.
    expect(incr).toHaveBeenCalledTimes(1);
  });

  it("calls counted locally are added to the shared counters once they answer again", async () => {
    process.env[ENV] = "12"; // local share 3, request share 10
    resetConfigForTests();
    const kv = new MemoryKv({ now });
    const incr = jest
      .spyOn(kv, "incr")
      .mockRejectedValueOnce(new KvError("timeout", "memory", "slow"));
    const fetch = jest.fn(async () => ({ n: 1 }));
    const miss = () => readThrough(budgeted, { kv, key: uniqueKey(), schema, fetch, now });
    for (let i = 0; i < localBudget(12); i++) await miss(); // counted here only
    clock.t += LOCAL_REUSE_MS; // the counter is asked again (same budget window)
    while (fetch.mock.calls.length < 100) {
      const before = fetch.mock.calls.length;
      await miss().catch(() => undefined);
      if (fetch.mock.calls.length === before) break;
    }
    // The whole window, local and shared calls together, stayed within the request share.
    expect(fetch).toHaveBeenCalledTimes(requestAllowance(12));
    expect(await kv.get(budgetKey("coingecko", rateWindow(clock.t).index))).toBe(
      requestAllowance(12),
    );
    expect(incr).toHaveBeenCalled();
  });

  it("over budget, a stale copy keeps serving with the budget as its reason", async () => {
    const kv = new MemoryKv({ now });
    const key = uniqueKey();
    const fetch = jest.fn(async () => ({ n: 1 }));
    const read = () => readThrough(budgeted, { kv, key, schema, fetch, now });
    await read();
    clock.t += 61 * S;
    // Other instances spent this minute's budget.
    const spent = budgetKey("coingecko", rateWindow(clock.t).index);
    await kv.incr(spent, 60);
    await kv.incr(spent, 60);
    await read();
    await refreshesSettled();
    const r = await read();
    expect(r.source).toBe("stale");
    expect(r.error).toBeInstanceOf(RateBudgetError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("a request waits on a fill at most the wait budget (REQUEST_WAIT_BUDGET_MS)", () => {
  it("past it the request answers degraded (settled for the reuse interval); the fill goes on and the next read has its value", async () => {
    const hung = deferred<V>();
    const { read, fetch } = setup(() => hung.promise, { signal: new AbortController().signal });
    const report = newReadReport();
    // Real time passes here (the budget is a platform timer); nothing asserts on it.
    await expect(read(policy, report)).rejects.toBeInstanceOf(AbortedError);
    expect(report).toEqual({
      retryPending: false,
      upstreamCalls: 0,
      settledUntilMs: clock.t + LOCAL_REUSE_MS,
    });
    // A later request does not wait on the same fill again, nor start another call.
    await expect(read()).rejects.toBeInstanceOf(AbortedError);
    expect(fetch).toHaveBeenCalledTimes(1);
    hung.resolve({ n: 3 });
    await fillsDone();
    await expect(read()).resolves.toMatchObject({ value: { n: 3 }, source: "cache" });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("a request's reads share its budget: once it has ended, a read of another cold key does not wait", async () => {
    const requestBudgetMs = 50; // shorter than a fill's: the request's own budget ends first
    const { signal } = withWaitBudget(new AbortController().signal, requestBudgetMs);
    const hungA = deferred<V>();
    const a = setup(() => hungA.promise, { signal });
    const b = setup(async () => ({ n: 2 }), { signal });
    await expect(a.read()).rejects.toBeInstanceOf(AbortedError);
    // The next read of the same request answers at once, though its call would land at once too.
    const report = newReadReport();
    await expect(b.read(policy, report)).rejects.toBeInstanceOf(AbortedError);
    expect(report).toEqual({
      retryPending: false,
      upstreamCalls: 0,
      settledUntilMs: clock.t + LOCAL_REUSE_MS,
    });
    hungA.resolve({ n: 1 });
    await fillsDone();
    // Both calls went on and were kept: the next request has them.
    await expect(b.read()).resolves.toMatchObject({ value: { n: 2 }, source: "cache" });
  });
});
