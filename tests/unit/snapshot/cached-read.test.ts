import { z } from "zod";
import { MemoryKv } from "@/lib/kv/memory";
import { KvError, type KvStore } from "@/lib/kv/types";
import { cachedRead, EmptyResultError } from "@/lib/snapshot/cached-read";
import { Coalescer } from "@/lib/snapshot/coalesce";

const schema = z.object({ n: z.number() });
let seq = 0;
const uniqueKey = () => `test:key:${++seq}`;

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("Coalescer", () => {
  it("runs 100 concurrent cold reads as exactly one call", async () => {
    const c = new Coalescer("test");
    const gate = deferred<number>();
    const work = jest.fn(() => gate.promise);
    const waiters = Array.from({ length: 100 }, () => c.run("k", work));
    gate.resolve(42);
    await expect(Promise.all(waiters)).resolves.toEqual(Array(100).fill(42));
    expect(work).toHaveBeenCalledTimes(1);
    expect(c.size).toBe(0);
  });

  it("settles every waiter when the leader throws, then reads again", async () => {
    const c = new Coalescer("test");
    const work = jest.fn(async () => {
      throw new Error("boom");
    });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => c.run("k", work)));
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    expect(work).toHaveBeenCalledTimes(1);
    await expect(c.run("k", async () => 1)).resolves.toBe(1);
  });

  it("never cancels the shared read when one caller aborts", async () => {
    const c = new Coalescer("test");
    const gate = deferred<string>();
    const controller = new AbortController();
    const aborted = c.run("k", () => gate.promise, controller.signal);
    const other = c.run("k", () => Promise.resolve("second leader?"));
    controller.abort();
    await expect(aborted).rejects.toThrow(/aborted/);
    gate.resolve("shared");
    await expect(other).resolves.toBe("shared");
  });
});

describe("cachedRead", () => {
  it("serves a cached value with zero upstream calls", async () => {
    const kv = new MemoryKv();
    const key = uniqueKey();
    const fetch = jest.fn(async () => ({ n: 1 }));
    const first = await cachedRead({ kv, scope: "t", key, freshSeconds: 60, schema, fetch });
    const second = await cachedRead({ kv, scope: "t", key, freshSeconds: 60, schema, fetch });
    expect(first.source).toBe("upstream");
    expect(second).toMatchObject({ source: "cache", value: { n: 1 } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("never caches an empty result: the next request reads again", async () => {
    const kv = new MemoryKv();
    const key = uniqueKey();
    const fetch = jest.fn(async () => ({ n: 0 }));
    const opts = {
      kv,
      scope: "t",
      key,
      freshSeconds: 60,
      schema,
      fetch,
      isEmpty: (v: { n: number }) => v.n === 0,
    };
    await expect(cachedRead(opts)).rejects.toBeInstanceOf(EmptyResultError);
    await expect(cachedRead(opts)).rejects.toBeInstanceOf(EmptyResultError);
    expect(fetch).toHaveBeenCalledTimes(2);
    await expect(kv.get(key)).resolves.toBeUndefined();
  });

  it("never caches a failure: the next request reads again", async () => {
    const kv = new MemoryKv();
    const key = uniqueKey();
    const fetch = jest
      .fn()
      .mockRejectedValueOnce(new Error("down"))
      .mockResolvedValueOnce({ n: 5 });
    const opts = { kv, scope: "t", key, freshSeconds: 60, schema, fetch };
    await expect(cachedRead(opts)).rejects.toThrow("down");
    await expect(cachedRead(opts)).resolves.toMatchObject({ value: { n: 5 }, source: "upstream" });
  });

  it("serves a retained stale copy when upstream fails after freshness lapsed", async () => {
    let now = 1_000_000;
    const kv = new MemoryKv({ now: () => now });
    const key = uniqueKey();
    const ok = {
      kv,
      scope: "t",
      key,
      freshSeconds: 10,
      retainSeconds: 1000,
      schema,
      now: () => now,
    };
    await cachedRead({ ...ok, fetch: async () => ({ n: 7 }) });
    now += 20_000;
    const r = await cachedRead({ ...ok, fetch: async () => Promise.reject(new Error("down")) });
    expect(r).toMatchObject({ source: "stale", value: { n: 7 }, storedAt: 1_000_000 });
  });

  it("writes with the configured TTL", async () => {
    const kv = new MemoryKv();
    const set = jest.spyOn(kv, "set");
    await cachedRead({
      kv,
      scope: "t",
      key: uniqueKey(),
      freshSeconds: 21_600,
      schema,
      fetch: async () => ({ n: 1 }),
    });
    expect(set).toHaveBeenCalledWith(expect.any(String), expect.anything(), 21_600);
  });

  it("bypasses a failing store and still coalesces", async () => {
    const broken: KvStore = {
      driver: "memory",
      get: async () => {
        throw new KvError("unavailable", "memory", "down");
      },
      set: async () => {
        throw new KvError("unavailable", "memory", "down");
      },
      delete: async () => undefined,
      setIfAbsent: async () => false,
      incr: async () => {
        throw new KvError("unavailable", "memory", "down");
      },
      close: async () => undefined,
    };
    const gate = deferred<{ n: number }>();
    const fetch = jest.fn(() => gate.promise);
    const key = uniqueKey();
    const reads = Array.from({ length: 20 }, () =>
      cachedRead({ kv: broken, scope: "t", key, freshSeconds: 60, schema, fetch }),
    );
    gate.resolve({ n: 3 });
    const all = await Promise.all(reads);
    expect(all.every((r) => r.value.n === 3)).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("treats garbage under the key as a miss", async () => {
    const kv = new MemoryKv();
    const key = uniqueKey();
    await kv.set(key, { v: 1, storedAt: Date.now(), value: "not an object" }, 60);
    const r = await cachedRead({
      kv,
      scope: "t",
      key,
      freshSeconds: 60,
      schema,
      fetch: async () => ({ n: 9 }),
    });
    expect(r).toMatchObject({ source: "upstream", value: { n: 9 } });
  });
});
