/**
 * Per-provider call budgets, shared by every instance through the KV store: one atomic counter
 * per provider per fixed one-minute window (`KvStore.incr`). The read layer spends one call of a
 * provider's budget before each upstream read of it; over budget, the read does not call and
 * the caller serves its stale copy or degrades with a warning (`RateBudgetError`).
 *
 * A store that cannot count (down, slow) does not block reads: availability first, as for the
 * refresh marker. Budgets come from config (COINGECKO_CALLS_PER_MINUTE,
 * DEXSCREENER_CALLS_PER_MINUTE); providers without one are not counted.
 */
import { getConfig } from "@/lib/config";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import type { KvStore } from "@/lib/kv/types";
import { rateWindow } from "./freshness";
import type { BudgetedProvider, PolicyProvider } from "./policy";

export class RateBudgetError extends Error {
  constructor(readonly provider: BudgetedProvider) {
    super(`${provider}: the per-minute call budget is spent`);
    this.name = "RateBudgetError";
  }
}

export function isRateBudgetError(e: unknown): e is RateBudgetError {
  return e instanceof RateBudgetError;
}

function budgetOf(provider: PolicyProvider): { provider: BudgetedProvider; limit: number } | null {
  const perMinute = getConfig().providers.callsPerMinute;
  if (provider === "coingecko") return { provider, limit: perMinute.coingecko };
  if (provider === "dexscreener") return { provider, limit: perMinute.dexscreener };
  return null;
}

export const budgetKey = (provider: BudgetedProvider, windowIndex: number) =>
  `budget:v1:${provider}:${windowIndex}`;

/** Counts one call of `provider`; throws `RateBudgetError` when the window's budget is spent. */
export async function spendCall(kv: KvStore, provider: PolicyProvider, nowMs: number) {
  const budget = budgetOf(provider);
  if (!budget) return;
  const window = rateWindow(nowMs);
  const ttlSeconds = Math.max(1, Math.ceil((window.endsAtMs - nowMs) / MS_PER_SECOND));
  let count: number;
  try {
    count = await kv.incr(budgetKey(budget.provider, window.index), ttlSeconds);
  } catch {
    return;
  }
  if (count > budget.limit) throw new RateBudgetError(budget.provider);
}
