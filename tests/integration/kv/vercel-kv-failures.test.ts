/**
 * Vercel KV driver under failure: @vercel/kv talks to the Upstash REST shim, which forwards to
 * a real redis-server. Shim down, slow, paused backend, bad token, proxy garbage, garbage and
 * wrong-type values, out of memory. Uses the default 150 ms budget.
 */
import { createClient } from "redis";

import { VercelKv } from "@/lib/kv/vercel-kv";
import { freePort, startRedis, type RedisServer } from "@/tests/helpers/redis-server";
import { startUpstashShim, type UpstashShim } from "@/tests/helpers/upstash-shim";

import {
  eventually,
  expectFastFailure,
  KV_TEST_TIMEOUT_MS,
  trackUnhandledRejections,
} from "./failure-helpers";

jest.setTimeout(KV_TEST_TIMEOUT_MS);

const SLOW_RESPONSE_MS = 2_000;
/** One request plus one quick retry (@upstash/redis' default is 5 retries over ~4 s). */
const REQUESTS_PER_FAILED_OP = 2;

describe("vercel-kv driver failures", () => {
  const rejections = trackUnhandledRejections();
  let server: RedisServer;
  let shim: UpstashShim;
  let raw: ReturnType<typeof createClient>;
  let kv: VercelKv;

  beforeAll(async () => {
    server = await startRedis();
    shim = await startUpstashShim({ redisUrl: server.url });
    raw = createClient({ url: server.url });
    raw.on("error", () => undefined);
    await raw.connect();
    kv = new VercelKv({ url: shim.url, token: shim.token });
    await eventually(() => kv.get("warm-up")); // first HTTP connection is not what we measure
  });

  afterAll(async () => {
    await kv.close();
    await shim.stop();
    if (raw.isOpen) raw.destroy();
    await server.stop();
    rejections.stop();
    expect(rejections.reasons).toEqual([]);
  });

  afterEach(() => {
    shim.setDelay(0);
    shim.setOverride(undefined);
  });

  it("works through the shim with the default budget", async () => {
    await eventually(() => kv.set("ok", { a: 1 }, 60));
    expect(await eventually(() => kv.get("ok"))).toEqual({ a: 1 });
  });

  it("garbage string and wrong-type values → corrupt (not passed through silently)", async () => {
    await raw.sendCommand(["SET", "garbage", "not json at all"]);
    await raw.sendCommand(["SET", "number-like", "0123"]);
    await raw.sendCommand(["RPUSH", "list", "a"]);
    await expectFastFailure(() => kv.get("garbage"), ["corrupt"]);
    await expectFastFailure(() => kv.get("number-like"), ["corrupt"]);
    await expectFastFailure(() => kv.get("list"), ["corrupt"]);
  });

  it("out of memory on write → rejected", async () => {
    await raw.sendCommand(["CONFIG", "SET", "maxmemory-policy", "noeviction"]);
    await raw.sendCommand(["CONFIG", "SET", "maxmemory", "1"]);
    try {
      await expectFastFailure(() => kv.set("oom", "x".repeat(1_000), 60), ["rejected"]);
    } finally {
      await raw.sendCommand(["CONFIG", "SET", "maxmemory", "0"]);
    }
  });

  it("wrong token → unavailable, and the message does not leak the value", async () => {
    const bad = new VercelKv({ url: shim.url, token: "wrong-token" });
    const { error } = await expectFastFailure(
      () => bad.set("secret", "s3cr3t-value", 60),
      ["unavailable"],
    );
    expect(error.message).not.toContain("s3cr3t-value");
  });

  it("a proxy answering HTML 502 → unavailable", async () => {
    shim.setOverride({ status: 502, body: "<html>Bad Gateway</html>" });
    await expectFastFailure(() => kv.get("ok"), ["unavailable"]);
  });

  it("slow endpoint → timeout within budget", async () => {
    shim.setDelay(SLOW_RESPONSE_MS);
    await expectFastFailure(() => kv.get("ok"), ["timeout"]);
    await expectFastFailure(() => kv.setIfAbsent("slow-lock", 1, 60), ["timeout"]);
  });

  it("paused backend redis → timeout within budget, recovers on SIGCONT", async () => {
    server.pause();
    try {
      await expectFastFailure(() => kv.get("ok"), ["timeout"]);
    } finally {
      server.resume();
    }
    expect(await eventually(() => kv.get("ok"))).toEqual({ a: 1 });
  });

  it("endpoint down → unavailable within budget, no retry storm", async () => {
    const port = await freePort();
    const down = new VercelKv({ url: `http://127.0.0.1:${port}`, token: "t" });
    for (const op of [
      () => down.get("k"),
      () => down.set("k", 1, 60),
      () => down.setIfAbsent("k", 1, 60),
    ]) {
      await expectFastFailure(op, ["unavailable"]);
    }
  });

  it("connection reset → unavailable fast, after exactly one quick retry", async () => {
    shim.setOverride("reset");
    const before = shim.requests;
    await expectFastFailure(() => kv.get("ok"), ["unavailable"]);
    expect(shim.requests - before).toBe(REQUESTS_PER_FAILED_OP);
  });

  it("shim stopped mid-life → unavailable fast", async () => {
    const local = await startUpstashShim({ redisUrl: server.url });
    const store = new VercelKv({ url: local.url, token: local.token });
    await eventually(() => store.set("k", 1, 60));
    await local.stop();
    await expectFastFailure(() => store.get("k"), ["unavailable"]);
  });
});
