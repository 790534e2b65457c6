import { decodeValue, encodeValue, errorCode, ttlToMs, withBudget } from "@/lib/kv/shared";
import { KvError } from "@/lib/kv/types";

const classify = (error: unknown) =>
  new KvError("unavailable", "memory", "classified", { cause: error });
const never = () => new Promise<never>(() => undefined);

describe("withBudget", () => {
  it("returns the result when the work finishes in time", async () => {
    await expect(withBudget("memory", "get", 50, classify, async () => 7)).resolves.toBe(7);
  });

  it("fails with KvError timeout at the budget", async () => {
    const started = Date.now();
    const error = await withBudget("redis", "get", 30, classify, never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KvError);
    expect(error).toMatchObject({ kind: "timeout", driver: "redis" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it("swallows a rejection that arrives after the timeout (no unhandled rejection)", async () => {
    const unhandled: unknown[] = [];
    const onRejection = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      // The rejection lands well after the budget: a busy test worker can delay timers by tens
      // of milliseconds, and both timers firing in one loop turn would let the work win.
      const late = () =>
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("late")), 400));
      await expect(withBudget("file", "set", 5, classify, late)).rejects.toMatchObject({
        kind: "timeout",
      });
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });

  it("passes KvErrors through and classifies anything else (sync throws included)", async () => {
    const corrupt = new KvError("corrupt", "file", "bad");
    await expect(
      withBudget("file", "get", 50, classify, async () => Promise.reject(corrupt)),
    ).rejects.toBe(corrupt);
    await expect(
      withBudget("file", "get", 50, classify, () => {
        throw new Error("boom");
      }),
    ).rejects.toMatchObject({ kind: "unavailable", message: "classified" });
  });
});

describe("value and TTL encoding", () => {
  it("encodes JSON and refuses what JSON cannot hold", () => {
    expect(encodeValue("redis", { a: [1, null] })).toBe('{"a":[1,null]}');
    for (const bad of [undefined, () => 1, BigInt(1)]) {
      expect(() => encodeValue("redis", bad)).toThrow(
        expect.objectContaining({ kind: "rejected" }),
      );
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => encodeValue("redis", cyclic)).toThrow(
      expect.objectContaining({ kind: "rejected" }),
    );
  });

  it("decodes JSON strings; anything else is corrupt", () => {
    expect(decodeValue("redis", '{"a":1}')).toEqual({ a: 1 });
    expect(decodeValue("redis", "null")).toBeNull();
    for (const bad of ["{nope", "", 12, null, ["a"]]) {
      expect(() => decodeValue("redis", bad)).toThrow(expect.objectContaining({ kind: "corrupt" }));
    }
  });

  it("turns TTL seconds into whole ms and refuses non-positive or non-finite TTLs", () => {
    expect(ttlToMs("file", 1)).toBe(1_000);
    expect(ttlToMs("file", 0.0015)).toBe(2);
    for (const bad of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => ttlToMs("file", bad)).toThrow(expect.objectContaining({ kind: "rejected" }));
    }
  });

  it("finds a system error code in the cause chain", () => {
    const inner = Object.assign(new Error("connect"), { code: "ECONNREFUSED" });
    expect(errorCode(new TypeError("fetch failed", { cause: inner }))).toBe("ECONNREFUSED");
    expect(errorCode(new Error("plain"))).toBeUndefined();
  });
});
