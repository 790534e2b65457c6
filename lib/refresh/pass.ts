/**
 * One refresher pass, the single code path behind the in-process interval (`./scheduler`),
 * `npm run refresh` and `GET /api/cron/refresh` (docs/refresher.md):
 *
 * 1. take the pass lock in the store (another instance holding it: nothing to do);
 * 2. read the aggregate list through the read layer (warm) and rank the listed USD coins;
 * 3. list every warm task's items, with when each stops being fresh (`./records`);
 * 4. ask each provider's window counters what the refresh reserve still allows (`scheduled`
 *    calls: never the requests' share; providers without a budget: a per-pass cap);
 * 5. plan (`./plan`, pure) and warm the planned items a few at a time until the pass budget
 *    ends, each through its family's reader with `ReadOpts.warm` (the read layer writes);
 * 6. take the history samples due (`./sampler`: from what is warm, no provider call);
 * 7. record each item's new time and the pass' summary; release the lock, whatever happened.
 */
import { listedAssets } from "@/lib/assets/listed";
import { resolveAsset, toAggregateRef } from "@/lib/assets/resolve";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { getConfig, type AppConfig } from "@/lib/config";
import { createKv } from "@/lib/kv";
import type { KvStore } from "@/lib/kv/types";
import { refreshReserve, scheduledCallsLeft } from "@/lib/budget/split";
import { readAggregate } from "@/lib/snapshot/live";
import { policyFor } from "@/lib/snapshot/policy";
import { windowCounts, type PolicyProvider } from "@/lib/budget/calls";
import { newWarmLedger, type ReadOpts, type WarmLedger } from "@/lib/snapshot/read-opts";
import {
  LOCK_MARGIN_SECONDS,
  PASS_BUDGET_MS,
  PASS_CONCURRENCY,
  REFRESH_KV_TIMEOUT_MS,
  SAMPLE_BUDGET_MS,
  UNBUDGETED_CALLS_PER_PASS,
} from "./constants";
import { takePassLock } from "./lock";
import { isWarm, planPass, type PlanItem } from "./plan";
import { readWarmed, writeLastRun, writeWarmed, type FamilySummary, type LastRun } from "./records";
import { WARM_TASKS } from "./registry";
import { takeSamples } from "./sampler";
import type { WarmCoin, WarmItem, WarmMarket, WarmTask } from "./tasks";

export interface PassOptions {
  trigger: LastRun["trigger"];
  /** Items due within this long are warmed now (the interval: the next pass would be late). */
  leadMs: number;
  kv?: KvStore;
  now?: () => number;
  tasks?: readonly WarmTask[];
}

export type PassResult = { outcome: "locked" } | { outcome: LastRun["outcome"]; run: LastRun };

/** The pass' time in whole seconds: what a per-second budget lets through in one pass. */
const PASS_SECONDS = Math.floor(PASS_BUDGET_MS / MS_PER_SECOND);

type Planned = PlanItem & { item: WarmItem; freshMs: number; done?: "warmed" | "failed" };
type Records = Record<string, Record<string, number | null>>;

const GLOBAL_SLOT = Symbol.for("stablecoin-intel.refresher-kv");
type GlobalWithKv = typeof globalThis & { [GLOBAL_SLOT]?: { config: AppConfig; kv: KvStore } };

/** The refresher's connection to the configured store, with its own patient budget. */
function refresherKv(): KvStore {
  const slot = globalThis as GlobalWithKv;
  const config = getConfig();
  const kept = slot[GLOBAL_SLOT];
  if (kept?.config === config) return kept.kv;
  kept?.kv.close().catch(() => undefined); // configuration changed (tests)
  const kv = createKv(config.kv, { timeoutMs: REFRESH_KV_TIMEOUT_MS });
  slot[GLOBAL_SLOT] = { config, kv };
  return kv;
}

