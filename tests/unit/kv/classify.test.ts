import { ErrorReply } from "redis";

import { classifyRedisError } from "@/lib/kv/redis";
import { KvError } from "@/lib/kv/types";
import { classifyUpstashError } from "@/lib/kv/vercel-kv";

class UpstashError extends Error {
  override name = "UpstashError";
}

describe("redis error classification", () => {
  it.each([
    ["WRONGTYPE Operation against a key holding the wrong kind of value", "corrupt"],
    ["OOM command not allowed when used memory > 'maxmemory'.", "rejected"],
    ["READONLY You can't write against a read only replica.", "rejected"],
    ["LOADING Redis is loading the dataset in memory", "unavailable"],
    ["ERR something else", "rejected"],
  ])("%s → %s", (message, kind) => {
    expect(classifyRedisError(new ErrorReply(message))).toMatchObject({ kind, driver: "redis" });
  });

  it("socket errors are unavailable and name the code", () => {
    const error = classifyRedisError(Object.assign(new Error("connect"), { code: "ECONNREFUSED" }));
    expect(error).toMatchObject({ kind: "unavailable" });
    expect(error.message).toContain("ECONNREFUSED");
  });

  it("KvErrors pass through", () => {
    const original = new KvError("timeout", "redis", "t");
    expect(classifyRedisError(original)).toBe(original);
  });
});

describe("upstash error classification", () => {
  it.each([
    ['WRONGTYPE Operation against a key, command was: ["get","k"]', "corrupt"],
    ['OOM command not allowed, command was: ["set","k","secret"]', "rejected"],
    ['Unauthorized, command was: ["set","k","secret"]', "unavailable"],
  ])("%s → %s, without echoing the command", (message, kind) => {
    const error = classifyUpstashError(new UpstashError(message));
    expect(error).toMatchObject({ kind, driver: "vercel-kv" });
    expect(error.message).not.toContain("secret");
  });

  it("aborts are timeouts; fetch failures are unavailable", () => {
    expect(classifyUpstashError(new DOMException("t", "TimeoutError"))).toMatchObject({
      kind: "timeout",
    });
    expect(classifyUpstashError(new DOMException("a", "AbortError"))).toMatchObject({
      kind: "timeout",
    });
    const refused = new TypeError("fetch failed", {
      cause: Object.assign(new Error("x"), { code: "ECONNREFUSED" }),
    });
    expect(classifyUpstashError(refused)).toMatchObject({ kind: "unavailable" });
  });
});
