/**
 * Redis driver under failure, against a real redis-server: down, paused (SIGSTOP), restarted,
 * never reachable, wrong-type and garbage values, out of memory. Uses the default 150 ms budget.
 */
import { createClient } from "redis";

import { DEFAULT_KV_TIMEOUT_MS } from "@/lib/config";
import { RedisKv } from "@/lib/kv/redis";
import { freePort, startRedis, type RedisServer } from "@/tests/helpers/redis-server";

import {
  eventually,
  expectFastFailure,
  KV_TEST_TIMEOUT_MS,
  trackUnhandledRejections,
} from "./failure-helpers";

jest.setTimeout(KV_TEST_TIMEOUT_MS);

/** Long enough for a client with one reconnect attempt to have given up. */
const GIVE_UP_WAIT_MS = 300;
/** More than the driver's timeouts-before-reconnect (3). */
const STALLED_OPS = 4;

type RawClient = ReturnType<typeof createClient>;

describe("redis driver failures", () => {
  const rejections = trackUnhandledRejections();
  let server: RedisServer;
  let raw: RawClient;
  const stores: RedisKv[] = [];
  const track = (store: RedisKv) => {
    stores.push(store);
    return store;
  };
  /** A store with its connection warmed up, so the first connect is not what gets measured. */
  const connectedStore = async (options: { reconnectMaxAttempts?: number } = {}) => {
    const store = track(new RedisKv({ url: server.url, ...options }));
    await eventually(() => store.get("warm-up"));
    return store;
  };

  beforeAll(async () => {
    server = await startRedis();
    raw = createClient({ url: server.url, disableOfflineQueue: true });
    raw.on("error", () => undefined);
    await raw.connect();
  });

  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    if (raw.isOpen) raw.destroy();
    await server.stop();
    rejections.stop();
    expect(rejections.reasons).toEqual([]);
  });

  it("uses the 150 ms default budget from config", () => {
    expect(DEFAULT_KV_TIMEOUT_MS).toBe(150);
  });

  it("a list under the key (WRONGTYPE) → corrupt; a non-JSON string → corrupt", async () => {
    const kv = await connectedStore();
    await raw.sendCommand(["RPUSH", "wrongtype", "a", "b"]);
    await raw.sendCommand(["SET", "garbage", "<html>oops"]);
    await expectFastFailure(() => kv.get("wrongtype"), ["corrupt"]);
    await expectFastFailure(() => kv.get("garbage"), ["corrupt"]);
  });

  it("out of memory on write → rejected, and reads still work", async () => {
    const kv = await connectedStore();
    await kv.set("before-oom", "kept", 60);
    await raw.sendCommand(["CONFIG", "SET", "maxmemory-policy", "noeviction"]);
    await raw.sendCommand(["CONFIG", "SET", "maxmemory", "1"]);
    try {
      await expectFastFailure(() => kv.set("oom", { big: "x".repeat(1_000) }, 60), ["rejected"]);
      await expectFastFailure(() => kv.setIfAbsent("oom-lock", 1, 60), ["rejected"]);
      expect(await kv.get("before-oom")).toBe("kept");
    } finally {
      await raw.sendCommand(["CONFIG", "SET", "maxmemory", "0"]);
    }
  });

  it("paused server (SIGSTOP) → timeout within budget, then recovers on SIGCONT", async () => {
    const kv = await connectedStore();
    await kv.set("paused", "v", 60);
    server.pause();
    try {
      const { elapsedMs } = await expectFastFailure(() => kv.get("paused"), ["timeout"]);
      expect(elapsedMs).toBeGreaterThanOrEqual(DEFAULT_KV_TIMEOUT_MS - 5);
      await expectFastFailure(() => kv.set("paused", "w", 60), ["timeout"]);
      // Enough timeouts in a row to make the store replace its (stalled) connection.
      for (let i = 0; i < STALLED_OPS; i++) {
        await expectFastFailure(() => kv.get("paused"), ["timeout"]);
      }
      // A store that has never connected yet also times out (TCP accepts, nothing answers).
      const fresh = track(new RedisKv({ url: server.url }));
      await expectFastFailure(() => fresh.get("paused"), ["timeout"]);
    } finally {
      server.resume();
    }
    // A timed-out write is abandoned, not cancelled: Redis may still apply it after SIGCONT.
    expect(["v", "w"]).toContain(await eventually(() => kv.get("paused")));
    await eventually(() => kv.set("paused", "after", 60));
    expect(await eventually(() => kv.get("paused"))).toBe("after");
  });

  it("stopped server → unavailable fast; restart → recovers without a new store", async () => {
    const kv = await connectedStore();
    await kv.set("restart", "before", 60);
    await server.stop();
    if (raw.isOpen) raw.destroy();
    for (const op of [
      () => kv.get("restart"),
      () => kv.set("restart", 1, 60),
      () => kv.delete("restart"),
    ]) {
      await expectFastFailure(op, ["unavailable"]);
    }
    await server.restart();
    // No persistence: the value is gone, but the same store works again.
    await eventually(() => kv.set("restart", "after", 60));
    expect(await eventually(() => kv.get("restart"))).toBe("after");
    expect(await eventually(() => kv.setIfAbsent("restart-lock", 1, 60))).toBe(true);
    raw = createClient({ url: server.url, disableOfflineQueue: true });
    raw.on("error", () => undefined);
    await raw.connect();
  });

  it("killed server (SIGKILL) → unavailable fast, then recovers", async () => {
    const kv = await connectedStore();
    await kv.set("killed", 1, 60);
    await server.kill();
    await expectFastFailure(() => kv.get("killed"), ["unavailable"]);
    await server.restart();
    await eventually(() => kv.set("killed", 2, 60));
    expect(await eventually(() => kv.get("killed"))).toBe(2);
  });

  it("after the client gives up reconnecting, the next operation starts a fresh connection", async () => {
    const kv = await connectedStore({ reconnectMaxAttempts: 1 });
    await kv.set("give-up", 1, 60);
    await server.stop();
    await expectFastFailure(() => kv.get("give-up"), ["unavailable"]);
    await new Promise((resolve) => setTimeout(resolve, GIVE_UP_WAIT_MS));
    await server.restart();
    await eventually(() => kv.set("give-up", 2, 60));
    expect(await eventually(() => kv.get("give-up"))).toBe(2);
  });

  it("nothing listening yet → unavailable fast, no crash; works once redis appears", async () => {
    const port = await freePort();
    const kv = track(new RedisKv({ url: `redis://127.0.0.1:${port}` }));
    await expectFastFailure(() => kv.get("late"), ["unavailable"]);
    await expectFastFailure(() => kv.setIfAbsent("late", 1, 60), ["unavailable"]);
    const late = await startRedis({ port });
    try {
      await eventually(() => kv.set("late", "hello", 60));
      expect(await eventually(() => kv.get("late"))).toBe("hello");
    } finally {
      await kv.close();
      await late.stop();
    }
  });
});
