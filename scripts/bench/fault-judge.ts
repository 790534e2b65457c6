/**
 * How a fault world's run is judged and described (./faults): its answers tallied over the whole
 * run (first requests, loads, the cycling client), the goals, and the provider calls against the
 * backoff schedule.
 */
import { FAILURE_COOLDOWN_MS } from "../../lib/snapshot/freshness";
import type { BackoffCheck } from "./call-windows";
import { DOCUMENTED_503_ROUTE, type FaultWorld } from "./fault-worlds";
import type { CannonResult, Timed } from "./load";

export const GOAL_RATIO = 0.9;
export const GOAL_P99_MS = 100;
export const GOAL_MAX_MS = 2_000;
const HTTP_SERVER_ERROR = 500;
const UPSTREAM_UNAVAILABLE = 503;
export const STORES = ["Redis", "file store"] as const;
export type Store = (typeof STORES)[number];

export interface RouteRun {
  path: string;
  first: Timed;
  route: CannonResult;
  trivial: CannonResult;
  ratio: number;
}

export interface WorldRun {
  world: FaultWorld;
  store: Store;
  routes: RouteRun[];
  cycled: Timed[];
  calls: number;
  keys: number;
  perCooldown: number;
  backoff: BackoffCheck;
  /** `/api/health` at the end: backoffs ("failures × cooldown"), reads, waits on a holder. */
  health: { backoff: string[]; reads: number; waits: number };
  /** Market calls in each fixed minute window (the budget world). */
  marketPerMinute: number[];
}

const countStatuses = (statuses: Record<number, number>, test: (code: number) => boolean) =>
  Object.entries(statuses)
    .filter(([code]) => test(Number(code)))
    .reduce((a, [, n]) => a + n, 0);

/** Every answer of the run: first requests, loads, the cycling client. */
export function tally(r: WorldRun) {
  const answers = (pick: (code: number) => boolean, path?: string) =>
    r.routes
      .filter((x) => path === undefined || x.path === path)
      .reduce(
        (a, x) =>
          a +
          countStatuses(x.route.statuses, pick) +
          countStatuses(x.trivial.statuses, pick) +
          (pick(x.first.status) ? 1 : 0),
        0,
      ) + (path === undefined ? r.cycled.filter((a) => pick(a.status)).length : 0);
  const documented = answers((c) => c === UPSTREAM_UNAVAILABLE, DOCUMENTED_503_ROUTE);
  const all = [...r.routes.map((x) => x.first), ...r.cycled];
  return {
    serverErrors: answers((c) => c >= HTTP_SERVER_ERROR) - documented,
    documented,
    slow:
      r.routes.reduce((a, x) => a + x.route.slow, 0) + all.filter((a) => a.ms > GOAL_MAX_MS).length,
    /** The trivial route's own: a machine too loaded to judge latency by, not a read-path stall. */
    trivialSlow: r.routes.reduce((a, x) => a + x.trivial.slow, 0),
    maxMs: Math.max(...r.routes.map((x) => x.route.maxMs), ...all.map((a) => a.ms)),
    errors: r.routes.reduce((a, x) => a + x.route.errors + x.trivial.errors, 0),
    requests: r.routes.reduce((a, x) => a + x.route.total + 1, 0) + r.cycled.length,
  };
}

export function passes(r: WorldRun): boolean {
  const t = tally(r);
  const budget = r.world.marketBudget;
  return (
    r.routes.every((x) => x.ratio >= GOAL_RATIO && x.route.p99Ms < GOAL_P99_MS) &&
    t.slow === 0 &&
    t.serverErrors === 0 &&
    t.errors === 0 &&
    r.backoff.early.length === 0 &&
    (budget === undefined || r.marketPerMinute.every((n) => n <= budget))
  );
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function callsText(r: WorldRun): string {
  if (r.world.marketBudget !== undefined)
    return `market ${r.marketPerMinute.join(" + ") || 0} per minute (budget ${r.world.marketBudget})`;
  const early = r.backoff.early[0];
  return (
    `${r.calls} calls / ${r.keys} keys, ≤ ${r.perCooldown} per ${seconds(FAILURE_COOLDOWN_MS)}; ` +
    `busiest key's gaps ${r.backoff.busiest.gapsMs.map(seconds).join(", ") || "none"}; ` +
    (early
      ? `**${r.backoff.early.length} early** (e.g. ${early.key} after call ${early.nth}: ` +
        `${seconds(early.gapMs)} < ${seconds(early.allowedMs)})`
      : "backoff kept")
  );
}
