/**
 * The scheduled refresher's read (`ReadOpts.warm`): the same entries, markers, cooldowns and
 * budgets as `./read-through`; a key due within `leadMs` is refreshed now, spent as `scheduled`.
 */
import {
  readEntry,
  takeMarker,
  type Ctx,
  type ReadThroughOptions,
  type Store,
} from "./entry-store";
import { coolingDown, entryState, freshMs } from "./freshness";
import { failuresOf, localCopy } from "./local-state";
import type { ReadPolicy } from "./policy";
import { isRateBudgetError } from "@/lib/budget/calls";
import { CoolingDownError } from "./read-errors";
import { noteRead, type WarmLedger } from "./read-opts";
import { fetchAndStore, keep, served } from "./fetch-store";
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
  const store: Store = { down: false, readFailed: false };
  // Another instance may have refreshed the key already: adopt its newer entry.
  const entry = await readEntry(ctx, store);
  const mine = localCopy(opts.kv, opts.key);
  if (entry && (!mine || entry.storedAt > mine.storedAt)) keep(ctx, entry, ctx.now());
  const copy = localCopy(opts.kv, opts.key);
  const ahead = entryState(copy, policy, ctx.now() + ledger.leadMs);
  if (copy && (ahead === "fresh" || ahead === "revalidate")) return served<T>(copy, "fresh");

  let error: unknown = new CoolingDownError(policy.family);
  if (!coolingDown(failuresOf(opts.key), ctx.now())) {
    const marker = store.down ? "skipped" : await takeMarker(ctx);
    if (marker !== "held") {
      try {
        const read = await fetchAndStore(ctx, store, marker === "acquired", "scheduled");
        spend(ledger, policy);
        return read;
      } catch (e) {
        if (!isRateBudgetError(e)) spend(ledger, policy); // refused calls cost nothing
        error = e;
      }
    }
  }
  // Not refreshed here: whatever copy there is still serves until grace, with why.
  const kept = localCopy(opts.kv, opts.key);
  const state = entryState(kept, policy, ctx.now());
  if (!kept || state === "expired") throw error;
  if (state !== "stale") return served<T>(kept, "fresh");
  const read = served<T>(kept, "stale");
  return { ...read, error: read.error ?? error };
}

function spend(ledger: WarmLedger, policy: ReadPolicy): void {
  ledger.spent[policy.provider] = (ledger.spent[policy.provider] ?? 0) + 1;
}
