/**
 * The read path's store side: the entry format, reading and validating it, writing it (KV TTL =
 * grace), and the per-key refresh marker.
 */
import { z } from "zod";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { isStoreOutage, markStoreDown } from "@/lib/kv/breaker";
import { sleep } from "@/lib/kv/shared";
import type { KvStore } from "@/lib/kv/types";
import { telemetry } from "@/lib/telemetry";
import { entryState, waitDeadline } from "./freshness";
import { markerSeconds, type ReadPolicy } from "./policy";
import type { ReadReport } from "./read-opts";

/** Bumped whenever a stored value's shape changes (2: snapshot metadata, dropped price counts). */
export const CACHE_ENTRY_VERSION = 2;
/** How often a request waiting on another holder looks for its entry. */
export const FILL_POLL_MS = 50;

/** The refresh marker of a key (`lock:` kept for the operator's and bench's tooling). */
export const markerKey = (key: string) => `lock:${key}`;
const RUNNING = { state: "running" } as const;
/** A failed read's marker: no instance asks upstream for the key until `untilMs`. */
const coolingMarker = z.object({ state: z.literal("cooling"), untilMs: z.number() });

export interface ReadThroughOptions<T> {
  kv: KvStore;
  key: string;
  /** Validates what comes back from the store (garbage → a miss). */
  schema: z.ZodType<T>;
  fetch: (call: FetchCall<T>) => Promise<T>;
  /** A well-formed empty answer: handled by the policy's `empty` rule. */
  isEmpty?: (value: T) => boolean;
  signal?: AbortSignal;
  now?: () => number;
  /** The caller's request report (`./read-opts`): this read's outcome is added to it. */
  report?: ReadReport;
}

/** What a fetch may use: the copy it replaces, and one more budget call per extra upstream call. */
export interface FetchCall<T> {
  previous: T | undefined;
  spendExtraCall: () => Promise<void>;
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

/** Rewrites the marker as "cooling" until `untilMs`; true when the store took it. */
export async function markCooling<T>(ctx: Ctx<T>, untilMs: number): Promise<boolean> {
  const ttlSeconds = Math.max(1, Math.ceil((untilMs - ctx.now()) / MS_PER_SECOND));
  try {
    await ctx.opts.kv.set(markerKey(ctx.opts.key), { state: "cooling", untilMs }, ttlSeconds);
    return true;
  } catch {
    return false;
  }
}

/** What a request waiting on another holder's marker saw. */
export type FillOutcome =
  | { kind: "entry"; entry: Entry }
  /** The holder's read failed: the key cools down until `untilMs`. */
  | { kind: "cooling"; untilMs: number }
  /** The holder finished without an entry (nothing to store, or its write failed). */
  | { kind: "released" }
  /** Deadline passed with the marker still held (a holder that died), or the store failed. */
  | { kind: "gave-up" };

/** Waits (real time) for another holder's entry; a "cooling" marker ends the wait at once. */
async function waitForFill<T>(ctx: Ctx<T>, deadlineMs: number): Promise<FillOutcome> {
  for (;;) {
    const entry = await readEntry(ctx);
    if (entry && entryState({ ...entry, empty: false }, ctx.policy, ctx.now()) !== "expired")
      return { kind: "entry", entry };
    let marker: unknown;
    try {
      marker = await ctx.opts.kv.get(markerKey(ctx.opts.key));
    } catch {
      return { kind: "gave-up" };
    }
    if (marker === undefined || marker === null) {
      const late = await readEntry(ctx); // written just before the marker was released
      return late ? { kind: "entry", entry: late } : { kind: "released" };
    }
    const cooling = coolingMarker.safeParse(marker);
    if (cooling.success) return { kind: "cooling", untilMs: cooling.data.untilMs };
    const leftMs = deadlineMs - Date.now();
    if (leftMs <= 0) return { kind: "gave-up" };
    telemetry.recordCache(ctx.policy.family, "wait");
    await sleep(Math.min(FILL_POLL_MS, leftMs));
  }
}

/** Whose turn it is to read a missing key, across instances (the marker protocol). */
export type MarkerTurn =
  /** This request reads upstream: holding the marker, or around a store error or dead holder. */
  | { kind: "read"; holdsMarker: boolean }
  /** Another holder's entry arrived. */
  | { kind: "entry"; entry: Entry }
  /** Another holder's read failed: the key cools down until `untilMs`. */
  | { kind: "cooling"; untilMs: number };

/** Takes the marker, or waits on its holder (at most the lock budget). */
export async function markerTurn<T>(ctx: Ctx<T>): Promise<MarkerTurn> {
  const deadlineMs = waitDeadline(ctx.policy, Date.now());
  let marker = await takeMarker(ctx);
  while (marker === "held") {
    const seen = await waitForFill(ctx, deadlineMs);
    if (seen.kind === "entry" || seen.kind === "cooling") return seen;
    const handOn = seen.kind === "released" && Date.now() < deadlineMs;
    marker = handOn ? await takeMarker(ctx) : "skipped";
  }
  if (marker === "acquired") {
    // A late starter: the holder may have written and released since this read's miss.
    const late = await readEntry(ctx);
    if (late && entryState({ ...late, empty: false }, ctx.policy, ctx.now()) !== "expired") {
      await releaseMarker(ctx);
      return { kind: "entry", entry: late };
    }
  }
  return { kind: "read", holdsMarker: marker === "acquired" };
}

export async function readEntry<T>(ctx: Ctx<T>, store?: Store): Promise<Entry | undefined> {
  const { opts, policy } = ctx;
  let raw: unknown;
  try {
    raw = await opts.kv.get(opts.key);
  } catch (e) {
    telemetry.recordCache(policy.family, "error");
    if (store) store.readFailed = true;
    // Only an outage rests the store; garbage (`corrupt`) is overwritten by the next answer.
    if (isStoreOutage(e)) {
      if (store) store.down = true;
      markStoreDown(opts.kv, ctx.now());
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
