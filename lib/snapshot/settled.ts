/**
 * What one read adds to the request's report: settled or not, whether it asked a provider, and
 * until when a settled outcome stands (fresh end, cooldown end, budget window end).
 */
import { coolingDown, freshMs, LOCAL_REUSE_MS } from "./freshness";
import { failuresOf, localCopy, type LocalCopy } from "./local-state";
import type { ReadPolicy } from "./policy";
import { isRateBudgetError } from "@/lib/budget/calls";
import { CoolingDownError } from "./read-errors";
import type { ReadThroughOptions } from "./entry-store";

/** When a served copy stops being fresh (a stored empty answer: its negative TTL). */
export function copyFreshUntil(policy: ReadPolicy, copy: Pick<LocalCopy, "storedAt" | "empty">) {
  return copy.storedAt + freshMs(policy, copy.empty);
}

/** A value read for `opts.key` (stored at `storedAt`): when it stops being fresh. */
export function valueFreshUntil<T>(
  policy: ReadPolicy,
  opts: ReadThroughOptions<T>,
  storedAt: number,
): number {
  const empty = localCopy(opts.kv, opts.key)?.empty ?? false;
  return copyFreshUntil(policy, { storedAt, empty });
}

/** A failure that asked no provider: the call budget was spent, or another holder's cooldown. */
export function refusedBeforeCall(error: unknown): boolean {
  return isRateBudgetError(error) || error instanceof CoolingDownError;
}

/** A failed read is settled unless the request went away before it ended. */
export function failureOutcome(
  error: unknown,
  key: string,
  nowMs: number,
  coolingBefore: boolean,
): { settled: boolean; upstream: boolean; untilMs?: number } {
  const upstream = !(coolingBefore || refusedBeforeCall(error));
  if (isRateBudgetError(error)) return { settled: true, upstream, untilMs: error.untilMs };
  const failure = failuresOf(key);
  if (coolingDown(failure, nowMs)) return { settled: true, upstream, untilMs: failure?.untilMs };
  return { settled: error instanceof CoolingDownError, upstream };
}

/**
 * A read answered at once with a failure while its key's one call is in flight (a retry after
 * the cooldown, or a cold key's detached fill while its family fails). Until that call lands an
 * answer built on it would be built the same, so it stands for `LOCAL_REUSE_MS`, as long as a
 * healthy copy goes unchecked: concurrent requests reuse one degraded answer instead of each
 * building its own while the call runs.
 */
export function callInFlight(nowMs: number) {
  return { settled: true, upstream: false, untilMs: nowMs + LOCAL_REUSE_MS };
}
