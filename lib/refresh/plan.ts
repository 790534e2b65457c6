/**
 * The refresher's plan for one pass, pure: items in, an ordered list of what to warm out (unit
 * tests pin explicit timestamps and budgets: tests/unit/refresh/plan.test.ts).
 *
 * Order: the task's tier first (0: market-wide keys that serve every coin, 1: the inputs of a
 * coin's page and intel, 2: extras where the budget allows), then market-cap rank (1 = largest:
 * the coins people read most stay warm before the tail is filled), then urgency (never warmed,
 * past its fresh time, due before the next pass), then the soonest to go stale first. Each item costs calls of one or more providers; walking that order, an item is taken
 * when every provider it needs still has the calls, else it waits for a later pass (an item that
 * does not fit never blocks a cheaper one behind it).
 *
 * An item may cost more of a provider than any pass is ever allowed (a coin quoted on many chains
 * against a small per-window reserve): counted at that ceiling, it runs once a pass has the whole
 * allowance — largest coins first, as always — instead of waiting forever, and the calls the
 * budget then refuses stay due for the next passes.
 */

export type Urgency = "missing" | "stale" | "due" | "warm";
const URGENCY_ORDER: Readonly<Record<Urgency, number>> = { missing: 0, stale: 1, due: 2, warm: 3 };

export interface PlanItem {
  /** The warm task (key family) it belongs to. */
  task: string;
  /** Unique within the task: a coin id, a shared key's id list, or "market". */
  id: string;
  tier: number;
  /** Market-cap rank of the largest coin it serves (1 = largest; 0 = market-wide). */
  rank: number;
  /** Provider calls one warm costs when every key of it is due, by provider. */
  cost: Readonly<Record<string, number>>;
  /** Calls added to `cost` while the item is missing (never warmed, or its last warm failed). */
  coldCost?: Readonly<Record<string, number>>;
  /**
   * When the first of the item's entries stops being fresh, as of its last warm (each entry's
   * as-of plus its family's fresh time); null: never warmed, or a read of it had no value.
   */
  freshUntil: number | null;
}

export function urgencyOf(item: PlanItem, nowMs: number, leadMs: number): Urgency {
  if (item.freshUntil === null) return "missing";
  if (nowMs >= item.freshUntil) return "stale";
  return nowMs + leadMs >= item.freshUntil ? "due" : "warm";
}

/** Whether an item is warm now: warmed, and still within its fresh time. */
export function isWarm(item: PlanItem, nowMs: number): boolean {
  const urgency = urgencyOf(item, nowMs, 0);
  return urgency === "warm" || urgency === "due";
}

export interface Plan {
  /** To warm this pass, in order. */
  run: PlanItem[];
  /** Due, but no calls left for it this pass. */
  overBudget: PlanItem[];
  /** Not due before the next pass. */
  warm: PlanItem[];
}

/**
 * What warming `item` now would cost, by provider; `ceilings`: the most a pass may ever spend on
 * a provider, which no item is counted above.
 */
export function costOf(
  item: PlanItem,
  ceilings: Readonly<Record<string, number>> = {},
): Record<string, number> {
  const cost: Record<string, number> = { ...item.cost };
  if (item.freshUntil === null && item.coldCost)
    for (const [provider, n] of Object.entries(item.coldCost))
      cost[provider] = (cost[provider] ?? 0) + n;
  for (const [provider, ceiling] of Object.entries(ceilings))
    if (provider in cost) cost[provider] = Math.min(cost[provider] ?? 0, ceiling);
  return cost;
}

function compare(nowMs: number, leadMs: number) {
  return (a: PlanItem, b: PlanItem): number =>
    a.tier - b.tier ||
    a.rank - b.rank ||
    URGENCY_ORDER[urgencyOf(a, nowMs, leadMs)] - URGENCY_ORDER[urgencyOf(b, nowMs, leadMs)] ||
    (a.freshUntil ?? -Infinity) - (b.freshUntil ?? -Infinity) ||
    a.task.localeCompare(b.task) ||
    a.id.localeCompare(b.id);
}

/**
 * `callsLeft`: calls each provider may still take this pass (a provider absent from it has none).
 * `leadMs`: items due within this long are warmed now (the next pass would be too late).
 * `ceilings`: the most any pass may spend on a provider (its whole allowance).
 */
export function planPass(
  items: readonly PlanItem[],
  callsLeft: Readonly<Record<string, number>>,
  nowMs: number,
  leadMs: number,
  ceilings: Readonly<Record<string, number>> = {},
): Plan {
  const left: Record<string, number> = { ...callsLeft };
  const plan: Plan = { run: [], overBudget: [], warm: [] };
  for (const item of [...items].sort(compare(nowMs, leadMs))) {
    if (urgencyOf(item, nowMs, leadMs) === "warm") {
      plan.warm.push(item);
      continue;
    }
    const costs = Object.entries(costOf(item, ceilings)).filter(([, n]) => n > 0);
    if (!costs.every(([provider, n]) => (left[provider] ?? 0) >= n)) {
      plan.overBudget.push(item);
      continue;
    }
    for (const [provider, n] of costs) left[provider] = (left[provider] ?? 0) - n;
    plan.run.push(item);
  }
  return plan;
}
