/**
 * The scheduled refresher's fixed numbers (docs/refresher.md). Configuration (the interval, the
 * cron secret) is in lib/config; call budgets are the providers' own (lib/snapshot/budget-split).
 */

/** Store key of the pass lock: one instance runs a pass at a time. */
export const REFRESH_LOCK_KEY = "refresh:v1:lock";
/** Store key of the last pass' summary (`/api/health`). */
export const LAST_RUN_KEY = "refresh:v1:last-run";
/** Store key prefix of each warm task's per-item "warm as of" times. */
export const WARMED_KEY_PREFIX = "refresh:v1:warmed:";

/**
 * A pass stops starting items after this long, and its lock lives a little longer, so a crashed
 * instance's lock lapses soon after the pass it held could have ended.
 */
export const PASS_BUDGET_MS = 45_000;
export const LOCK_MARGIN_SECONDS = 15;
/** The history sampler starts no coin later than this after the pass budget (inside the margin). */
export const SAMPLE_BUDGET_MS = 10_000;
/** Items warmed at once within a pass (each is a few reads). */
export const PASS_CONCURRENCY = 4;
/**
 * Calls a pass may make to a provider with no per-minute budget (the aggregate, Dune's results):
 * politeness, and a bound on a pass' length when most of the market is cold.
 */
export const UNBUDGETED_CALLS_PER_PASS = 120;
/** Items are refreshed at least this long before their fresh time ends, whatever the interval. */
export const MIN_LEAD_MS = 5_000;
/** The summary and the warm times outlive any pass interval. */
export const RECORD_TTL_SECONDS = 7 * 24 * 60 * 60;
/** When no interval is configured (cron, `npm run refresh`): items are due this early. */
export const DEFAULT_LEAD_MS = 60_000;
/**
 * The refresher's own per-operation store budget: a background pass can wait for a loaded store,
 * where a request would rather bypass it (a timed-out counter would leave the pass only its
 * local share of each budget, and a timed-out write would not store what it fetched).
 */
export const REFRESH_KV_TIMEOUT_MS = 2_000;
