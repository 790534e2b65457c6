/**
 * The script client over the Redis driver (lib/kv/script-client.ts) against a real redis-server:
 * @upstash/ratelimit's scripts, which carry an Upstash-only shebang flag, run and count; a flushed
 * script cache is recovered (NOSCRIPT → EVAL); a stopped server fails fast with a KvError, which
 * the rate limiter answers locally.
 */
import { createClient } from "redis";
import { SharedWindow } from "@/lib/budget/client";
import { KvError, MemoryKv, RedisKv } from "@/lib/kv";
import { scriptClientOf } from "@/lib/kv/script-client";
import { startRedis, type RedisServer } from "@/tests/helpers/redis-server";

const BUDGET_MS = 2_000;

describe("script client over the Redis driver", () => {
  let server: RedisServer;
  let kv: RedisKv;

  beforeAll(async () => {
    server = await startRedis();
    kv = new RedisKv({ url: server.url, timeoutMs: BUDGET_MS });
  });
  afterAll(async () => {
    await kv.close();
    await server.stop();
  });

  const raw = async <T>(command: string[]): Promise<T> => {
    const c = createClient({ url: server.url });
    await c.connect();
    try {
      return (await c.sendCommand(command)) as T;
    } finally {
      await c.quit();
    }
  };

  it("is the same client for the same store; none for the file and memory stores", () => {
    expect(scriptClientOf(kv)).toBe(scriptClientOf(kv));
    expect(scriptClientOf(new MemoryKv())).toBeUndefined();
  });

  it("runs @upstash/ratelimit's fixed window in Redis and counts across limiters", async () => {
    const one = new SharedWindow(scriptClientOf(kv)!, 3, BUDGET_MS);
    const two = new SharedWindow(scriptClientOf(kv)!, 3, BUDGET_MS);
    const seen = [await one.limit("c1", 1), await two.limit("c1", 1), await one.limit("c1", 1)];
    expect(seen.map((r) => [r.allowed, r.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
    ]);
    expect((await two.limit("c1", 1)).allowed).toBe(false);
    const keys = await raw<string[]>(["KEYS", "rl:v1:c1:*"]);
    expect(keys).toHaveLength(1);
  });

  it("recovers a flushed script cache (NOSCRIPT, then EVAL)", async () => {
    const w = new SharedWindow(scriptClientOf(kv)!, 10, BUDGET_MS);
    await w.limit("c2", 1);
    await raw(["SCRIPT", "FLUSH"]);
    expect(await w.limit("c2", 1)).toMatchObject({ allowed: true, remaining: 8 });
  });

  it("a stopped server fails the call with a KvError (the limiter falls back on it)", async () => {
    const w = new SharedWindow(scriptClientOf(kv)!, 10, BUDGET_MS);
    await server.stop();
    try {
      await expect(w.limit("c3", 1)).rejects.toBeInstanceOf(KvError);
    } finally {
      await server.restart();
    }
  });
});
