/**
 * The read layer's timing decisions, pure: every function takes the clock reading (`nowMs`) as
 * an argument, so tests pin explicit timestamps (tests/unit/snapshot/freshness.test.ts).
 *
 *   fresh       → serve; nothing else happens
 *   revalidate  → this process' copy is fresh but was last seen in the store over
 *                 `LOCAL_REUSE_MS` ago: one request looks at the store again (another instance may
 *                 have refreshed the key, or the entry may be gone); concurrent ones use the copy
 *   stale       → serve at once (marked stale); one background refresh
 *   expired     → past grace (or no copy): the only state in which a request waits on upstream
 *   cooling     → a key whose refreshes failed `FAILURE_THRESHOLD` times in a row is not asked
 *                 again until `FAILURE_COOLDOWN_MS` after the last failure
 */
import { MS_PER_SECOND } from "@/lib/domain/constants";
import type { ReadPolicy } from "./policy";

/** This process reuses its copy of an entry this long before asking the store again. */
export const LOCAL_REUSE_MS = 1_000;
/** Consecutive failures of one key after which its refreshes cool down. */
export const FAILURE_THRESHOLD = 3;
/** How long a cooling key is left alone (also the life of the cross-instance failure marker). */
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

/**
 * After a store read timed out or found the store unreachable, this process leaves the store
 * alone for `LOCAL_REUSE_MS` when it only wanted to re-check a copy it already has (a slow
 * store costs one wait per process per interval, not one per key).
 */
export function storeResting(downUntilMs: number | undefined, nowMs: number): boolean {
  return downUntilMs !== undefined && nowMs < downUntilMs;
}

export interface FailureRecord {
  /** Consecutive failed upstream reads of the key. */
  count: number;
  lastAtMs: number;
}

/** True while a key's upstream reads are held back after repeated failures. */
export function coolingDown(failures: FailureRecord | undefined, nowMs: number): boolean {
  if (!failures || failures.count < FAILURE_THRESHOLD) return false;
  const sinceMs = nowMs - failures.lastAtMs;
  return sinceMs >= 0 && sinceMs < FAILURE_COOLDOWN_MS;
}

/** True when a failure brings the key to (or keeps it at) the cooldown threshold. */
export function startsCooldown(failures: FailureRecord): boolean {
  return failures.count >= FAILURE_THRESHOLD;
}

/** Until when a request may wait for another holder to fill a key. */
export function waitDeadline(policy: ReadPolicy, startedAtMs: number): number {
  return startedAtMs + policy.lockBudgetMs;
}

/** The fixed one-minute window a provider call is counted in (`rate-budget.ts`). */
export const RATE_WINDOW_SECONDS = 60;
export function rateWindow(nowMs: number): { index: number; endsAtMs: number } {
  const windowMs = RATE_WINDOW_SECONDS * MS_PER_SECOND;
  const index = Math.floor(nowMs / windowMs);
  return { index, endsAtMs: (index + 1) * windowMs };
}
