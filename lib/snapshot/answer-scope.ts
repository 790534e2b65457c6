/**
 * Whether an answer built from read-layer reads would come out the same if it were built again
 * right away. The HTTP layer builds each answer inside `withinAnswerScope`; a read that failed in
 * a way the very next read would retry (the first failures of a key, a provider budget running
 * out mid-call, a request's own deadline) notes it with `noteRetryPending`. Such an answer must
 * not be reused even for a moment: the next request has to ask again ("failures are never
 * stored as fresh"). So do a stale copy (its refresh may land first) and an empty scheduled
 * snapshot (never stored, rule 6). An answer degraded only by settled states (a stored empty
 * live answer, a key cooling down after repeated failures, a spent call budget) would be rebuilt
 * identically, so the in-process answer memo may keep it briefly.
 *
 * Outside a scope (page renders, scripts) noting is a no-op. The storage lives on `globalThis`
 * so every route bundle in the process shares it.
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface Scope {
  retryPending: boolean;
}

const GLOBAL_SLOT = Symbol.for("stablecoin-intel.answer-scope");
type GlobalWithScope = typeof globalThis & { [GLOBAL_SLOT]?: AsyncLocalStorage<Scope> };

function scopes(): AsyncLocalStorage<Scope> {
  const slot = globalThis as GlobalWithScope;
  slot[GLOBAL_SLOT] ??= new AsyncLocalStorage<Scope>();
  return slot[GLOBAL_SLOT];
}

/** Builds an answer and reports whether any read under it left a retry pending. */
export async function withinAnswerScope<T>(
  build: () => Promise<T>,
): Promise<{ value: T; settled: boolean }> {
  const scope: Scope = { retryPending: false };
  const value = await scopes().run(scope, build);
  return { value, settled: !scope.retryPending };
}

/** A read in the current answer failed and the next read of its key would ask upstream again. */
export function noteRetryPending(): void {
  const scope = scopes().getStore();
  if (scope) scope.retryPending = true;
}
