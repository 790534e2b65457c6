/**
 * One harness per KV driver for the shared contract suite: a store, a second instance over
 * the same backend, a way to let time pass, and a way to plant garbage under a key.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { createClient } from "redis";

import { FileKv } from "@/lib/kv/file";
import { entryPath } from "@/lib/kv/file-io";
import { MemoryKv } from "@/lib/kv/memory";
import { RedisKv } from "@/lib/kv/redis";
import type { KvStore } from "@/lib/kv/types";
import { VercelKv } from "@/lib/kv/vercel-kv";
import { startRedis } from "@/tests/helpers/redis-server";
import { startUpstashShim } from "@/tests/helpers/upstash-shim";

/** Generous budget for the functional contract; failure tests use the real default. */
export const CONTRACT_BUDGET_MS = 1_000;

export interface Harness {
  store: KvStore;
  /** Another store over the same backend (another "process"). */
  another(): KvStore;
  /** Lets `ms` pass: a fake clock for memory/file, real time for server-side TTLs. */
  advance(ms: number): Promise<void>;
  /** Stores a non-JSON value under the key, bypassing the driver. */
  plantGarbage(key: string): Promise<void>;
  cleanup(): Promise<void>;
}

export interface DriverCase {
  name: KvStore["driver"];
  setup(): Promise<Harness>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function fakeClock() {
  let now = Date.now();
  return { now: () => now, advance: async (ms: number) => void (now += ms) };
}

/** Tracks extra stores so cleanup closes them all. */
function storeTracker(make: () => KvStore) {
  const made: KvStore[] = [];
  return {
    another: () => {
      const store = make();
      made.push(store);
      return store;
    },
    closeAll: () => Promise.all(made.map((s) => s.close())),
  };
}

const memoryCase: DriverCase = {
  name: "memory",
  async setup() {
    const clock = fakeClock();
    const store = new MemoryKv({ now: clock.now, timeoutMs: CONTRACT_BUDGET_MS });
    return {
      store,
      another: () => store, // memory is per-instance: "another process" is the same map
      advance: clock.advance,
      plantGarbage: async (key) => store.setRaw(key, "{not json", 60),
      cleanup: () => store.close(),
    };
  },
};

const fileCase: DriverCase = {
  name: "file",
  async setup() {
    const dir = await mkdtemp(path.join(os.tmpdir(), "kv-contract-"));
    const clock = fakeClock();
    const make = () => new FileKv({ dir, now: clock.now, timeoutMs: CONTRACT_BUDGET_MS });
    const extra = storeTracker(make);
    const store = make();
    return {
      store,
      another: extra.another,
      advance: clock.advance,
      plantGarbage: (key) => writeFile(entryPath(dir, key), "{not json"),
      async cleanup() {
        await store.close();
        await extra.closeAll();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
};

async function redisBackend() {
  const server = await startRedis();
  const raw = createClient({ url: server.url });
  raw.on("error", () => undefined);
  await raw.connect();
  return {
    server,
    plantGarbage: async (key: string) => void (await raw.sendCommand(["SET", key, "{not json"])),
    async stop() {
      raw.destroy();
      await server.stop();
    },
  };
}

const redisCase: DriverCase = {
  name: "redis",
  async setup() {
    const backend = await redisBackend();
    const make = () => new RedisKv({ url: backend.server.url, timeoutMs: CONTRACT_BUDGET_MS });
    const extra = storeTracker(make);
    const store = make();
    return {
      store,
      another: extra.another,
      advance: sleep,
      plantGarbage: backend.plantGarbage,
      async cleanup() {
        await store.close();
        await extra.closeAll();
        await backend.stop();
      },
    };
  },
};

const vercelCase: DriverCase = {
  name: "vercel-kv",
  async setup() {
    const backend = await redisBackend();
    const shim = await startUpstashShim({ redisUrl: backend.server.url });
    const make = () =>
      new VercelKv({ url: shim.url, token: shim.token, timeoutMs: CONTRACT_BUDGET_MS });
    const extra = storeTracker(make);
    const store = make();
    return {
      store,
      another: extra.another,
      advance: sleep,
      plantGarbage: backend.plantGarbage,
      async cleanup() {
        await store.close();
        await extra.closeAll();
        await shim.stop();
        await backend.stop();
      },
    };
  },
};

export const DRIVER_CASES: DriverCase[] = [memoryCase, fileCase, redisCase, vercelCase];
