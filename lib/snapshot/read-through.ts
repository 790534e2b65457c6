/**
 * The one read-through module behind every cached public read (live provider data, the supply
 * aggregate, scheduled snapshots). Policy per key family: `./policy`; timing: `./freshness`.
 *
 *   fresh copy        → served, zero provider calls (this process' copy; every `LOCAL_REUSE_MS`
 *                       one request looks at the store again while the others keep using it)
 *   stale (< grace)   → served at once, marked stale; exactly one background refresh: single-flight
 *                       in this process, and across instances a short set-if-absent marker
 *   miss / past grace → the only path that waits: single-flight in this process; across
 *                       instances the marker's holder reads upstream and the others wait for its
 *                       entry; a holder that finished without one hands the marker on, and only
 *                       a holder that died (marker held past the lock budget) is read around
 *   upstream failure  → never stored; the key cools down at once (`FAILURE_COOLDOWN_MS`, doubled
 *                       per failure round while its provider keeps failing, at most 10 min): the
 *                       holder rewrites its marker as "cooling" (expiry = the cooldown), so every
 *                       waiter and every instance answers degraded without asking upstream until
 *                       it ends (one call per key per cooldown); a stale copy keeps serving
 *                       (with the error) until grace ends. While its family's last read failed,
 *                       a cold key of that family is asked by one detached fill: no request waits
 *   store down / slow → bypassed (per-operation budget): served straight from the provider
 *   call budget spent → no call (`./rate-budget`): stale copy, else `RateBudgetError`; a miss
 *                       spends from the request share, a background refresh from the whole
 *
 * Keys are built by callers from query ids or registry ids only — never from raw user input.
 */
import { telemetry } from "@/lib/telemetry";
import { raceAbort } from "./abort";
import {
  markerTurn,
  readEntry,
  takeMarker,
  type Ctx,
  type ReadThroughOptions,
  type Store,
} from "./entry-store";
import { adoptedCooldown, coolingDown, entryState, storeResting } from "./freshness";
import {
  failuresOf,
  familyFailure,
  localCopy,
  localState,
  recordFailure,
  storeDownUntil,
} from "./local-state";
import type { ReadPolicy } from "./policy";
import { fetchAndStore, keep, served } from "./fetch-store";
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
  /**
   * Whether the next read of this key would give the same value without asking upstream: not
   * for a stale copy (its refresh may land first), nor for an empty answer the policy never
   * stores (scheduled snapshots, rule 6: the next read asks again).
   */
  settled: boolean;
  error?: unknown;
}

/**
 * Whether a read's value needed a provider call: its own fill or a concurrent one it joined
 * (`source: "upstream"`). The answer built from it says so in its result (`upstream`), which is
 * what the per-client rate limiter charges by: never a shared counter or a context channel.
 */
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
    state === "revalidate" &&
    (localState().fills.has(opts.key) || storeResting(storeDownUntil(opts.kv), ctx.now()));
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
    // of waiting on the retry (only the request that started it waits, once per cooldown).
    telemetry.recordCache(policy.family, "cooling");
    noteRead(opts.report, callInFlight(ctx.now()));
    return Promise.reject(failure.error);
  }
  const coolingBefore = coolingDown(failure, ctx.now());
  if (state === "expired" && !coolingBefore && coolingDown(familyFailure(policy.family), ctx.now()))
    return answerWhileFamilyFails(ctx);
  return raceAbort(fill(ctx), opts.signal).then(
    (read) => {
      const untilMs = valueFreshUntil(policy, opts, read.storedAt);
      noteRead(opts.report, { settled: read.settled, upstream: calledUpstream(read), untilMs });
      return read;
    },
    (error: unknown) => {
      // The error keeps its class for the caller; whether it is settled goes to the report.
      noteRead(opts.report, failureOutcome(error, opts.key, ctx.now(), coolingBefore));
      throw error;
    },
  );
}

/**
 * A key with no copy whose family (the same provider endpoint) just failed: no request waits on
 * its first call. One detached fill asks the provider (at most one per key, single-flight) and
 * this request answers degraded now (`callInFlight`: settled until the reuse interval ends).
 */
function answerWhileFamilyFails<T>(ctx: Ctx<T>): Promise<CachedRead<T>> {
  void fill(ctx);
  telemetry.recordCache(ctx.policy.family, "cooling");
  noteRead(ctx.opts.report, callInFlight(ctx.now()));
  return Promise.reject(new CoolingDownError(ctx.policy.family));
}

/** Single-flight in this process: concurrent misses of one key share one fill. */
function fill<T>(ctx: Ctx<T>): Promise<CachedRead<T>> {
  const { fills } = localState();
  const key = ctx.opts.key;
  const existing = fills.get(key);
  if (existing) {
    telemetry.recordCache(ctx.policy.family, "coalesced");
    return existing as Promise<CachedRead<T>>;
  }
  const work: Promise<CachedRead<T>> = load(ctx).finally(() => {
    if (fills.get(key) === work) fills.delete(key);
  });
  if (fills.size < MAX_INFLIGHT_KEYS) fills.set(key, work);
  work.catch(() => undefined);
  return work;
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
  const { opts, policy } = ctx;
  const mine = localCopy(opts.kv, opts.key);
  const store: Store = { down: false, readFailed: false };
  // Another instance may have refreshed the key already: adopt its newer entry.
  const entry = await readEntry(ctx, store);
  if (entry && (!mine || entry.storedAt > mine.storedAt)) keep(ctx, entry, ctx.now());
  const current = localCopy(opts.kv, opts.key);
  const state = entryState(current, policy, ctx.now());
  if (state === "fresh" || state === "revalidate") return; // within its fresh time again
  if (coolingDown(failuresOf(opts.key), ctx.now())) return;
  const marker = store.down ? "skipped" : await takeMarker(ctx);
  if (marker === "held") return; // another instance is refreshing it
  try {
    await fetchAndStore(ctx, store, marker === "acquired", "refresh");
  } catch (error) {
    const copy = localCopy(opts.kv, opts.key);
    if (copy) copy.error = error; // the stale copy keeps serving, with why it is stale
  }
}
