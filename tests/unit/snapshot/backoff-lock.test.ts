import { z } from "zod";
import { MemoryKv } from "@/lib/kv/memory";
import type { KvStore } from "@/lib/kv/types";
import { ProviderError } from "@/lib/providers/errors";
import {
  BACKOFF_BASE_MS,
  BACKOFF_FAILURE_THRESHOLD,
  BACKOFF_MAX_MS,
  backoffSize,
  BACKOFF_MAX_KEYS,
  recordFailure,
  resetBackoffForTests,
} from "@/lib/snapshot/backoff";
import { cachedRead } from "@/lib/snapshot/cached-read";
import { LOCK_TTL_SECONDS, lockKey } from "@/lib/snapshot/lock";

const schema = z.object({ n: z.number() });
let seq = 0;
const key = () => `backoff:test:${++seq}`;

beforeEach(() => resetBackoffForTests());

describe("per-key backoff", () => {
  it("does not delay a single failure followed by a good answer", async () => {
    const kv = new MemoryKv();
    const k = key();
    const fetch = jest.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValue({ n: 1 });
    await expect(
      cachedRead({ kv, scope: "t", key: k, freshSeconds: 60, schema, fetch }),
    ).rejects.toThrow("down");
    await expect(
      cachedRead({ kv, scope: "t", key: k, freshSeconds: 60, schema, fetch }),
    ).resolves.toMatchObject({ value: { n: 1 } });
  });

  it("stops calling upstream after repeated failures, for a bounded time, and never caches the error", async () => {
    let now = 1_000_000;
    const kv = new MemoryKv({ now: () => now });
    const k = key();
    const fetch = jest.fn(async (): Promise<{ n: number }> => {
      throw new Error("down");
    });
    const opts = { kv, scope: "t", key: k, freshSeconds: 60, schema, fetch, now: () => now };
    for (let i = 0; i < 50; i++) await expect(cachedRead(opts)).rejects.toThrow("down");
    expect(fetch).toHaveBeenCalledTimes(BACKOFF_FAILURE_THRESHOLD);
    expect(await kv.get(k)).toBeUndefined();
    now += BACKOFF_BASE_MS;
    fetch.mockResolvedValueOnce({ n: 2 });
    await expect(cachedRead(opts)).resolves.toMatchObject({ value: { n: 2 }, source: "upstream" });
  });

  it("honours Retry-After within the cap", async () => {
    let now = 0;
    const kv = new MemoryKv({ now: () => now });
    const k = key();
    const err = new ProviderError("http", "coingecko", "/coins/markets", "rate limited", 429, 3600);
    const fetch = jest.fn(async (): Promise<{ n: number }> => {
      throw err;
    });
    const opts = { kv, scope: "t", key: k, freshSeconds: 60, schema, fetch, now: () => now };
    for (let i = 0; i < BACKOFF_FAILURE_THRESHOLD; i++)
      await expect(cachedRead(opts)).rejects.toBe(err);
    now += BACKOFF_MAX_MS - 1;
    await expect(cachedRead(opts)).rejects.toBe(err);
    expect(fetch).toHaveBeenCalledTimes(BACKOFF_FAILURE_THRESHOLD);
    now += 2;
    await expect(cachedRead(opts)).rejects.toBe(err);
    expect(fetch).toHaveBeenCalledTimes(BACKOFF_FAILURE_THRESHOLD + 1);
  });

  it("keeps a bounded number of keys", () => {
    for (let i = 0; i < BACKOFF_MAX_KEYS + 50; i++) recordFailure(`k${i}`, new Error("x"), 0);
    expect(backoffSize()).toBe(BACKOFF_MAX_KEYS);
  });
});

describe("distributed lock", () => {
  it("lets another instance's fresh write serve a waiter without an upstream call", async () => {
    const kv = new MemoryKv();
    const k = key();
    await kv.setIfAbsent(lockKey(k), "other-instance", LOCK_TTL_SECONDS);
    const fetch = jest.fn(async () => ({ n: 99 }));
    const pending = cachedRead({ kv, scope: "t", key: k, freshSeconds: 60, schema, fetch });
    await new Promise((r) => setTimeout(r, 120));
    await kv.set(k, { v: 1, storedAt: Date.now(), value: { n: 7 } }, 60);
    await kv.delete(lockKey(k));
    await expect(pending).resolves.toMatchObject({ value: { n: 7 }, source: "cache" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("reads directly when the holder releases without writing (it failed)", async () => {
    const kv = new MemoryKv();
    const k = key();
    await kv.setIfAbsent(lockKey(k), "other-instance", LOCK_TTL_SECONDS);
    const fetch = jest.fn(async () => ({ n: 5 }));
    const pending = cachedRead({ kv, scope: "t", key: k, freshSeconds: 60, schema, fetch });
    await new Promise((r) => setTimeout(r, 120));
    await kv.delete(lockKey(k));
    await expect(pending).resolves.toMatchObject({ value: { n: 5 }, source: "upstream" });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await kv.get(lockKey(k))).toBeUndefined();
  });

  it("a late starter that takes a free lock after another instance wrote looks again before calling upstream", async () => {
    // Another instance wrote the entry and released its lock after this one's miss and before its
    // lock attempt (Next loads a route bundle on first use, so instances can start apart).
    const inner = new MemoryKv();
    const k = key();
    let firstRead = true;
    const kv: KvStore = {
      driver: "memory",
      get: async <T>(name: string): Promise<T | undefined> => {
        if (name === k && firstRead) {
          firstRead = false;
          await inner.set(k, { v: 1, storedAt: Date.now(), value: { n: 7 } }, 60);
          return undefined; // the miss was read just before the other instance's write landed
        }
        return inner.get<T>(name);
      },
      set: (name, value, ttl) => inner.set(name, value, ttl),
      setIfAbsent: (name, value, ttl) => inner.setIfAbsent(name, value, ttl),
      delete: (name) => inner.delete(name),
      incr: (name, ttl) => inner.incr(name, ttl),
      close: () => inner.close(),
    };
    const fetch = jest.fn(async () => ({ n: 99 }));
    const r = await cachedRead({ kv, scope: "t", key: k, freshSeconds: 60, schema, fetch });
    expect(r).toMatchObject({ value: { n: 7 }, source: "cache" });
    expect(fetch).not.toHaveBeenCalled();
    expect(await inner.get(lockKey(k))).toBeUndefined();
  });
});
