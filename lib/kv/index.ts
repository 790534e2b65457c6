/**
 * The process-wide KV store. `getKv()` picks the driver from configuration (README "Running against live providers", `.env.example`):
 * Vercel KV when KV_REST_API_URL + KV_REST_API_TOKEN are set, else Redis when REDIS_URL is
 * set, else the embedded file store under KV_DIR. One instance per process, cached on
 * `globalThis` so every route bundle (and Next's dev-mode module reloads) shares it.
 */
import { getConfig, type KvConfig } from "@/lib/config";

import { FileKv } from "./file";
import { MemoryKv } from "./memory";
import { RedisKv } from "./redis";
import type { KvStore } from "./types";
import { VercelKv } from "./vercel-kv";

export { KvError, type KvErrorKind, type KvStore } from "./types";
export { FileKv, type FileKvOptions } from "./file";
export { MemoryKv, type MemoryKvOptions } from "./memory";
export { RedisKv, type RedisKvOptions } from "./redis";
export { VercelKv, type VercelKvOptions } from "./vercel-kv";

/** Driver configuration: the app's `KvConfig`, plus the in-memory driver for tests. */
export type KvStoreConfig = KvConfig | { driver: "memory" };

export interface CreateKvOptions {
  /** Per-operation budget; defaults to `getConfig().kvTimeoutMs`. */
  timeoutMs?: number;
}

const GLOBAL_SLOT = Symbol.for("stablecoin-intel.kv-store");
type GlobalWithKv = typeof globalThis & { [GLOBAL_SLOT]?: KvStore };

/** Builds a new store (not cached): for tests and scripts that need their own instance. */
export function createKv(config: KvStoreConfig, options: CreateKvOptions = {}): KvStore {
  const timeoutMs = options.timeoutMs;
  switch (config.driver) {
    case "vercel-kv":
      return new VercelKv({ url: config.url, token: config.token, timeoutMs });
    case "redis":
      return new RedisKv({ url: config.url, timeoutMs });
    case "file":
      return new FileKv({ dir: config.dir, timeoutMs });
    case "memory":
      return new MemoryKv({ timeoutMs });
  }
}

/** The shared store for this process, created on first use from `getConfig()`. */
export function getKv(): KvStore {
  const slot = globalThis as GlobalWithKv;
  slot[GLOBAL_SLOT] ??= createKv(getConfig().kv, { timeoutMs: getConfig().kvTimeoutMs });
  return slot[GLOBAL_SLOT];
}

/** Tests: make `getKv()` return this store (e.g. a `MemoryKv`); a replaced store is closed. */
export function setKvForTests(store: KvStore): void {
  const slot = globalThis as GlobalWithKv;
  const previous = slot[GLOBAL_SLOT];
  slot[GLOBAL_SLOT] = store;
  if (previous && previous !== store) previous.close().catch(() => undefined);
}

/** Tests: forget (and close) the shared store so the next `getKv()` re-reads configuration. */
export async function resetKvForTests(): Promise<void> {
  const slot = globalThis as GlobalWithKv;
  const current = slot[GLOBAL_SLOT];
  delete slot[GLOBAL_SLOT];
  await current?.close();
}
