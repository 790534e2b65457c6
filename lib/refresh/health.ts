/**
 * The refresher's part of `/api/health`: how it is scheduled here, and the last pass any instance
 * ran (from the store, so a cron pass on another instance shows too). Read at most once per
 * `LAST_RUN_READ_INTERVAL_MS` per instance: a public route must not cost a store read per hit.
 */
import { getConfig } from "@/lib/config";
import { getKv } from "@/lib/kv";
import { readLastRun, type LastRun } from "./records";

export const LAST_RUN_READ_INTERVAL_MS = 10_000;

export interface RefresherHealth {
  /** In-process interval (seconds) on this instance; null: none (cron or `npm run refresh`). */
  intervalSeconds: number | null;
  /** `GET /api/cron/refresh` is enabled (a secret is configured); never the secret. */
  cronEnabled: boolean;
  /** The last pass on any instance: start, end, outcome, coins warm per family, calls spent. */
  lastRun: LastRun | null;
}

let kept: { kv: unknown; at: number; run: Promise<LastRun | null> } | undefined;

export function forgetRefresherHealth(): void {
  kept = undefined;
}

export async function refresherHealth(now: number): Promise<RefresherHealth> {
  const config = getConfig().refresh;
  const kv = getKv();
  const age = kept ? now - kept.at : -1;
  if (!kept || kept.kv !== kv || age < 0 || age >= LAST_RUN_READ_INTERVAL_MS)
    kept = { kv, at: now, run: readLastRun(kv).catch(() => null) };
  return {
    intervalSeconds: config.intervalSeconds ?? null,
    cronEnabled: config.cronSecret !== undefined,
    lastRun: await kept.run,
  };
}
