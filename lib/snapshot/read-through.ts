/**
 * One read-through path for every cached read (docs/read-layer.md, "What a read does"): a
 * fresh copy served, a stale one served with one background refresh, a miss filled once.
 * Keys are built from resolved ids only, never from raw input.
 */
import { storeDown } from "@/lib/kv/breaker";
import { telemetry } from "@/lib/telemetry";
import { AbortedError, WaitBudget } from "@/lib/abort";
import { getConfig } from "@/lib/config";
import {
  markerTurn,
  readEntry,
  type Ctx,
  type ReadThroughOptions,
  type Store,
} from "./entry-store";
import { adoptedCooldown, coolingDown, entryState } from "./freshness";
import { failuresOf, familyFailure, localCopy, localState, recordFailure } from "./local-state";
import type { ReadPolicy } from "./policy";
import { fetchAndStore, keep, refreshKey, served } from "./fetch-store";
import { CoolingDownError } from "./read-errors";
import { noteRead } from "./read-opts";
import { callInFlight, copyFreshUntil, failureOutcome, valueFreshUntil } from "./settled";

/** Bound on distinct keys being filled at once; past it a fill is not shared. */
export const MAX_INFLIGHT_KEYS = 1_000;

export {
  CACHE_ENTRY_VERSION,
  markerKey,
  type FetchCall,
  type ReadThroughOptions,
} from "./entry-store";
export { CoolingDownError, EmptyAnswerError } from "./read-errors";

export interface CachedRead<T> {
  value: T;
  /** `stale`: past its fresh TTL (a refresh is pending or failed — then `error` says why). */
  source: "cache" | "upstream" | "stale";
  /** When the value was fetched from upstream (ms since epoch): the as-of time. */
  storedAt: number;
  /** The next read would answer the same without a call (not stale, not an unstored empty). */
  settled: boolean;
  error?: unknown;
}

/** Whether the value needed a provider call (what the client limiter charges by). */
export function calledUpstream(read: { source: CachedRead<unknown>["source"] }): boolean {
  return read.source === "upstream";
}

export function readThrough<T>(
  policy: ReadPolicy,
  opts: ReadThroughOptions<T>,
): Promise<CachedRead<T>> {
  const ctx: Ctx<T> = { policy, opts, now: opts.now ?? Date.now };
  const copy = localCopy(opts.kv, opts.key);
  const state = entryState(copy, policy, ctx.now());
  // Fresh, or due a re-check that another request is making (or that a slow store would only
  // delay): this process' copy, no I/O.
  const recheckSkipped =
    state === "revalidate" && (localState().fills.has(opts.key) || storeDown(opts.kv, ctx.now()));
  if (copy && (state === "fresh" || recheckSkipped)) {
    telemetry.recordCache(policy.family, "memo");
    const untilMs = copyFreshUntil(policy, copy);
    noteRead(opts.report, { settled: true, upstream: false, untilMs });
    return Promise.resolve(served<T>(copy, "fresh"));
  }
  if (copy && state === "stale") {
    scheduleRefresh(ctx);
    telemetry.recordCache(policy.family, "stale");
    noteRead(opts.report, { settled: false, upstream: false }); // its refresh runs detached
    return Promise.resolve(served<T>(copy, state));
  }
  const failure = failuresOf(opts.key);
  if (failure && localState().fills.has(opts.key)) {
    // The key's last read failed and its retry is in flight: answer that failure now instead
    // of waiting on the retry.
    telemetry.recordCache(policy.family, "cooling");
    noteRead(opts.report, callInFlight(ctx.now()));
    return Promise.reject(failure.error);
  }
  const coolingBefore = coolingDown(failure, ctx.now());
  // A key whose own cooldown just ended is retried by this request, which waits at most the
  // wait budget: the first visitor once a source is back gets its data.
  if (state === "expired" && !coolingBefore && coolingDown(familyFailure(policy.family), ctx.now()))
    return answerWhileFamilyFails(ctx);
  const { work, budget } = fill(ctx);
  return budget.race(work, opts.signal).then(
    (read) => {
      const untilMs = valueFreshUntil(policy, opts, read.storedAt);
      noteRead(opts.report, { settled: read.settled, upstream: calledUpstream(read), untilMs });
      return read;
    },
    (error: unknown) => {
      // The error keeps its class for the caller; whether it is settled goes to the report.
      const budgetEnded = error instanceof AbortedError && budget.cutShort(opts.signal);
      const outcome = budgetEnded
        ? callInFlight(ctx.now())
        : failureOutcome(error, opts.key, ctx.now(), coolingBefore);
      noteRead(opts.report, outcome);
      throw error;
    },
  );
}

