/**
 * The read-through module's store side (`./read-through`): the entry format, reading and
 * validating an entry, writing one with KV TTL = grace, and the per-key refresh marker (take,
 * release, rewrite as "cooling", and the bounded wait for another holder's entry).
 */
import type { z } from "zod";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { KvError, type KvStore } from "@/lib/kv/types";
import { telemetry } from "@/lib/telemetry";
import { entryState, FAILURE_COOLDOWN_MS, LOCAL_REUSE_MS, waitDeadline } from "./freshness";
import { markStoreDown } from "./local-state";
import { markerSeconds, type ReadPolicy } from "./policy";
import type { ReadReport } from "./read-opts";

export const CACHE_ENTRY_VERSION = 1;
/** How often a request waiting on another holder looks for its entry. */
export const FILL_POLL_MS = 50;

/** The refresh marker of a key (`lock:` kept for the operator's and bench's tooling). */
export const markerKey = (key: string) => `lock:${key}`;
const RUNNING = { state: "running" } as const;
const COOLING = { state: "cooling" } as const;

export interface ReadThroughOptions<T> {
  kv: KvStore;
  key: string;
  /** Validates what comes back from the store (garbage → a miss). */
  schema: z.ZodType<T>;
  fetch: () => Promise<T>;
  /** A well-formed empty answer: handled by the policy's `empty` rule. */
  isEmpty?: (value: T) => boolean;
  signal?: AbortSignal;
  now?: () => number;
  /** The caller's request report (`./read-opts`): this read's outcome is added to it. */
  report?: ReadReport;
}

export interface Entry {
  value: unknown;
  storedAt: number;
}
export interface Store {
  /** Timed out or unreachable: skip it for the rest of this read. */
  down: boolean;
  readFailed: boolean;
}
export type Ctx<T> = { policy: ReadPolicy; opts: ReadThroughOptions<T>; now: () => number };

export async function takeMarker<T>(ctx: Ctx<T>): Promise<"acquired" | "held" | "skipped"> {
  try {
    const taken = await ctx.opts.kv.setIfAbsent(
      markerKey(ctx.opts.key),
      RUNNING,
      markerSeconds(ctx.policy),
    );
    return taken ? "acquired" : "held";
  } catch {
    return "skipped"; // availability first
  }
}

export async function releaseMarker<T>(ctx: Ctx<T>): Promise<void> {
  try {
    await ctx.opts.kv.delete(markerKey(ctx.opts.key));
  } catch {
    // The marker lapses on its own within the lock budget.
  }
}

/** True when the marker now says "cooling" (it then lapses at the end of the cooldown). */
export async function markCooling<T>(ctx: Ctx<T>): Promise<boolean> {
  try {
    await ctx.opts.kv.set(markerKey(ctx.opts.key), COOLING, FAILURE_COOLDOWN_MS / MS_PER_SECOND);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits (real time, at most the lock budget) for another holder's entry. Returns the entry,
 * "cooling" when the holder's reads are failing, or undefined when the caller should read
 * upstream itself (marker gone, store error, or budget spent).
 */
export async function waitForFill<T>(ctx: Ctx<T>): Promise<Entry | "cooling" | undefined> {
  const deadline = waitDeadline(ctx.policy, Date.now());
  while (Date.now() < deadline) {
    await sleep(FILL_POLL_MS);
    const entry = await readEntry(ctx);
    if (entry && entryState({ ...entry, empty: false }, ctx.policy, ctx.now()) !== "expired")
      return entry;
    let marker: unknown;
    try {
      marker = await ctx.opts.kv.get(markerKey(ctx.opts.key));
    } catch {
      return undefined;
    }
    if (marker === undefined || marker === null) return readEntry(ctx);
    if (typeof marker === "object" && "state" in marker && marker.state === COOLING.state)
      return "cooling";
  }
  return undefined;
}

export async function readEntry<T>(ctx: Ctx<T>, store?: Store): Promise<Entry | undefined> {
  const { opts, policy } = ctx;
  let raw: unknown;
  try {
    raw = await opts.kv.get(opts.key);
  } catch (e) {
    telemetry.recordCache(policy.family, "error");
    if (store) store.readFailed = true;
    // A stalled store would make the marker and the write wait out their own budgets too.
    // Garbage (`corrupt`) is different: the store works, and the next good answer overwrites it.
    if (e instanceof KvError && (e.kind === "timeout" || e.kind === "unavailable")) {
      if (store) store.down = true;
      markStoreDown(opts.kv, ctx.now() + LOCAL_REUSE_MS);
    }
    return undefined;
  }
  if (raw === undefined || raw === null) return undefined;
  if (
    typeof raw !== "object" ||
    !("v" in raw) ||
    raw.v !== CACHE_ENTRY_VERSION ||
    !("storedAt" in raw) ||
    typeof raw.storedAt !== "number" ||
    !("value" in raw)
  ) {
    telemetry.recordCache(policy.family, "error");
    return undefined;
  }
  const parsed = opts.schema.safeParse(raw.value);
  if (!parsed.success) {
    telemetry.recordCache(policy.family, "error");
    return undefined;
  }
  return { value: parsed.data, storedAt: raw.storedAt };
}

export async function writeEntry<T>(ctx: Ctx<T>, value: T, storedAt: number): Promise<void> {
  const { opts, policy } = ctx;
  try {
    // KV TTL = grace: past fresh the entry stays as the stale copy every instance can serve.
    await opts.kv.set(opts.key, { v: CACHE_ENTRY_VERSION, storedAt, value }, policy.graceSeconds);
    telemetry.recordCache(policy.family, "write");
  } catch {
    telemetry.recordCache(policy.family, "error");
  }
}
