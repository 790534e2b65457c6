/**
 * Per-provider call budgets, shared by every instance through the KV store: atomic counters per
 * provider per fixed one-minute window (`KvStore.incr`). The read layer spends one call of a
 * provider's budget before each upstream read of it; over budget, the read does not call and
 * the caller serves its stale copy or degrades with a warning (`RateBudgetError`).
 *
 * Two counters per window: every call counts in the total (at most the budget); a request's
 * miss also counts in the request counter first (at most the budget less the refresh reserve,
 * `./budget-split`), so refused requests never eat into what background refreshes may spend.
 *
 * A store that cannot count in time (timeout, down, or resting after a recent failure) never
 * means "unlimited": the process counts its own calls against its local share of the budget
 * (`LOCAL_BUDGET_SHARE`), and adds them to the shared counters once they answer again.
 * Budgets come from config (COINGECKO_CALLS_PER_MINUTE, DEXSCREENER_CALLS_PER_MINUTE, the exit-cost
 * sources'); providers without one are not counted. A provider whose own limit is per second
 * (KyberSwap, DEX_QUOTES_CALLS_PER_SECOND) also has a shared counter per one-second window
 * (`./second-budget`), checked first: a request's burst over it is refused like a spent minute,
 * never sent to be answered 429; the scheduled refresher waits for a later second.
 */
import { getConfig } from "@/lib/config";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { KvError, type KvStore } from "@/lib/kv/types";
import { callFits, localCallFits, type CallCounts, type CallPurpose } from "./budget-split";
import { LOCAL_REUSE_MS, rateWindow, storeResting } from "./freshness";
import { callsInWindow, markStoreDown, storeDownUntil, type WindowCalls } from "./local-state";
import type { BudgetedProvider, PolicyProvider } from "./policy";
import { takeSecondCall } from "./second-budget";

export class RateBudgetError extends Error {
  constructor(
    readonly provider: BudgetedProvider,
    /** When the refusing window ends (a call may fit again); undefined: not known. */
    readonly untilMs?: number,
  ) {
    super(`${provider}: the call budget is spent`);
    this.name = "RateBudgetError";
  }
}

export function isRateBudgetError(e: unknown): e is RateBudgetError {
  return e instanceof RateBudgetError;
}

interface Budget {
  provider: BudgetedProvider;
  /** Calls a minute. */
  limit: number;
  /** Calls a second, for a provider whose own limit is per second; null: none. */
  perSecond: number | null;
}

function budgetOf(provider: PolicyProvider): Budget | null {
  const { callsPerMinute: perMinute, callsPerSecond } = getConfig().providers;
  if (provider === "coingecko") return { provider, limit: perMinute.coingecko, perSecond: null };
  if (provider === "dexscreener")
    return { provider, limit: perMinute.dexscreener, perSecond: null };
  if (provider === "defillama" || provider === "defillama-coins" || provider === "dune")
    return null;
  // The exit-cost sources (binance, kraken, coinbase, kyberswap) each have their own budget.
  const perSecond = provider === "kyberswap" ? callsPerSecond.kyberswap : null;
  return { provider, limit: perMinute[provider], perSecond };
}

/** Every call of the window (requests and refreshes). */
export const budgetKey = (provider: BudgetedProvider, windowIndex: number) =>
  `budget:v1:${provider}:${windowIndex}`;
/** Requests' calls of the window. */
export const requestBudgetKey = (provider: BudgetedProvider, windowIndex: number) =>
  `budget:v1:${provider}:request:${windowIndex}`;

export interface SpendOptions {
  purpose: CallPurpose;
  /** The store already failed during this read: count locally without asking it. */
  storeDown?: boolean;
}

/** How a call was counted: in the shared counters, or against this process' local share. */
export type SpentOn = "shared" | "local" | "unbudgeted";

/**
 * Counts one call of `provider`; throws `RateBudgetError` when the window's budget for this
 * purpose is spent.
 */
