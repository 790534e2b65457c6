/**
 * The refresher's plan (lib/refresh/plan.ts) and the scheduled share of a provider budget
 * (lib/snapshot/budget-split.ts), at explicit timestamps and budgets.
 */
import { isWarm, planPass, urgencyOf, type PlanItem } from "@/lib/refresh/plan";
import { callFits, scheduledCallsLeft } from "@/lib/snapshot/budget-split";

const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);
const MINUTE = 60_000;

function item(over: Partial<PlanItem> & { id: string }): PlanItem {
  return {
    task: "quotes",
    tier: 1,
    rank: 1,
    cost: { coingecko: 1 },
    warmAt: null,
    freshMs: MINUTE,
    ...over,
  };
}

describe("urgency at explicit timestamps", () => {
  it.each([
    // warmAt, now, lead, urgency
    [null, T0, 0, "missing"],
    [T0, T0 + MINUTE, 0, "stale"],
    [T0, T0 + 59_999, 0, "warm"],
    [T0, T0 + 45_000, 15_000, "due"],
    [T0, T0 + 44_999, 15_000, "warm"],
    [T0 + 5_000, T0, 0, "warm"], // clock went backwards: age 0
  ] as const)("warmed at %p, now %p, lead %p → %s", (warmAt, now, lead, urgency) => {
    expect(urgencyOf(item({ id: "a", warmAt }), now, lead)).toBe(urgency);
  });

  it("an item is warm within its fresh time, whatever the lead", () => {
    expect(isWarm(item({ id: "a", warmAt: T0 }), T0 + 59_000)).toBe(true);
    expect(isWarm(item({ id: "a", warmAt: T0 }), T0 + MINUTE)).toBe(false);
    expect(isWarm(item({ id: "a", warmAt: null }), T0)).toBe(false);
  });
});

describe("planPass", () => {
  const ids = (items: PlanItem[]) => items.map((i) => i.id);

  it("orders by tier, then urgency, then market-cap rank, then the oldest first", () => {
    const items = [
      item({ id: "r3-missing", rank: 3 }),
      item({ id: "r1-stale", rank: 1, warmAt: T0 - 2 * MINUTE }),
      item({ id: "r2-missing", rank: 2 }),
      item({ id: "r2-stale-older", rank: 2, warmAt: T0 - 5 * MINUTE }),
      item({ id: "r2-stale-newer", rank: 2, warmAt: T0 - 3 * MINUTE }),
      item({ id: "extra-r1", rank: 1, tier: 2 }),
      item({ id: "market", rank: 0, tier: 0, warmAt: T0 - 2 * MINUTE }),
    ];
    const plan = planPass(items, { coingecko: 100 }, T0, 0);
    expect(ids(plan.run)).toEqual([
      "market",
      "r2-missing",
      "r3-missing",
      "r1-stale",
      "r2-stale-older",
      "r2-stale-newer",
      "extra-r1",
    ]);
  });

  it("stops at each provider's budget, keeping cheaper items behind a costly one", () => {
    const items = [
      item({ id: "a", rank: 1, cost: { coingecko: 2 } }),
      item({ id: "b", rank: 2, cost: { coingecko: 2 } }),
      item({ id: "c", rank: 3, cost: { coingecko: 1 } }),
      item({ id: "d", rank: 4, cost: { dexscreener: 5 } }),
      item({ id: "e", rank: 5, cost: { coingecko: 1, dexscreener: 1 } }),
      item({ id: "free", rank: 6, cost: {} }),
    ];
    const plan = planPass(items, { coingecko: 3, dexscreener: 5 }, T0, 0);
    expect(ids(plan.run)).toEqual(["a", "c", "d", "free"]);
    expect(ids(plan.overBudget)).toEqual(["b", "e"]);
    const spent = plan.run.reduce((n, i) => n + (i.cost.coingecko ?? 0), 0);
    expect(spent).toBeLessThanOrEqual(3);
  });

  it("a provider absent from the budget has no calls; nothing due spends nothing", () => {
    const plan = planPass(
      [item({ id: "a", cost: { dune: 1 } }), item({ id: "w", warmAt: T0 - 1_000 })],
      { coingecko: 10 },
      T0,
      5_000,
    );
    expect(ids(plan.run)).toEqual([]);
    expect(ids(plan.overBudget)).toEqual(["a"]);
    expect(ids(plan.warm)).toEqual(["w"]);
  });

  it("items due within the lead are warmed now, the rest wait", () => {
    const items = [
      item({ id: "due", warmAt: T0 - 50_000 }),
      item({ id: "later", warmAt: T0 - 10_000 }),
    ];
    expect(ids(planPass(items, { coingecko: 10 }, T0, 15_000).run)).toEqual(["due"]);
    expect(ids(planPass(items, { coingecko: 10 }, T0, MINUTE).run)).toEqual(["due", "later"]);
  });
});

describe("the scheduled refresher's share of a budget (the refresh reserve)", () => {
  it.each([
    // limit, made {request, total}, left
    [30, { request: 0, total: 0 }, 6],
    [30, { request: 24, total: 24 }, 6], // requests spent their whole share: the reserve is whole
    [30, { request: 10, total: 14 }, 2], // 4 non-request calls already made
    [30, { request: 0, total: 6 }, 0],
    [30, { request: 24, total: 30 }, 0],
    [10, { request: 0, total: 0 }, 2],
    [3, { request: 0, total: 0 }, 0], // no reserve at all
  ])("budget %i with %j made leaves %i", (limit, made, left) => {
    expect(scheduledCallsLeft(made, limit)).toBe(left);
    // callFits agrees call by call.
    let fits = 0;
    const counts = { ...made };
    while (callFits(counts, limit, "scheduled")) {
      counts.total += 1;
      fits += 1;
    }
    expect(fits).toBe(left);
  });

  it("never eats into the requests' share", () => {
    expect(callFits({ request: 0, total: 6 }, 30, "scheduled")).toBe(false);
    expect(callFits({ request: 0, total: 6 }, 30, "request")).toBe(true);
  });
});
