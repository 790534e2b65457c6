/**
 * What the refresher keeps in the store besides the entries themselves: per warm task, until when
 * each item is fresh (the soonest any of its entries stops being fresh, as of its last warm), and the
 * last pass' summary that `/api/health` shows on every instance.
 */
import { z } from "zod";
import type { KvStore } from "@/lib/kv/types";
import { LAST_RUN_KEY, RECORD_TTL_SECONDS, WARMED_KEY_PREFIX } from "./constants";

const warmedSchema = z.record(z.string(), z.number());

export const familySummarySchema = z.object({
  /** Coins the family serves, and of those the ones whose entries are within their fresh time. */
  coins: z.number().int(),
  warmCoins: z.number().int(),
  /** Items warmed this pass, failed (no value or a stale one), and due but left for a later pass. */
  warmed: z.number().int(),
  failed: z.number().int(),
  deferred: z.number().int(),
});

export const sampleRunSchema = z.object({
  slot: z.number().int().nullable(),
  coins: z.number().int(),
  stored: z.number().int(),
  taken: z.number().int(),
  missed: z.number().int(),
});

export const lastRunSchema = z.object({
  startedAt: z.string(),
  endedAt: z.string(),
  outcome: z.enum(["ok", "partial", "failed"]),
  /** Why a pass failed or was partial, in a user-safe sentence. */
  reason: z.string().nullable(),
  trigger: z.enum(["interval", "cron", "script"]),
  families: z.record(z.string(), familySummarySchema),
  /** Provider calls this pass made, and what the plan allowed it (null: no per-minute budget). */
  budget: z.record(z.string(), z.object({ spent: z.number(), allowance: z.number() })),
  /** The history sampler's run at the end of the pass (`./sampler`); absent in older records. */
  history: sampleRunSchema.optional(),
});
export type LastRun = z.infer<typeof lastRunSchema>;
export type FamilySummary = z.infer<typeof familySummarySchema>;

export async function readWarmed(kv: KvStore, family: string): Promise<Record<string, number>> {
  const parsed = warmedSchema.safeParse(await kv.get(WARMED_KEY_PREFIX + family));
  return parsed.success ? parsed.data : {};
}

export async function writeWarmed(
  kv: KvStore,
  family: string,
  warmed: Record<string, number>,
): Promise<void> {
  await kv.set(WARMED_KEY_PREFIX + family, warmed, RECORD_TTL_SECONDS);
}

export async function readLastRun(kv: KvStore): Promise<LastRun | null> {
  const parsed = lastRunSchema.safeParse(await kv.get(LAST_RUN_KEY));
  return parsed.success ? parsed.data : null;
}

export async function writeLastRun(kv: KvStore, run: LastRun): Promise<void> {
  await kv.set(LAST_RUN_KEY, run, RECORD_TTL_SECONDS);
}
