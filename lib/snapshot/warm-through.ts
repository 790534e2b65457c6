/**
 * The scheduled refresher's read (`ReadOpts.warm`): the same entries, markers, cooldowns and
 * budgets as `./read-through`; a key due within `leadMs` is refreshed now, spent as `scheduled`.
 * `readWarmCopy` (`ReadOpts.warmOnly`, the history sampler): what is warm, never a provider call.
 */
import { markerTurn, readEntry, type Ctx, type ReadThroughOptions } from "./entry-store";
import { entryState, freshMs } from "./freshness";
import { localCopy } from "./local-state";
import type { ReadPolicy } from "./policy";
import { isRateBudgetError } from "@/lib/budget/calls";
import { CoolingDownError, NotWarmError } from "./read-errors";
import { noteRead, type WarmLedger } from "./read-opts";
import { fetchAndStore, keep, refreshKey, served } from "./fetch-store";
import { calledUpstream, type CachedRead } from "./read-through";

export async function warmThrough<T>(
  policy: ReadPolicy,
  opts: ReadThroughOptions<T>,
  ledger: WarmLedger,
): Promise<CachedRead<T>> {
  try {
    const read = await warmKey({ policy, opts, now: opts.now ?? Date.now }, ledger);
    noteRead(opts.report, { settled: read.settled, upstream: calledUpstream(read) });
    const empty = localCopy(opts.kv, opts.key)?.empty ?? false;
    const until = read.storedAt + freshMs(policy, empty);
    const soonest = ledger.freshUntil;
    if (soonest !== null) ledger.freshUntil = Math.min(soonest ?? until, until);
    if (read.error !== undefined) ledger.failed += 1;
    return read;
  } catch (error) {
    noteRead(opts.report, { settled: true, upstream: false });
    ledger.freshUntil = null;
    ledger.failed += 1;
    throw error;
  }
}

async function warmKey<T>(ctx: Ctx<T>, ledger: WarmLedger): Promise<CachedRead<T>> {
  const { policy, opts } = ctx;
  const refreshed = await refreshKey(ctx, "scheduled", ledger.leadMs, ledger.passStartedMs);
  if (refreshed.kind === "current") return served<T>(refreshed.copy, "fresh");
  if (refreshed.kind === "called") {
    spend(ledger, policy);
    return refreshed.read;
  }
  if (refreshed.kind === "failed") spend(ledger, policy, refreshed.error);
  const error = refreshed.kind === "failed" ? refreshed.error : new CoolingDownError(policy.family);
  // Not refreshed here: whatever copy there is still serves until grace, with why.
  const kept = localCopy(opts.kv, opts.key);
  const state = entryState(kept, policy, ctx.now());
  if (!kept || state === "expired") {
    // Another reader's call is in flight (another item of this pass reads the same key): its
    // answer is this item's too, rather than a gap in what the item warms.
    if (refreshed.kind === "held") return awaitHolder(ctx, ledger, error);
    throw error;
  }
  if (state !== "stale") return served<T>(kept, "fresh");
  const read = served<T>(kept, "stale");
  return { ...read, error: read.error ?? error };
}

/** Waits (the marker protocol) for the holder's entry; its turn to call if the holder died. */
async function awaitHolder<T>(
  ctx: Ctx<T>,
  ledger: WarmLedger,
  error: unknown,
): Promise<CachedRead<T>> {
  const turn = await markerTurn(ctx);
  if (turn.kind === "cooling") throw error;
  if (turn.kind === "entry") {
    const copy = keep(ctx, turn.entry, ctx.now());
    const state = entryState(copy, ctx.policy, ctx.now());
    return served<T>(copy, state === "stale" ? "stale" : "fresh");
  }
  const store = { down: false, readFailed: false };
  try {
    const read = await fetchAndStore<T>(ctx, store, turn.holdsMarker, "scheduled");
    spend(ledger, ctx.policy);
    return read;
  } catch (failure) {
    spend(ledger, ctx.policy, failure);
    throw failure;
  }
}

/** One call on the pass' ledger: answered, or failed; one the call budget refused costs nothing. */
function spend(ledger: WarmLedger, policy: ReadPolicy, failure?: unknown): void {
  if (failure !== undefined && isRateBudgetError(failure)) return;
  ledger.spent[policy.provider] = (ledger.spent[policy.provider] ?? 0) + 1;
}

/**
 * A warm-only read: this process' copy, else the store's entry (kept locally for the next
 * reader), served only while within its fresh time; anything else throws `NotWarmError`. Never a
 * provider call, a marker or a cooldown: what the refresher did not keep warm is not measured.
 */
export async function readWarmCopy<T>(
  policy: ReadPolicy,
  opts: ReadThroughOptions<T>,
): Promise<CachedRead<T>> {
  const now = opts.now ?? Date.now;
  const ctx = { policy, opts, now };
  let copy = localCopy(opts.kv, opts.key);
  if (entryState(copy, policy, now()) !== "fresh") {
    const entry = await readEntry(ctx);
    if (entry && (!copy || entry.storedAt >= copy.storedAt)) copy = keep(ctx, entry, now());
  }
  const state = entryState(copy, policy, now());
  noteRead(opts.report, { settled: true, upstream: false });
  if (!copy || state === "stale" || state === "expired") throw new NotWarmError(policy.family);
  return served<T>(copy, "fresh");
}
