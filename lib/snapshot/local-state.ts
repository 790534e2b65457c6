/**
 * What this process remembers between reads: copies (capped, tied to their store, immutable),
 * fills and refreshes in flight, cooldowns and provider backoff. On `globalThis`: one per process.
 */
import { forgetCallCounts } from "@/lib/budget/calls";
import { forgetStoreHealth } from "@/lib/kv/breaker";
import type { WaitBudget } from "@/lib/abort";
import type { KvStore } from "@/lib/kv/types";
import { providerBackoff, type FailureRecord, type ProviderBackoff } from "./freshness";
import type { PolicyProvider } from "@/lib/budget/calls";

/** Upper bound on kept copies and failure records (the registry needs a few dozen keys). */
export const LOCAL_MAX_ENTRIES = 512;

export interface LocalCopy {
  kv: KvStore;
  value: unknown;
  storedAt: number;
  empty: boolean;
  checkedAt: number;
  /** The last refresh failed with this (served alongside the stale copy). */
  error?: unknown;
}

interface State {
  copies: Map<string, LocalCopy>;
  failures: Map<string, FailureRecord & { error: unknown }>;
  /** Providers failing in a row: how long their keys cool down (`./freshness`). */
  backoff: Map<PolicyProvider, ProviderBackoff>;
  /** Key families (one provider endpoint each) whose last read failed: until when. */
  familyFailures: Map<string, FailureRecord>;
  /** Foreground fills (the miss path): concurrent callers share one promise and its wait budget. */
  fills: Map<string, { work: Promise<unknown>; budget: WaitBudget }>;
  /** Background refreshes in flight. */
  refreshing: Map<string, Promise<void>>;
}

const GLOBAL_SLOT = Symbol.for("stablecoin-intel.read-through");
type GlobalWithState = typeof globalThis & { [GLOBAL_SLOT]?: State };

export function localState(): State {
  const slot = globalThis as GlobalWithState;
  slot[GLOBAL_SLOT] ??= {
    copies: new Map(),
    failures: new Map(),
    backoff: new Map(),
    familyFailures: new Map(),
    fills: new Map(),
    refreshing: new Map(),
  };
  return slot[GLOBAL_SLOT];
}

function capped<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  while (map.size >= LOCAL_MAX_ENTRIES) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
  map.set(key, value);
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

export function localCopy(kv: KvStore, key: string): LocalCopy | undefined {
  const copy = localState().copies.get(key);
  return copy && copy.kv === kv ? copy : undefined;
}

/** Copies are shared: deep-frozen outside production (freezing costs throughput in production). */
const FREEZE_COPIES = process.env.NODE_ENV !== "production";

export function keepCopy(key: string, copy: LocalCopy): void {
  if (FREEZE_COPIES) deepFreeze(copy.value);
  capped(localState().copies, key, copy);
}

export function failuresOf(key: string): (FailureRecord & { error: unknown }) | undefined {
  return localState().failures.get(key);
}

/** Remembers the key's cooldown and the error to answer meanwhile (and its family's). */
export function recordFailure(
  key: string,
  error: unknown,
  cooldown: FailureRecord,
  family?: string,
): void {
  const s = localState();
  capped(s.failures, key, { ...cooldown, error });
  if (family !== undefined) s.familyFailures.set(family, cooldown);
}

/** The cooldown of the family's last failed read, while no read of it has succeeded since. */
export function familyFailure(family: string): FailureRecord | undefined {
  return localState().familyFailures.get(family);
}

/** The provider's backoff after one more failure at `nowMs`: its keys' cooldown length. */
export function recordProviderFailure(provider: PolicyProvider, nowMs: number): ProviderBackoff {
  const { backoff } = localState();
  const next = providerBackoff(backoff.get(provider), nowMs);
  backoff.set(provider, next);
  return next;
}

/** A good answer: the key's cooldown and its provider's backoff are over. */
export function recordSuccess(key: string, family: string, provider: PolicyProvider): void {
  const s = localState();
  s.failures.delete(key);
  s.familyFailures.delete(family);
  s.backoff.delete(provider);
}

/** The provider's current backoff, if it is failing (for `/api/health`). */
export function backoffOf(provider: PolicyProvider): ProviderBackoff | undefined {
  return localState().backoff.get(provider);
}

/** Keys currently cooling down or failing, for tests and health. */
export function failingKeys(): number {
  return localState().failures.size;
}

/** Resolves once every background refresh started so far has finished (tests, scripts). */
export async function refreshesSettled(): Promise<void> {
  await Promise.all([...localState().refreshing.values()]);
}

/** Tests and scripts that change the store behind the app's back: as if the process just started. */
export function forgetLocalState(): void {
  const s = localState();
  s.copies.clear();
  s.failures.clear();
  s.backoff.clear();
  s.familyFailures.clear();
  s.fills.clear(); // a new process shares no fill with this one's requests in flight
  forgetCallCounts();
  forgetStoreHealth();
}