/** A cold key whose family just failed: one detached fill asks; this answer is degraded, settled. */
function answerWhileFamilyFails<T>(ctx: Ctx<T>): Promise<CachedRead<T>> {
  void fill(ctx);
  telemetry.recordCache(ctx.policy.family, "cooling");
  noteRead(ctx.opts.report, callInFlight(ctx.now()));
  return Promise.reject(new CoolingDownError(ctx.policy.family));
}

interface Fill<T> {
  work: Promise<CachedRead<T>>;
  budget: WaitBudget;
}

/** Single-flight in this process: concurrent misses of one key share one fill and its wait budget. */
function fill<T>(ctx: Ctx<T>): Fill<T> {
  const { fills } = localState();
  const key = ctx.opts.key;
  const existing = fills.get(key);
  if (existing) {
    telemetry.recordCache(ctx.policy.family, "coalesced");
    return existing as Fill<T>;
  }
  const work: Promise<CachedRead<T>> = load(ctx).finally(() => {
    if (fills.get(key)?.work === work) fills.delete(key);
  });
  const started = { work, budget: new WaitBudget(getConfig().providers.requestWaitMs) };
  if (fills.size < MAX_INFLIGHT_KEYS) fills.set(key, started);
  work.catch(() => undefined);
  return started;
}

async function load<T>(ctx: Ctx<T>): Promise<CachedRead<T>> {
  const store: Store = { down: false, readFailed: false };
  const entry = await readEntry(ctx, store);
  const mine = localCopy(ctx.opts.kv, ctx.opts.key);
  if (!entry && store.readFailed && mine) {
    // The store could not answer: this process' copy stands (no provider call for that).
    mine.checkedAt = ctx.now();
    const state = entryState(mine, ctx.policy, ctx.now());
    if (state !== "expired") return served(mine, state === "stale" ? state : "fresh");
  }
  if (entry) {
    const copy = keep(ctx, entry, ctx.now());
    const state = entryState(copy, ctx.policy, ctx.now());
    if (state !== "expired") {
      telemetry.recordCache(ctx.policy.family, state === "stale" ? "stale" : "hit");
      if (state === "stale") scheduleRefresh(ctx);
      return served(copy, state);
    }
  }
  telemetry.recordCache(ctx.policy.family, "miss");
  try {
    return await fromUpstream(ctx, store);
  } catch (error) {
    // The first look at the store failed (a hiccup): look once more before failing, so a
    // transient store error cannot hide a good copy (failure path only).
    const again = store.readFailed ? await readEntry(ctx) : undefined;
    if (again) {
      const copy = keep(ctx, again, ctx.now());
      const state = entryState(copy, ctx.policy, ctx.now());
      if (state !== "expired") return served(copy, state);
    }
    throw error;
  }
}

/** The miss path: the only one that waits on upstream (or on another instance's fill). */
async function fromUpstream<T>(ctx: Ctx<T>, store: Store): Promise<CachedRead<T>> {
  const failure = failuresOf(ctx.opts.key);
  if (failure && coolingDown(failure, ctx.now())) {
    telemetry.recordCache(ctx.policy.family, "cooling");
    throw failure.error;
  }
  const turn = store.down ? { kind: "read" as const, holdsMarker: false } : await markerTurn(ctx);
  if (turn.kind === "entry") {
    telemetry.recordCache(ctx.policy.family, "coalesced");
    const copy = keep(ctx, turn.entry, ctx.now());
    return served(copy, entryState(copy, ctx.policy, ctx.now()));
  }
  if (turn.kind === "cooling") {
    // The holder's read failed: answer degraded now, and remember the cooldown here too.
    const error = new CoolingDownError(ctx.policy.family);
    recordFailure(ctx.opts.key, error, adoptedCooldown(turn.untilMs, ctx.now()));
    telemetry.recordCache(ctx.policy.family, "cooling");
    throw error;
  }
  return fetchAndStore(ctx, store, turn.holdsMarker, "request");
}

/** Background refresh of a stale (or locally unchecked) copy: never awaited by a request. */
function scheduleRefresh<T>(ctx: Ctx<T>): void {
  const { refreshing } = localState();
  const key = ctx.opts.key;
  if (refreshing.has(key)) return;
  const running: Promise<void> = refresh(ctx)
    .catch(() => undefined)
    .finally(() => {
      if (refreshing.get(key) === running) refreshing.delete(key);
    });
  refreshing.set(key, running);
}

async function refresh<T>(ctx: Ctx<T>): Promise<void> {
  const refreshed = await refreshKey(ctx, "refresh");
  if (refreshed.kind !== "failed") return;
  const copy = localCopy(ctx.opts.kv, ctx.opts.key);
  if (copy) copy.error = refreshed.error; // the stale copy keeps serving, with why it is stale
}
