/** The read layer's timing decisions, pure: every function takes the clock reading (`nowMs`). */
import { MS_PER_SECOND } from "@/lib/domain/constants";
import type { ReadPolicy } from "./policy";

/** This process reuses its copy of an entry this long before asking the store again. */
export const LOCAL_REUSE_MS = 1_000;
/** A failed key is left alone this long on every instance (the "cooling" marker's life). */
export const FAILURE_COOLDOWN_MS = 5_000;

export type EntryState = "fresh" | "revalidate" | "stale" | "expired";

export interface EntryTimes {
  /** When the value was fetched upstream (ms since epoch). */
  storedAt: number;
  /** A valid empty answer: fresh only for the policy's negative TTL. */
  empty: boolean;
  /** When this process last saw the entry in the store (undefined: just read from it). */
  checkedAt?: number;
}

/** How long an entry is served with no provider call. */
export function freshMs(policy: ReadPolicy, empty: boolean): number {
  const seconds =
    empty && policy.empty.kind === "negative" ? policy.empty.seconds : policy.freshSeconds;
  return seconds * MS_PER_SECOND;
}

export function entryState(
  entry: EntryTimes | undefined,
  policy: ReadPolicy,
  nowMs: number,
): EntryState {
  if (!entry) return "expired";
  // A clock that went backwards (or another instance's clock ahead of ours) reads as age 0.
  const ageMs = Math.max(0, nowMs - entry.storedAt);
  if (ageMs >= policy.graceSeconds * MS_PER_SECOND) return "expired";
  if (ageMs >= freshMs(policy, entry.empty)) return "stale";
  if (entry.checkedAt !== undefined && nowMs - entry.checkedAt >= LOCAL_REUSE_MS)
    return "revalidate";
  return "fresh";
}

export interface FailureRecord {
  /** The end of the key's cooldown (ms since epoch). */
  untilMs: number;
  /** Its length: a cooldown that reads as longer (a clock that went backwards) is over. */
  cooldownMs: number;
}

/** The longest cooldown, however often a provider has failed in a row. */
export const MAX_FAILURE_COOLDOWN_MS = 10 * 60 * MS_PER_SECOND;

/** One provider's failures in a row: each round doubles the next cooldown, up to the cap. */
export interface ProviderBackoff {
  consecutiveFailures: number;
  cooldownMs: number;
  /** When this round's cooldown ends: no key of the provider is asked again before it. */
  nextTryMs: number;
}

/** The cooldown after `consecutiveFailures` failures in a row (at least one). */
export function backoffMs(consecutiveFailures: number): number {
  const doublings = Math.max(0, consecutiveFailures - 1);
  return Math.min(MAX_FAILURE_COOLDOWN_MS, FAILURE_COOLDOWN_MS * 2 ** doublings);
}

/** The provider's backoff after a failure at `nowMs`. */
export function providerBackoff(prev: ProviderBackoff | undefined, nowMs: number): ProviderBackoff {
  // A failure while the round's cooldown runs (another of its keys) does not start a new round.
  if (prev && nowMs < prev.nextTryMs && prev.nextTryMs - nowMs <= prev.cooldownMs) return prev;
  const consecutiveFailures = (prev?.consecutiveFailures ?? 0) + 1;
  const cooldownMs = backoffMs(consecutiveFailures);
  return { consecutiveFailures, cooldownMs, nextTryMs: nowMs + cooldownMs };
}

/** The cooldown a failure at `nowMs` starts (longer while its provider keeps failing). */
export function cooldownAfterFailure(
  nowMs: number,
  cooldownMs: number = FAILURE_COOLDOWN_MS,
): FailureRecord {
  return { untilMs: nowMs + cooldownMs, cooldownMs };
}

/** Another instance's cooldown, never longer than the cap from now (whatever its clock says). */
export function adoptedCooldown(untilMs: number, nowMs: number): FailureRecord {
  const cooldownMs = Math.max(0, Math.min(untilMs - nowMs, MAX_FAILURE_COOLDOWN_MS));
  return { untilMs: nowMs + cooldownMs, cooldownMs };
}

/** True while a key's upstream reads are held back after a failure. */
export function coolingDown(failure: FailureRecord | undefined, nowMs: number): boolean {
  if (!failure) return false;
  const leftMs = failure.untilMs - nowMs;
  // A clock that went backwards (more left than the cooldown's length) does not extend it.
  return leftMs > 0 && leftMs <= failure.cooldownMs;
}

/** Until when a request may wait for another holder to fill a key. */
export function waitDeadline(policy: ReadPolicy, startedAtMs: number): number {
  return startedAtMs + policy.lockBudgetMs;
}
