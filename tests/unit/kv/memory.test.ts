import { MemoryKv } from "@/lib/kv/memory";
import { KvError } from "@/lib/kv/types";

function clock() {
  let now = 1_700_000_000_000;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe("MemoryKv", () => {
  it("honours TTLs with the injected clock, to the millisecond", async () => {
    const c = clock();
    const kv = new MemoryKv({ now: c.now, timeoutMs: 100 });
    await kv.set("k", { v: 1 }, 2);
    c.advance(1_999);
    expect(await kv.get("k")).toEqual({ v: 1 });
    c.advance(1);
    expect(await kv.get("k")).toBeUndefined();
  });

  it("returns copies, not the stored object", async () => {
    const kv = new MemoryKv({ timeoutMs: 100 });
    const value = { list: [1] };
    await kv.set("k", value, 60);
    value.list.push(2);
    const read = await kv.get<{ list: number[] }>("k");
    read?.list.push(3);
    expect(await kv.get("k")).toEqual({ list: [1] });
  });

  it("setIfAbsent takes an expired key", async () => {
    const c = clock();
    const kv = new MemoryKv({ now: c.now, timeoutMs: 100 });
    expect(await kv.setIfAbsent("lock", "a", 1)).toBe(true);
    expect(await kv.setIfAbsent("lock", "b", 1)).toBe(false);
    c.advance(1_000);
    expect(await kv.setIfAbsent("lock", "c", 1)).toBe(true);
    expect(await kv.get("lock")).toBe("c");
  });

  it("sweeps expired entries every 100 writes", async () => {
    const c = clock();
    const kv = new MemoryKv({ now: c.now, timeoutMs: 100 });
    for (let i = 0; i < 50; i++) await kv.set(`old-${i}`, i, 1);
    c.advance(1_000);
    for (let i = 0; i < 50; i++) await kv.set(`new-${i}`, i, 60);
    expect(kv.size).toBe(50);
  });

  it("simulates failures of any kind until cleared", async () => {
    const kv = new MemoryKv({ timeoutMs: 100 });
    kv.simulateFailure("unavailable");
    await expect(kv.get("k")).rejects.toBeInstanceOf(KvError);
    await expect(kv.set("k", 1, 60)).rejects.toMatchObject({
      kind: "unavailable",
      driver: "memory",
    });
    kv.simulateFailure("timeout");
    await expect(kv.setIfAbsent("k", 1, 60)).rejects.toMatchObject({ kind: "timeout" });
    kv.simulateFailure(undefined);
    await kv.set("k", 1, 60);
    expect(await kv.get("k")).toBe(1);
  });

  it("setRaw plants garbage that reads as corrupt", async () => {
    const kv = new MemoryKv({ timeoutMs: 100 });
    kv.setRaw("g", "{oops", 60);
    await expect(kv.get("g")).rejects.toMatchObject({ kind: "corrupt" });
  });
});
