/**
 * The refresher's plan (lib/refresh/plan.ts) and the scheduled share of a provider budget
 * (lib/budget/split.ts), at explicit timestamps and budgets.
 */
import { isWarm, planPass, urgencyOf, type PlanItem } from "@/lib/refresh/plan";
import { callFits, scheduledCallsLeft } from "@/lib/budget/split";

const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);
const MINUTE = 60_000;

function item(over: Partial<PlanItem> & { id: string }): PlanItem {
  return {
    task: "quotes",
    tier: 1,
    rank: 1,
    cost: { coingecko: 1 },
    freshUntil: null,
    ...over,
  };
}

/** An item warmed at `at` whose entries are fresh for a minute. */
const warmedAt = (at: number) => at + MINUTE;

describe("urgency at explicit timestamps", () => {
  it.each([
    // fresh until, now, lead, urgency
    [null, T0, 0, "missing"],
    [warmedAt(T0), T0 + MINUTE, 0, "stale"],
    [warmedAt(T0), T0 + 59_999, 0, "warm"],
    [warmedAt(T0), T0 + 45_000, 15_000, "due"],
    [warmedAt(T0), T0 + 44_999, 15_000, "warm"],
  ] as const)("fresh until %p, now %p, lead %p → %s", (freshUntil, now, lead, urgency) => {
    expect(urgencyOf(item({ id: "a", freshUntil }), now, lead)).toBe(urgency);
  });

  it("an item is warm until its first entry stops being fresh, whatever the lead", () => {
    expect(isWarm(item({ id: "a", freshUntil: warmedAt(T0) }), T0 + 59_000)).toBe(true);
    expect(isWarm(item({ id: "a", freshUntil: warmedAt(T0) }), T0 + MINUTE)).toBe(false);
    expect(isWarm(item({ id: "a", freshUntil: null }), T0)).toBe(false);
  });
});

describe("planPass", () => {
  const ids = (items: PlanItem[]) => items.map((i) => i.id);

  it("orders by tier, then market-cap rank, then urgency, then the soonest stale first", () => {
    const items = [
      item({ id: "r3-missing", rank: 3 }),
      item({ id: "r1-due", rank: 1, freshUntil: T0 + 10_000 }),
      item({ id: "r2-missing", rank: 2, task: "pools" }),
      item({ id: "r2-stale-older", rank: 2, freshUntil: T0 - 5 * MINUTE }),
      item({ id: "r2-stale-newer", rank: 2, freshUntil: T0 - 3 * MINUTE }),
      item({ id: "extra-r1", rank: 1, tier: 2 }),
      item({ id: "market", rank: 0, tier: 0, freshUntil: T0 - MINUTE }),
    ];
    const plan = planPass(items, { coingecko: 100 }, T0, 15_000);
    expect(ids(plan.run)).toEqual([
      "market",
      "r1-due",
      "r2-missing",
      "r2-stale-older",
      "r2-stale-newer",
      "r3-missing",
      "extra-r1",
    ]);
  });

  it("under a tight budget the top coins stay warm before the tail is filled", () => {
    const items = [
      item({ id: "top-due", rank: 1, freshUntil: T0 + 5_000 }),
      ...[2, 3, 4].map((rank) => item({ id: `tail-${rank}`, rank })),
    ];
    const plan = planPass(items, { coingecko: 2 }, T0, 10_000);
    expect(ids(plan.run)).toEqual(["top-due", "tail-2"]);
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

  it("a never-warmed item also pays its cold cost; once warm, only its own", () => {
    const pools = (freshUntil: number | null) =>
      item({ id: "p", cost: { dexscreener: 1 }, coldCost: { coingecko: 1 }, freshUntil });
    expect(ids(planPass([pools(null)], { dexscreener: 5, coingecko: 0 }, T0, 0).run)).toEqual([]);
    expect(ids(planPass([pools(null)], { dexscreener: 5, coingecko: 1 }, T0, 0).run)).toEqual([
      "p",
    ]);
    expect(ids(planPass([pools(T0)], { dexscreener: 5, coingecko: 0 }, T0, 0).run)).toEqual(["p"]);
  });

  it("a provider absent from the budget has no calls; nothing due spends nothing", () => {
    const plan = planPass(
      [item({ id: "a", cost: { dune: 1 } }), item({ id: "w", freshUntil: warmedAt(T0 - 1_000) })],
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
      item({ id: "due", freshUntil: warmedAt(T0 - 50_000) }),
      item({ id: "later", freshUntil: warmedAt(T0 - 10_000) }),
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

describe("an item larger than any pass' allowance", () => {
  const ids = (items: PlanItem[]) => items.map((i) => i.id);
  // A coin quoted on 8 chains × 4 sizes against a reserve of 24 quotes a window.
  const big = item({ id: "usdt", task: "exit-cost", rank: 1, cost: { kyberswap: 32 } });
  const small = item({ id: "dai", task: "exit-cost", rank: 2, cost: { kyberswap: 4 } });
  const ceilings = { kyberswap: 24 };

  it("runs, largest first, when a pass has the whole allowance (counted at the ceiling)", () => {
    const plan = planPass([small, big], { kyberswap: 24 }, T0, 0, ceilings);
    expect(ids(plan.run)).toEqual(["usdt"]);
    expect(ids(plan.overBudget)).toEqual(["dai"]);
  });

  it("without a ceiling it would wait forever behind a cheaper coin", () => {
    const plan = planPass([small, big], { kyberswap: 24 }, T0, 0);
    expect(ids(plan.run)).toEqual(["dai"]);
    expect(ids(plan.overBudget)).toEqual(["usdt"]);
  });

  it("waits for a whole allowance when part of it is spent, without blocking a cheaper coin", () => {
    const plan = planPass([small, big], { kyberswap: 10 }, T0, 0, ceilings);
    expect(ids(plan.run)).toEqual(["dai"]);
    expect(ids(plan.overBudget)).toEqual(["usdt"]);
  });
});
