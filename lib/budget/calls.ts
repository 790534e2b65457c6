/**
 * Provider call budgets (docs/read-layer.md, "Provider call budgets"): one table of windows per
 * provider, counted across instances in the store and, while the store cannot count, against
 * this process' local share. Each upstream read spends one call of every window of its provider
 * first; over budget it does not call (`RateBudgetError`). A request never waits for a later
 * window; the scheduled refresher waits for a later second (at most `SCHEDULED_SECOND_WAIT_MS`).
 */
import { getConfig, type AppConfig } from "@/lib/config";
import { isStoreOutage, markStoreDown, storeDown } from "@/lib/kv/breaker";
import { sleep } from "@/lib/kv/shared";
import type { KvStore } from "@/lib/kv/types";
import type { ProviderName } from "@/lib/telemetry";
import {
  callFits,
  localBudget,
  localSecondBudget,
  type CallCounts,
  type CallPurpose,
} from "./split";
import { counterTtlSeconds, LocalCounts, rateWindow, type WindowLength } from "./window";

interface WindowBudget {
  length: WindowLength;
  limit: number;
  /** The refresh reserve applies (the minute); a second's budget is one total. */
  reserve: boolean;
}
type ProviderLimits = AppConfig["providers"];
const minute = (limit: number): WindowBudget => ({ length: "minute", limit, reserve: true });
const second = (limit: number): WindowBudget => ({ length: "second", limit, reserve: false });

/** Every provider (the one list, `ProviderName`), with its budgets (windows checked in order). */
const BUDGETS: Record<ProviderName, (p: ProviderLimits) => WindowBudget[]> = {
  coingecko: (p) => [minute(p.callsPerMinute.coingecko)],
  dexscreener: (p) => [minute(p.callsPerMinute.dexscreener)],
  binance: (p) => [minute(p.callsPerMinute.binance)],
  kraken: (p) => [minute(p.callsPerMinute.kraken)],
  coinbase: (p) => [minute(p.callsPerMinute.coinbase)],
  kyberswap: (p) => [second(p.callsPerSecond.kyberswap), minute(p.callsPerMinute.kyberswap)],
  defillama: () => [],
  "defillama-coins": () => [],
  dune: () => [],
};
export type PolicyProvider = ProviderName;