export async function spendCall(
  kv: KvStore,
  provider: PolicyProvider,
  nowMs: number,
  { purpose, storeDown = false }: SpendOptions,
): Promise<SpentOn> {
  const budget = budgetOf(provider);
  if (!budget) return "unbudgeted";
  let at = nowMs;
  if (budget.perSecond !== null) {
    const taken = await takeSecondCall(kv, budget.provider, budget.perSecond, nowMs, {
      purpose,
      storeDown,
    });
    if (taken === null) throw new RateBudgetError(budget.provider, nextSecondMs(nowMs));
    at = taken; // the scheduled refresher may have waited for a later second
  }
  const window = rateWindow(at);
  const made = callsInWindow(budget.provider, window.index);
  let fits: boolean | "unknown" = "unknown";
  if (!storeDown && !storeResting(storeDownUntil(kv), at)) {
    const counters = {
      kv,
      request: requestBudgetKey(budget.provider, window.index),
      total: budgetKey(budget.provider, window.index),
      ttlSeconds: Math.max(1, Math.ceil((window.endsAtMs - at) / MS_PER_SECOND)),
    };
    try {
      await payUnshared(counters, made);
      fits = await sharedCallFits(counters, budget.limit, purpose);
    } catch (e) {
      // A slow or unreachable store is left alone for a moment (as for the entry reads).
      if (e instanceof KvError && (e.kind === "timeout" || e.kind === "unavailable"))
        markStoreDown(kv, at + LOCAL_REUSE_MS);
    }
  }
  // Decided and counted in one synchronous step: concurrent callers cannot both take the last call.
  // This process' own count bounds it too: a local call it still owes the shared counters (or
  // one counted twice in a race) never lets the process past the budget.
  const local = fits === "unknown";
  fits = local
    ? localCallFits(made, budget.limit, purpose)
    : fits && callFits(made, budget.limit, purpose);
  if (!fits) throw new RateBudgetError(budget.provider, window.endsAtMs);
  count(made, purpose);
  if (local) count(made.unshared, purpose);
  return local ? "local" : "shared";
}

const nextSecondMs = (nowMs: number) => (Math.floor(nowMs / MS_PER_SECOND) + 1) * MS_PER_SECOND;

function count(counts: CallCounts, purpose: CallPurpose): void {
  counts.total += 1;
  if (purpose === "request") counts.request += 1;
}

interface Counters {
  kv: KvStore;
  request: string;
  total: string;
  ttlSeconds: number;
}

/**
 * The shared counters' answer: the request counter first (requests only), then the total. The
 * scheduled refresher reads the request counter too: its share is the reserve less every other
 * non-request call of the window.
 */
async function sharedCallFits(c: Counters, limit: number, purpose: CallPurpose): Promise<boolean> {
  const none = { request: 0, total: 0 };
  if (purpose === "request") {
    const requests = await c.kv.incr(c.request, c.ttlSeconds);
    if (!callFits({ ...none, request: requests - 1 }, limit, purpose)) return false;
  }
  let requestCalls = 0;
  if (purpose === "scheduled") {
    // Looked at before counting: a refused scheduled call must not count in the total, which
    // would shrink what requests may spend.
    const [requests, before] = await Promise.all([
      readCounter(c.kv, c.request),
      readCounter(c.kv, c.total),
    ]);
    if (!callFits({ request: requests, total: before }, limit, purpose)) return false;
    requestCalls = requests;
  }
  const total = await c.kv.incr(c.total, c.ttlSeconds);
  return callFits({ request: requestCalls, total: total - 1 }, limit, purpose);
}

async function readCounter(kv: KvStore, key: string): Promise<number> {
  const n = Number(await kv.get(key));
  return Number.isFinite(n) ? n : 0;
}

/**
 * The shared counts of `provider`'s current window (what the scheduled refresher plans with),
 * or null for a provider without a budget. Throws the store's `KvError` when it cannot answer.
 */
export async function windowCounts(
  kv: KvStore,
  provider: PolicyProvider,
  nowMs: number,
): Promise<{ made: CallCounts; limit: number } | null> {
  const budget = budgetOf(provider);
  if (!budget) return null;
  const index = rateWindow(nowMs).index;
  const [request, total] = await Promise.all([
    readCounter(kv, requestBudgetKey(budget.provider, index)),
    readCounter(kv, budgetKey(budget.provider, index)),
  ]);
  return { made: { request, total }, limit: budget.limit };
}

/**
 * Adds the calls this process counted only locally (while the store could not count) to the
 * shared counters once they answer again, so the window's shared count covers them too.
 */
async function payUnshared(c: Counters, made: WindowCalls): Promise<void> {
  const owed = { ...made.unshared };
  if (owed.total === 0) return;
  made.unshared = { request: 0, total: 0 };
  try {
    await Promise.all([
      ...Array.from({ length: owed.request }, () => c.kv.incr(c.request, c.ttlSeconds)),
      ...Array.from({ length: owed.total }, () => c.kv.incr(c.total, c.ttlSeconds)),
    ]);
  } catch (e) {
    // Owed again (some may have landed: counting a call twice only errs on the safe side).
    made.unshared.request += owed.request;
    made.unshared.total += owed.total;
    throw e;
  }
}