/** One pass; a store that cannot take the lock throws its `KvError` (the caller reports it). */
export async function runRefreshPass(options: PassOptions): Promise<PassResult> {
  const kv = options.kv ?? refresherKv();
  const lockSeconds = Math.ceil(PASS_BUDGET_MS / MS_PER_SECOND) + LOCK_MARGIN_SECONDS;
  const lock = await takePassLock(kv, lockSeconds);
  if (!lock) return { outcome: "locked" };
  try {
    const run = await pass(kv, options);
    await writeLastRun(kv, run).catch(() => undefined);
    return { outcome: run.outcome, run };
  } finally {
    await lock.release();
  }
}

async function pass(kv: KvStore, options: PassOptions): Promise<LastRun> {
  const now = options.now ?? Date.now;
  const tasks = options.tasks ?? WARM_TASKS;
  const startedMs = now();
  const spent: Record<string, number> = {};
  const opts = (): WarmOpts => ({ kv, now, warm: newWarmLedger(options.leadMs, spent, startedMs) });
  const result = (outcome: LastRun["outcome"], reason: string | null, rest?: Partial<LastRun>) => ({
    startedAt: new Date(startedMs).toISOString(),
    endedAt: new Date(now()).toISOString(),
    outcome,
    reason,
    trigger: options.trigger,
    families: {},
    budget: {},
    ...rest,
  });

  let market: WarmMarket;
  try {
    market = rankMarket((await readAggregate(opts())).value.assets);
  } catch {
    return result("failed", "The stablecoin aggregate is unavailable: no market to warm.");
  }
  const planned: Planned[] = [];
  for (const task of tasks) {
    const warmed = await readWarmed(kv, task.family).catch((): Record<string, number> => ({}));
    const freshMs = policyFor(task.policy).freshSeconds * MS_PER_SECOND;
    for (const item of await task.itemsFor(market, opts())) {
      const freshUntil = warmed[item.id] ?? null;
      planned.push({ ...item, item, task: task.family, tier: task.tier, freshUntil, freshMs });
    }
  }
  const { allowance, ceilings } = await callsAllowed(kv, planned, spent, now());
  const plan = planPass(planned, allowance, now(), options.leadMs, ceilings);
  const ran = plan.run as Planned[];
  const records = await warmPlanned(ran, startedMs + PASS_BUDGET_MS, now, opts);

  const families: Record<string, FamilySummary> = {};
  for (const task of tasks) {
    const mine = planned.filter((p) => p.task === task.family);
    const updated = records[task.family] ?? {};
    for (const p of mine) if (p.id in updated) p.freshUntil = updated[p.id] ?? null;
    const warmed = Object.fromEntries(
      mine.flatMap((p) => (p.freshUntil === null ? [] : [[p.id, p.freshUntil] as const])),
    );
    await writeWarmed(kv, task.family, warmed).catch(() => undefined);
    families[task.family] = summarise(mine, plan, now());
  }
  const budget = Object.fromEntries(
    Object.entries(allowance).map(([p, allowed]) => [
      p,
      { spent: spent[p] ?? 0, allowance: allowed },
    ]),
  );
  // The history sampler: from what is warm now, under this pass' lock, within the lock's margin.
  const history = await takeSamples({
    kv,
    now,
    deadlineMs: startedMs + PASS_BUDGET_MS + SAMPLE_BUDGET_MS,
  }).catch(() => undefined);
  const failed = ran.filter((p) => p.done === "failed").length;
  const deferred = plan.overBudget.length + ran.filter((p) => !p.done).length;
  if (failed === 0 && deferred === 0) return result("ok", null, { families, budget, history });
  const reason = `${failed} item(s) could not be warmed; ${deferred} due item(s) wait for a later pass (call budgets, pass time).`;
  return result("partial", reason, { families, budget, history });
}

type WarmOpts = ReadOpts & { warm: WarmLedger };