export class RateBudgetError extends Error {
  constructor(
    readonly provider: PolicyProvider,
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

/** Every call of the window (`second`: the per-second counter). */
export const budgetKey = (
  provider: PolicyProvider,
  index: number,
  length: WindowLength = "minute",
) => (length === "second" ? `budget:v1:${provider}:s:${index}` : `budget:v1:${provider}:${index}`);
/** Requests' calls of the window. */
export const requestBudgetKey = (provider: PolicyProvider, index: number) =>
  `budget:v1:${provider}:request:${index}`;
/** The longest the scheduled refresher waits for a later second's call. */
export const SCHEDULED_SECOND_WAIT_MS = 3_000;
/** Windows this process counts at once: a few per provider. */
const LOCAL_MAX_WINDOWS = 64;

/** This process' calls of a window; `unshared`: counted only here, owed to the shared counters. */
interface WindowCalls extends CallCounts {
  unshared: CallCounts;
}

const GLOBAL_SLOT = Symbol.for("stablecoin-intel.call-budgets");
type GlobalWithCounts = typeof globalThis & { [GLOBAL_SLOT]?: LocalCounts<WindowCalls> };

function localCalls(): LocalCounts<WindowCalls> {
  const slot = globalThis as GlobalWithCounts;
  slot[GLOBAL_SLOT] ??= new LocalCounts(
    () => ({ request: 0, total: 0, unshared: { request: 0, total: 0 } }),
    LOCAL_MAX_WINDOWS,
  );
  return slot[GLOBAL_SLOT];
}

/** Tests and scripts: as if this process had made no call yet. */
export function forgetCallCounts(): void {
  localCalls().clear();
}

function budgetsOf(provider: PolicyProvider): WindowBudget[] {
  return BUDGETS[provider](getConfig().providers);
}

export interface SpendOptions {
  purpose: CallPurpose;
  /** The store already failed during this read: count locally without asking it. */
  storeDown?: boolean;
}

/** How a call was counted: in the shared counters, or against this process' local share. */
export type SpentOn = "shared" | "local" | "unbudgeted";

/** Counts one call of `provider` in each of its windows; throws `RateBudgetError` when one is spent. */
export async function spendCall(
  kv: KvStore,
  provider: PolicyProvider,
  nowMs: number,
  opts: SpendOptions,
): Promise<SpentOn> {
  const budgets = budgetsOf(provider);
  if (budgets.length === 0) return "unbudgeted";
  let at = nowMs;
  let spentOn: SpentOn = "shared";
  for (const budget of budgets) {
    const giveUpAtMs = Date.now() + SCHEDULED_SECOND_WAIT_MS;
    for (;;) {
      const taken = await take(kv, provider, budget, at, opts);
      if (taken !== "refused") {
        if (taken === "local") spentOn = "local";
        break;
      }
      // Waits are in real time, as the provider counts them.
      const next = rateWindow(Date.now(), budget.length).endsAtMs;
      if (opts.purpose !== "scheduled" || budget.length !== "second" || next > giveUpAtMs)
        throw new RateBudgetError(provider, rateWindow(at, budget.length).endsAtMs);
      await sleep(next - Date.now());
      at = Date.now();
    }
  }
  return spentOn;
}

function fits(made: CallCounts, limit: number, budget: WindowBudget, purpose: CallPurpose) {
  return budget.reserve ? callFits(made, limit, purpose) : made.total < limit;
}

function count(counts: CallCounts, purpose: CallPurpose): void {
  counts.total += 1;
  if (purpose === "request") counts.request += 1;
}

/**
 * One call of one window: the shared counters decide while the store counts, else this process'
 * local share; its own count bounds it either way (a local call it still owes, or one counted
 * twice in a race, never lets the process past the budget).
 */
async function take(
  kv: KvStore,
  provider: PolicyProvider,
  budget: WindowBudget,
  atMs: number,
  { purpose, storeDown: down = false }: SpendOptions,
): Promise<"shared" | "local" | "refused"> {
  const window = rateWindow(atMs, budget.length);
  const made = localCalls().at(`${provider}:${budget.length}`, window.index);
  if (!budget.reserve && made.total >= budget.limit) return "refused"; // no need to ask the store
  let shared: boolean | "unknown" = "unknown";
  if (!down && !storeDown(kv, atMs)) {
    const c: Counters = {
      kv,
      request: requestBudgetKey(provider, window.index),
      total: budgetKey(provider, window.index, budget.length),
      ttlSeconds: counterTtlSeconds(window, atMs),
    };
    try {
      await payUnshared(c, made);
      shared = await sharedFits(c, budget, purpose);
    } catch (e) {
      if (isStoreOutage(e)) markStoreDown(kv, atMs);
    }
  }
  const local = shared === "unknown";
  const limit = !local
    ? budget.limit
    : budget.reserve
      ? localBudget(budget.limit)
      : localSecondBudget(budget.limit);
  // Decided and counted in one synchronous step: concurrent callers cannot both take the last call.
  if (shared === false || !fits(made, limit, budget, purpose)) return "refused";
  count(made, purpose);
  if (local) count(made.unshared, purpose);
  return local ? "local" : "shared";
}

interface Counters {
  kv: KvStore;
  request: string;
  total: string;
  ttlSeconds: number;
}

/**
 * The shared counters' answer: the request counter first (requests only), then the total. A
 * scheduled call is checked before it is counted: refused, it must not shrink the requests' share.
 */
async function sharedFits(
  c: Counters,
  budget: WindowBudget,
  purpose: CallPurpose,
): Promise<boolean> {
  const { limit } = budget;
  if (!budget.reserve) return (await c.kv.incr(c.total, c.ttlSeconds)) <= limit;
  const none = { request: 0, total: 0 };
  if (purpose === "request") {
    const requests = await c.kv.incr(c.request, c.ttlSeconds);
    if (!callFits({ ...none, request: requests - 1 }, limit, purpose)) return false;
  }
  let requestCalls = 0;
  if (purpose === "scheduled") {
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

/** The shared counts of `provider`'s current minute (what the refresher plans with); null: no budget. */
export async function windowCounts(
  kv: KvStore,
  provider: PolicyProvider,
  nowMs: number,
): Promise<{ made: CallCounts; limit: number } | null> {
  const budget = budgetsOf(provider).find((b) => b.length === "minute");
  if (!budget) return null;
  const { index } = rateWindow(nowMs);
  const [request, total] = await Promise.all([
    readCounter(kv, requestBudgetKey(provider, index)),
    readCounter(kv, budgetKey(provider, index)),
  ]);
  return { made: { request, total }, limit: budget.limit };
}

/** Adds the calls counted only here (while the store could not count) to the shared counters. */
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
