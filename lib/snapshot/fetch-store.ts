/**
 * A read's provider call: budget spent first, the answer kept and stored (empty by the family's
 * rule), or the failure cooling the key down here and, through the marker, on every instance.
 * `refreshKey` is the one refresh of a key, for background refreshes and the refresher alike.
 */
import { telemetry } from "@/lib/telemetry";
import { isRateBudgetError, spendCall } from "@/lib/budget/calls";
import type { CallPurpose } from "@/lib/budget/split";
import {
  markCooling,
  readEntry,
  releaseMarker,
  takeMarker,
  writeEntry,
  type Ctx,
  type Entry,
  type Store,
} from "./entry-store";
import { cooldownAfterFailure, coolingDown, entryState, type EntryState } from "./freshness";
import {
  failuresOf,
  keepCopy,
  localCopy,
  recordFailure,
  recordProviderFailure,
  recordSuccess,
  type LocalCopy,
} from "./local-state";
import { EmptyAnswerError } from "./read-errors";
import type { CachedRead } from "./read-through";

export function served<T>(copy: LocalCopy, state: EntryState): CachedRead<T> {
  // Keys are scoped to one reader each, and a copy is kept only after that reader's schema
  // validated it (or its own fetch produced it).
  const value = copy.value as T;
  return state === "stale"
    ? { value, source: "stale", storedAt: copy.storedAt, settled: false, error: copy.error }
    : { value, source: "cache", storedAt: copy.storedAt, settled: true };
}

export function keep<T>(ctx: Ctx<T>, entry: Entry, checkedAt: number): LocalCopy {
  const empty = ctx.opts.isEmpty?.(entry.value as T) ?? false;
  const copy: LocalCopy = { kv: ctx.opts.kv, ...entry, empty, checkedAt };
  keepCopy(ctx.opts.key, copy);
  return copy;
}

export async function fetchAndStore<T>(
  ctx: Ctx<T>,
  store: Store,
  holdsMarker: boolean,
  purpose: CallPurpose,
): Promise<CachedRead<T>> {
  const { policy, opts } = ctx;
  let release = holdsMarker;
  try {
    const spentOn = await spendCall(opts.kv, policy.provider, ctx.now(), {
      purpose,
      storeDown: store.down,
    });
    if (spentOn === "local") telemetry.recordCache(policy.family, "local-budget");
    const value = await opts.fetch({
      // Keys are scoped to one reader, whose schema validated the copy (or whose fetch made it).
      previous: localCopy(opts.kv, opts.key)?.value as T | undefined,
      spendExtraCall: async () => {
        await spendCall(opts.kv, policy.provider, ctx.now(), { purpose, storeDown: store.down });
      },
    });
    const empty = opts.isEmpty?.(value) ?? false;
    if (empty && policy.empty.kind === "failure") throw new EmptyAnswerError(policy.family);
    recordSuccess(opts.key, policy.family, policy.provider);
    const storedAt = ctx.now();
    // Empty answers are stored only as negative entries (never under `not-stored`, rule 6).
    const stored = !empty || policy.empty.kind === "negative";
    if (stored) {
      keepCopy(opts.key, { kv: opts.kv, value, storedAt, empty, checkedAt: storedAt });
      if (store.down) telemetry.recordCache(policy.family, "bypass");
      else await writeEntry(ctx, value, storedAt);
    }
    return { value, source: "upstream", storedAt, settled: stored };
  } catch (error) {
    if (isRateBudgetError(error)) telemetry.recordCache(policy.family, "over-budget");
    else {
      // Any failure cools the key down, here and (through the marker) on every instance; the
      // longer, the more often its provider has failed in a row.
      const { cooldownMs } = recordProviderFailure(policy.provider, ctx.now());
      const cooldown = cooldownAfterFailure(ctx.now(), cooldownMs);
      recordFailure(opts.key, error, cooldown, policy.family);
      if (!store.down && (await markCooling(ctx, cooldown.untilMs))) release = false;
    }
    throw error;
  } finally {
    if (release) await releaseMarker(ctx);
  }
}

/** What one refresh of a key did. */
export type Refreshed<T> =
  | { kind: "current"; copy: LocalCopy }
  | { kind: "called"; read: CachedRead<T> }
  | { kind: "failed"; error: unknown }
  /** Another reader holds the key's marker (its call is in flight). */
  | { kind: "held" }
  | { kind: "skipped" };

/**
 * One refresh of a key: adopt a newer stored entry (another instance may have refreshed it);
 * unless the copy is still fresh `aheadMs` from now, or was stored at or after `currentSinceMs`
 * (the refresher's pass: it was refreshed already), the key cools down or another instance holds
 * its marker, call.
 */
export async function refreshKey<T>(
  ctx: Ctx<T>,
  purpose: "refresh" | "scheduled",
  aheadMs = 0,
  currentSinceMs = Infinity,
): Promise<Refreshed<T>> {
  const { opts, policy } = ctx;
  const store: Store = { down: false, readFailed: false };
  const entry = await readEntry(ctx, store);
  const mine = localCopy(opts.kv, opts.key);
  if (entry && (!mine || entry.storedAt > mine.storedAt)) keep(ctx, entry, ctx.now());
  const copy = localCopy(opts.kv, opts.key);
  const state = entryState(copy, policy, ctx.now() + aheadMs);
  if (copy && (state === "fresh" || state === "revalidate" || copy.storedAt >= currentSinceMs))
    return { kind: "current", copy };
  if (coolingDown(failuresOf(opts.key), ctx.now())) return { kind: "skipped" };
  const marker = store.down ? "skipped" : await takeMarker(ctx);
  if (marker === "held") return { kind: "held" };
  try {
    return {
      kind: "called",
      read: await fetchAndStore(ctx, store, marker === "acquired", purpose),
    };
  } catch (error) {
    return { kind: "failed", error };
  }
}
