/**
 * Integration harness: real route handlers against the fake upstream, with a real KV driver
 * (the embedded file store, or a real redis-server started on a free loopback port).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getConfig, resetConfigForTests } from "@/lib/config";
import { createKv, getKv, resetKvForTests, type KvStore } from "@/lib/kv";
import { ENTRY_SUFFIX, readEntry } from "@/lib/kv/file-io";
import { forgetHealthProbe } from "@/lib/health";
import { clearResponseMemo } from "@/lib/api/response-memo";
import { forgetLocalState, localState } from "@/lib/snapshot/local-state";
import { telemetry } from "@/lib/telemetry";
import {
  DEMO_DUNE_QUERY_IDS,
  startFakeUpstream,
  type FakeUpstream,
  type Market,
} from "../../fake-upstream/server";
import { startRedis, type RedisServer } from "../../helpers/redis-server";
import { SLOW_MACHINE_ENV } from "./slow-machine";

/** Canary secrets: they must only ever appear in the provider's own request header. */
export const CANARY_DUNE_KEY = "canary-dune-read-key-7f3a9c";
export const CANARY_CG_KEY = "canary-cg-demo-key-51be02";

export type KvKind = "file" | "redis";
export const KV_KINDS: KvKind[] = ["file", "redis"];

export interface Harness {
  fake: FakeUpstream;
  redis: RedisServer | null;
  kvKind: KvKind;
  /** Empty the cache and telemetry between tests. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The request path's KV budget under test unless a test sets `KV_TIMEOUT_MS` itself: tests count
 * calls and check states, and on a loaded 2-core runner a file-store read or a 200 KB write can
 * pass the product's 150 ms default (CI failed that way in the fault matrix and in rule 3 of the
 * snapshot contract: a timed-out write is, correctly, skipped). The cache-fault suite, which is
 * about KV budgets, sets the 150 ms default explicitly; the stalled-store and
 * tests/integration/kv suites build their stores with their own budgets.
 */
const TEST_KV_TIMEOUT_MS = SLOW_MACHINE_ENV.KV_TIMEOUT_MS;
/**
 * Likewise how long a request waits on calls in flight: a cold build on a loaded runner can pass
 * the product's 1 s and answer degraded; tests/integration/reliability/wait-budget.test.ts sets
 * the default explicitly.
 */
const TEST_REQUEST_WAIT_MS = SLOW_MACHINE_ENV.REQUEST_WAIT_BUDGET_MS;

export async function startHarness(
  kvKind: KvKind,
  env: Record<string, string | undefined> = {},
  options: { market?: Market } = {},
): Promise<Harness> {
  const fake = await startFakeUpstream({ port: 0, market: options.market });
  let redis: RedisServer | null = null;
  let kvDir: string | null = null;
  const applyEnv = () => {
    Object.assign(process.env, fake.baseUrls, DEMO_DUNE_QUERY_IDS, {
      DUNE_API_KEY: CANARY_DUNE_KEY,
      COINGECKO_API_KEY: CANARY_CG_KEY,
      KV_TIMEOUT_MS: TEST_KV_TIMEOUT_MS,
      REQUEST_WAIT_BUDGET_MS: TEST_REQUEST_WAIT_MS,
    });
    delete process.env.REDIS_URL;
    delete process.env.KV_DIR;
    if (redis) process.env.REDIS_URL = redis.url;
    if (kvDir) process.env.KV_DIR = kvDir;
    for (const [k, v] of Object.entries(env)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfigForTests();
  };
  if (kvKind === "redis") redis = await startRedis();
  else kvDir = mkdtempSync(path.join(os.tmpdir(), "intel-kv-"));
  applyEnv();
  await resetKvForTests();

  const harness: Harness = {
    fake,
    redis,
    kvKind,
    async reset() {
      fake.resetScenarios();
      fake.clearRequests();
      applyEnv();
      await resetKvForTests();
      if (kvDir) {
        rmSync(kvDir, { recursive: true, force: true });
        kvDir = mkdtempSync(path.join(os.tmpdir(), "intel-kv-"));
        applyEnv();
      }
      if (redis) await flushRedis(redis.url);
      telemetry.reset();
      forgetProcessState();
      getKv();
    },
    async close() {
      await resetKvForTests();
      await fake.close();
      await redis?.stop();
      if (kvDir) rmSync(kvDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Every key of the test's Redis removed (the process' own state is left as it is). */
export async function flushRedis(url: string): Promise<void> {
  const { createClient } = await import("redis");
  const c = createClient({ url });
  await c.connect();
  await c.flushAll();
  await c.quit();
}

/**
 * Forget what this process remembers between reads (its copies of entries, failure cooldowns,
 * the cached health probe, the one-second answer memo), as if it had just started: for a test that changes what the next
 * answer must be (a fault, a planted or corrupted entry) between two requests.
 */
export function forgetProcessState(): void {
  forgetLocalState();
  forgetHealthProbe();
  clearResponseMemo();
}

/** The refresh markers' key prefix (`markerKey` in lib/snapshot/entry-store.ts). */
const MARKER_PREFIX = "lock:";

/** Every refresh marker in the test's store (running or cooling). */
async function markerKeys(): Promise<string[]> {
  const kv = getConfig().kv;
  if (kv.driver === "redis") {
    const { createClient } = await import("redis");
    const c = createClient({ url: kv.url });
    await c.connect();
    try {
      return await c.keys(`${MARKER_PREFIX}*`);
    } finally {
      await c.quit();
    }
  }
  if (kv.driver !== "file") throw new Error(`markerKeys: no listing for ${kv.driver}`);
  const keys: string[] = [];
  for (const name of await readdir(kv.dir)) {
    if (!name.endsWith(ENTRY_SUFFIX)) continue;
    const entry = await readEntry(path.join(kv.dir, name), undefined).catch(() => undefined);
    if (entry?.key.startsWith(MARKER_PREFIX)) keys.push(entry.key);
  }
  return keys;
}

/**
 * As if `FAILURE_COOLDOWN_MS` had passed since the last failed read: this process forgets its
 * state (`forgetProcessState`) and the store's "cooling" markers, which would have lapsed by
 * then, are removed. For a test that switches a fault off and expects the next request to ask
 * the provider again (a failure makes every instance leave the key alone for the cooldown).
 */
export async function endFailureCooldowns(): Promise<void> {
  forgetProcessState();
  await dropMarkers();
}

/**
 * As if every running cooldown had just ended, while this process still knows which keys failed
 * (unlike `endFailureCooldowns`): the next request for such a key is a retry. The store's
 * "cooling" markers, which would have lapsed by then, are removed; the answer memo is cleared.
 */
export async function lapseFailureCooldowns(): Promise<void> {
  const { failures, familyFailures } = localState();
  const nowMs = Date.now();
  for (const [key, record] of failures) failures.set(key, { ...record, untilMs: nowMs });
  for (const [key, record] of familyFailures)
    familyFailures.set(key, { ...record, untilMs: nowMs });
  clearResponseMemo();
  await dropMarkers();
}

/** Liveness only (a detached fill landing): never an assertion on time. */
const FILLS_SETTLED_DEADLINE_MS = 20_000;
const FILLS_POLL_MS = 5;

/** Until no fill is in flight in this process (a retry after a cooldown runs detached). */
export async function fillsSettled(): Promise<void> {
  const deadline = Date.now() + FILLS_SETTLED_DEADLINE_MS;
  while (localState().fills.size > 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, FILLS_POLL_MS));
}

/** Removes every refresh marker (running or cooling) from the test's store. */
async function dropMarkers(): Promise<void> {
  const kv = adminKv();
  try {
    for (const key of await markerKeys()) await kv.delete(key);
  } finally {
    await kv.close();
  }
}

/** Test setup budget: plants and inspects entries without the request path's 150 ms limit. */
const ADMIN_KV_TIMEOUT_MS = 5_000;

/**
 * A second store on the same backend as the app's, with a generous budget, for arranging and
 * inspecting cache entries in tests (a loaded CI machine can exceed 150 ms on a 200 KB write).
 * The caller closes it.
 */
export function adminKv(): KvStore {
  return createKv(getConfig().kv, { timeoutMs: ADMIN_KV_TIMEOUT_MS });
}

/** Read one cache entry through an admin store. */
export async function peek<T = unknown>(key: string): Promise<T | undefined> {
  const kv = adminKv();
  try {
    return await kv.get<T>(key);
  } finally {
    await kv.close();
  }
}

type Handler = (request: Request) => Promise<Response>;

/** Call a route handler the way Next does, with a real Request. */
export async function call(handler: Handler, url: string, init?: RequestInit): Promise<Response> {
  return handler(new Request(new URL(url, "http://localhost"), init));
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** Upstream requests seen by the fake, per provider. */
export function upstreamCalls(fake: FakeUpstream, provider?: string) {
  return fake.requests().filter((r) => (provider ? r.provider === provider : true));
}
