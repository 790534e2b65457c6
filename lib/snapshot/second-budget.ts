/**
 * Per-second call budgets, beside the per-minute ones of `./rate-budget`, for a provider whose own
 * limit is per second (KyberSwap, `DEX_QUOTES_CALLS_PER_SECOND`): a shared counter per one-second
 * window in the store. A request's call over it is refused at once (its answer degrades; no
 * request waits). The scheduled refresher's call waits for a later second instead, up to
 * `SCHEDULED_SECOND_WAIT_MS`, so a pass spreads its calls rather than having most refused.
 */
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { sleep } from "@/lib/kv/shared";
import { KvError, type KvStore } from "@/lib/kv/types";
import { localSecondBudget, type CallPurpose } from "./budget-split";
import { LOCAL_REUSE_MS, storeResting } from "./freshness";
import { callsInSecond, markStoreDown, storeDownUntil } from "./local-state";
import type { BudgetedProvider } from "./policy";

/** Every call of one second, for a provider with a per-second budget. */
export const secondBudgetKey = (provider: BudgetedProvider, second: number) =>
  `budget:v1:${provider}:s:${second}`;
/** A second's counter outlives its second by one (clock skew between instances). */
const SECOND_COUNTER_TTL_SECONDS = 2;
/** The longest the scheduled refresher waits for a later second's call. */
export const SCHEDULED_SECOND_WAIT_MS = 3_000;

/**
 * Takes one call of `provider`'s per-second budget: the time it was counted at, or null when the
 * second's calls are spent (for the scheduled refresher, when no later second within its wait had
 * one either). Waits are in real time, as the provider counts them.
 */
export async function takeSecondCall(
  kv: KvStore,
  provider: BudgetedProvider,
  perSecond: number,
  nowMs: number,
  { purpose, storeDown }: { purpose: CallPurpose; storeDown: boolean },
): Promise<number | null> {
  const giveUpAtMs = Date.now() + SCHEDULED_SECOND_WAIT_MS;
  let at = nowMs;
  for (;;) {
    if (await tryTake(kv, provider, perSecond, at, storeDown)) return at;
    if (purpose !== "scheduled") return null;
    const nextSecondMs = (Math.floor(Date.now() / MS_PER_SECOND) + 1) * MS_PER_SECOND;
    if (nextSecondMs > giveUpAtMs) return null;
    await sleep(nextSecondMs - Date.now());
    at = Date.now();
  }
}

/**
 * The shared counter of the second decides; when the store cannot count, this process keeps to
 * its local share (`localSecondBudget`). Its own count bounds it too.
 */
async function tryTake(
  kv: KvStore,
  provider: BudgetedProvider,
  perSecond: number,
  atMs: number,
  storeDown: boolean,
): Promise<boolean> {
  const second = Math.floor(atMs / MS_PER_SECOND);
  const mine = callsInSecond(provider, second);
  if (mine.count >= perSecond) return false;
  let fits: boolean | "unknown" = "unknown";
  if (!storeDown && !storeResting(storeDownUntil(kv), atMs)) {
    try {
      const made = await kv.incr(secondBudgetKey(provider, second), SECOND_COUNTER_TTL_SECONDS);
      fits = made <= perSecond;
    } catch (e) {
      if (e instanceof KvError && (e.kind === "timeout" || e.kind === "unavailable"))
        markStoreDown(kv, atMs + LOCAL_REUSE_MS);
    }
  }
  const limit = fits === "unknown" ? localSecondBudget(perSecond) : perSecond;
  // Decided and counted in one synchronous step, as for the minute.
  if (fits === false || mine.count >= limit) return false;
  mine.count += 1;
  return true;
}
