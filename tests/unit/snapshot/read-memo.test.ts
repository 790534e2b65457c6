import { z } from "zod";
import { MemoryKv } from "@/lib/kv/memory";
import { KvError, type KvStore } from "@/lib/kv/types";
import { cachedRead } from "@/lib/snapshot/cached-read";
import {
  clearReadMemo,
  READ_MEMO_MAX_ENTRIES,
  READ_MEMO_MS,
  ReadMemo,
  readMemo,
} from "@/lib/snapshot/read-memo";

const schema = z.object({ n: z.number(), list: z.array(z.number()) });
type V = z.infer<typeof schema>;
let seq = 0;
const uniqueKey = () => `test:memo:${++seq}`;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

/** A MemoryKv that counts reads and can be told to time out. */
class CountingKv extends MemoryKv {
  reads = 0;
  failReads = false;
  failWrites = false;
  override async get<T = unknown>(key: string): Promise<T | undefined> {
    this.reads += 1;
    if (this.failReads) throw new KvError("timeout", "memory", "get exceeded its budget");
    return super.get<T>(key);
  }
  override async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    if (this.failWrites) throw new KvError("timeout", "memory", "set exceeded its budget");
    return super.set(key, value, ttlSeconds);
  }
}

function reader(kv: KvStore, key: string, clock: { t: number }, fetch: () => Promise<V>) {
  return () =>
    cachedRead({
      kv,
      scope: "test",
      key,
      freshSeconds: 60,
      retainSeconds: 3600,
      schema,
      fetch,
      now: () => clock.t,
    });
}

afterEach(() => clearReadMemo());

describe("ReadMemo", () => {
  const kv = new MemoryKv();
  const other = new MemoryKv();

  it("reuses a value for READ_MEMO_MS, then forgets it", () => {
    const m = new ReadMemo();
    m.set(kv, "k", { n: 1 }, T0 - 5, T0);
    expect(m.get(kv, "k", T0 + READ_MEMO_MS - 1)).toEqual({ value: { n: 1 }, storedAt: T0 - 5 });
    expect(m.get(kv, "k", T0 + READ_MEMO_MS)).toBeUndefined();
    expect(m.size).toBe(0);
  });

  it("never answers for another store instance", () => {
    const m = new ReadMemo();
    m.set(kv, "k", 1, T0, T0);
    expect(m.get(other, "k", T0)).toBeUndefined();
  });

  it("forgets an entry when the clock goes backwards", () => {
    const m = new ReadMemo();
    m.set(kv, "k", 1, T0, T0);
    expect(m.get(kv, "k", T0 - 1)).toBeUndefined();
  });

  it("is capped: the oldest entries go first", () => {
    const m = new ReadMemo();
    for (let i = 0; i < READ_MEMO_MAX_ENTRIES + 50; i++) m.set(kv, `k${i}`, i, T0, T0);
    expect(m.size).toBe(READ_MEMO_MAX_ENTRIES);
    expect(m.get(kv, "k0", T0)).toBeUndefined();
    expect(m.get(kv, `k${READ_MEMO_MAX_ENTRIES + 49}`, T0)?.value).toBe(READ_MEMO_MAX_ENTRIES + 49);
  });

  it("deep-freezes what it keeps, so no request can change another's data", () => {
    const m = new ReadMemo();
    const value = { n: 1, list: [1, 2], nested: { deep: [{ x: 1 }] } };
    m.set(kv, "k", value, T0, T0);
    expect(Object.isFrozen(value.nested.deep[0])).toBe(true);
    expect(() => value.list.push(3)).toThrow(TypeError);
  });

  it("keeps nothing when its time is zero", () => {
    const m = new ReadMemo(0);
    m.set(kv, "k", 1, T0, T0);
    expect(m.size).toBe(0);
  });
});

describe("cachedRead with the read memo", () => {
  it("a repeat within READ_MEMO_MS reads neither the store nor the provider", async () => {
    const kv = new CountingKv();
    const clock = { t: T0 };
    const fetch = jest.fn(async () => ({ n: 1, list: [1] }));
    const read = reader(kv, uniqueKey(), clock, fetch);
    expect((await read()).source).toBe("upstream");
    const readsAfterFirst = kv.reads;
    clock.t += READ_MEMO_MS - 1;
    const again = await read();
    expect(again).toMatchObject({ source: "cache", storedAt: T0, value: { n: 1 } });
    expect(kv.reads).toBe(readsAfterFirst);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("asks the store again once READ_MEMO_MS has passed", async () => {
    const kv = new CountingKv();
    const clock = { t: T0 };
    const key = uniqueKey();
    const read = reader(kv, key, clock, async () => ({ n: 1, list: [] }));
    await read();
    const before = kv.reads;
    clock.t += READ_MEMO_MS;
    // Another instance wrote a newer entry meanwhile: it is what this read returns.
    await kv.set(key, { v: 1, storedAt: clock.t - 10, value: { n: 2, list: [] } }, 60);
    expect((await read()).value.n).toBe(2);
    expect(kv.reads).toBe(before + 1);
  });

  it("never extends freshness: an entry past its fresh window is re-read upstream", async () => {
    const kv = new CountingKv();
    const key = uniqueKey();
    const clock = { t: T0 };
    // Stored 59.9 s ago with a 60 s fresh window: served from the store and memoized…
    await kv.set(key, { v: 1, storedAt: T0 - 59_900, value: { n: 1, list: [] } }, 3600);
    const fetch = jest.fn(async () => ({ n: 2, list: [] }));
    const read = reader(kv, key, clock, fetch);
    expect((await read()).source).toBe("cache");
    // …but 200 ms later it is no longer fresh, memo or not.
    clock.t += 200;
    expect(await read()).toMatchObject({ source: "upstream", value: { n: 2 } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("never memoizes a stale copy", async () => {
    const kv = new CountingKv();
    const key = uniqueKey();
    const clock = { t: T0 };
    await kv.set(key, { v: 1, storedAt: T0 - 120_000, value: { n: 1, list: [] } }, 3600);
    const read = reader(kv, key, clock, async () => {
      throw new Error("upstream down");
    });
    expect((await read()).source).toBe("stale");
    const before = kv.reads;
    clock.t += 1;
    expect((await read()).source).toBe("stale");
    expect(kv.reads).toBeGreaterThan(before);
    expect(readMemo().get(kv, key, clock.t)).toBeUndefined();
  });

  it("never memoizes a value the store did not take (store down, failed write)", async () => {
    for (const fault of ["failReads", "failWrites"] as const) {
      const kv = new CountingKv();
      kv[fault] = true;
      const clock = { t: T0 };
      const fetch = jest.fn(async () => ({ n: 1, list: [] }));
      const read = reader(kv, uniqueKey(), clock, fetch);
      expect((await read()).source).toBe("upstream");
      clock.t += 1;
      expect((await read()).source).toBe("upstream");
      expect(fetch).toHaveBeenCalledTimes(2);
    }
  });

  it("hands out frozen values: a caller cannot corrupt the next request's answer", async () => {
    const kv = new CountingKv();
    const clock = { t: T0 };
    const read = reader(kv, uniqueKey(), clock, async () => ({ n: 1, list: [1, 2] }));
    await read();
    const { value } = await read();
    expect(() => value.list.sort((a, b) => b - a)).toThrow(TypeError);
    expect((await read()).value.list).toEqual([1, 2]);
  });
});
