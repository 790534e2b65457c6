import { resetConfigForTests } from "@/lib/config";
import { createKv, getKv, MemoryKv, resetKvForTests, setKvForTests } from "@/lib/kv";

const KV_ENV = ["KV_REST_API_URL", "KV_REST_API_TOKEN", "REDIS_URL", "KV_DIR", "KV_TIMEOUT_MS"];

function withEnv(env: Record<string, string>) {
  for (const k of KV_ENV) delete process.env[k];
  Object.assign(process.env, env);
  resetConfigForTests();
}

describe("getKv driver selection", () => {
  afterEach(async () => {
    await resetKvForTests();
    withEnv({});
  });

  it("defaults to the file store under KV_DIR", () => {
    withEnv({ KV_DIR: "/tmp/kv-selection-test" });
    const kv = getKv();
    expect(kv.driver).toBe("file");
    expect((kv as { dir?: string }).dir).toBe("/tmp/kv-selection-test");
  });

  it("uses redis when REDIS_URL is set (connecting lazily: nothing happens until used)", () => {
    withEnv({ REDIS_URL: "redis://127.0.0.1:9" });
    expect(getKv().driver).toBe("redis");
  });

  it("prefers vercel-kv when URL and token are both set", () => {
    withEnv({
      KV_REST_API_URL: "http://127.0.0.1:9",
      KV_REST_API_TOKEN: "token",
      REDIS_URL: "redis://127.0.0.1:9",
    });
    expect(getKv().driver).toBe("vercel-kv");
  });

  it("is one instance per process, shared through globalThis", () => {
    withEnv({});
    const first = getKv();
    expect(getKv()).toBe(first);
    const slot = Symbol.for("stablecoin-intel.kv-store");
    expect((globalThis as Record<symbol, unknown>)[slot]).toBe(first);
  });

  it("resetKvForTests closes the instance and re-reads configuration", async () => {
    withEnv({});
    const first = getKv();
    await resetKvForTests();
    withEnv({ REDIS_URL: "redis://127.0.0.1:9" });
    const second = getKv();
    expect(second).not.toBe(first);
    expect(second.driver).toBe("redis");
    await expect(first.get("k")).rejects.toMatchObject({ kind: "unavailable" });
  });

  it("setKvForTests injects a store (e.g. memory)", async () => {
    const memory = new MemoryKv({ timeoutMs: 100 });
    setKvForTests(memory);
    expect(getKv()).toBe(memory);
    await getKv().set("k", 1, 60);
    expect(await memory.get("k")).toBe(1);
  });

  it("createKv builds fresh, uncached stores per config", async () => {
    const a = createKv({ driver: "memory" }, { timeoutMs: 100 });
    const b = createKv({ driver: "memory" }, { timeoutMs: 100 });
    expect(a).not.toBe(b);
    expect(createKv({ driver: "file", dir: "/tmp/x" }).driver).toBe("file");
    expect(createKv({ driver: "redis", url: "redis://127.0.0.1:9" }).driver).toBe("redis");
    expect(createKv({ driver: "vercel-kv", url: "http://127.0.0.1:9", token: "t" }).driver).toBe(
      "vercel-kv",
    );
  });
});