function summarise(
  items: readonly Planned[],
  plan: { run: readonly PlanItem[]; overBudget: readonly PlanItem[] },
  nowMs: number,
): FamilySummary {
  const overBudget = new Set(plan.overBudget);
  const planned = new Set(plan.run);
  const ran = (p: Planned) => planned.has(p);
  const coins = new Set(items.flatMap((p) => p.item.coins));
  const cold = new Set(items.filter((p) => !isWarm(p, nowMs)).flatMap((p) => p.item.coins));
  return {
    coins: coins.size,
    warmCoins: [...coins].filter((c) => !cold.has(c)).length,
    warmed: items.filter((p) => p.done === "warmed").length,
    failed: items.filter((p) => p.done === "failed").length,
    // Due but not run: no calls left for it, or the pass' time ran out.
    deferred: items.filter((p) => overBudget.has(p) || (p.done === undefined && ran(p))).length,
  };
}

function rankMarket(assets: Parameters<typeof listedAssets>[0]): WarmMarket {
  const refs = assets.map(toAggregateRef);
  const coins: WarmCoin[] = [];
  for (const entry of listedAssets(assets)) {
    // Resolved by its DefiLlama id, as a request for it is: the same keys.
    const resolved = resolveAsset(entry.id, refs);
    if (resolved.ok) coins.push({ rank: coins.length + 1, asset: resolved.asset, entry });
  }
  return { coins };
}

/**
 * Calls each provider may take this pass: a budgeted provider what its window's refresh reserve
 * has left for the scheduled refresher; one without a budget a fixed cap (less what the pass spent
 * already on the market list). A store that cannot count leaves the budgeted providers nothing.
 * A provider with a per-second budget gets no more than that budget lets through in a pass' time
 * (the refresher's reads wait for the next second rather than burst). `ceilings`: the most a pass
 * could ever be allowed (the whole reserve, the per-pass cap).
 */
async function callsAllowed(
  kv: KvStore,
  planned: readonly PlanItem[],
  spent: Record<string, number>,
  nowMs: number,
): Promise<{ allowance: Record<string, number>; ceilings: Record<string, number> }> {
  const providers = new Set(
    planned.flatMap((p) => [...Object.keys(p.cost), ...Object.keys(p.coldCost ?? {})]),
  );
  const perSecond = new Map(Object.entries(getConfig().providers.callsPerSecond));
  const allowance: Record<string, number> = {};
  const ceilings: Record<string, number> = {};
  for (const provider of providers) {
    const counts = await windowCounts(kv, provider as PolicyProvider, nowMs).catch(
      () => "unknown" as const,
    );
    let allowed = 0;
    let ceiling = UNBUDGETED_CALLS_PER_PASS;
    if (counts === null) allowed = Math.max(0, ceiling - (spent[provider] ?? 0));
    else if (counts !== "unknown") {
      allowed = scheduledCallsLeft(counts.made, counts.limit);
      ceiling = refreshReserve(counts.limit);
    }
    const second = perSecond.get(provider);
    if (second !== undefined) ceiling = Math.min(ceiling, second * PASS_SECONDS);
    allowance[provider] = Math.min(allowed, ceiling);
    ceilings[provider] = ceiling;
  }
  return { allowance, ceilings };
}

/**
 * Warms the planned items in order, `PASS_CONCURRENCY` at a time, starting none past `deadline`.
 * An item's new "fresh until" is the soonest any of its entries stops being fresh (its as-of plus
 * its family's fresh time); null when one of its reads had no value (missing again).
 */
async function warmPlanned(
  items: Planned[],
  deadline: number,
  now: () => number,
  opts: () => WarmOpts,
): Promise<Records> {
  const records: Records = {};
  let next = 0;
  const worker = async () => {
    while (next < items.length && now() < deadline) {
      const p = items[next++]!;
      const o = opts();
      await p.item.warm(o).catch(() => (o.warm.failed += 1));
      p.done = o.warm.failed === 0 ? "warmed" : "failed";
      // No read at all (nothing to look up): warm until the task's own fresh time passes.
      const until = o.warm.freshUntil;
      (records[p.task] ??= {})[p.id] = until === undefined ? now() + p.freshMs : until;
    }
  };
  await Promise.all(Array.from({ length: PASS_CONCURRENCY }, worker));
  return records;
}
