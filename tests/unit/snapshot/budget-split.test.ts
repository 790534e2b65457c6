/** How a provider budget is shared out, at explicit budgets (lib/budget/split.ts). */
import {
  callFits,
  localBudget,
  localCallFits,
  refreshReserve,
  requestAllowance,
} from "@/lib/budget/split";

describe("refresh reserve and request share", () => {
  it.each([
    // budget, reserve, request share
    [10, 2, 8],
    [30, 6, 24],
    [300, 60, 240],
    [3, 0, 3],
    [1, 0, 1],
  ])(
    "a budget of %i keeps %i for refreshes and lets requests spend %i",
    (limit, reserve, share) => {
      expect(refreshReserve(limit)).toBe(reserve);
      expect(requestAllowance(limit)).toBe(share);
    },
  );

  it("requests stop at the request share; refreshes may use the whole budget", () => {
    expect(callFits({ request: 7, total: 7 }, 10, "request")).toBe(true);
    expect(callFits({ request: 8, total: 8 }, 10, "request")).toBe(false);
    expect(callFits({ request: 8, total: 8 }, 10, "refresh")).toBe(true);
    expect(callFits({ request: 8, total: 9 }, 10, "refresh")).toBe(true);
    expect(callFits({ request: 8, total: 10 }, 10, "refresh")).toBe(false);
    // Refreshes that spent the budget leave nothing to requests either.
    expect(callFits({ request: 0, total: 10 }, 10, "request")).toBe(false);
  });
});

describe("local share (the shared counter cannot be read)", () => {
  it.each([
    // budget, local share, of which requests
    [10, 2, 2],
    [30, 7, 6],
    [300, 75, 60],
    [3, 0, 0],
  ])(
    "a budget of %i: a process may make %i calls alone, %i of them for requests",
    (limit, local, requests) => {
      expect(localBudget(limit)).toBe(local);
      expect(requestAllowance(localBudget(limit))).toBe(requests);
    },
  );

  it("counts every call the process made in the window, through the store or not", () => {
    expect(localCallFits({ request: 5, total: 5 }, 30, "request")).toBe(true);
    expect(localCallFits({ request: 6, total: 6 }, 30, "request")).toBe(false);
    expect(localCallFits({ request: 6, total: 6 }, 30, "refresh")).toBe(true);
    expect(localCallFits({ request: 0, total: 7 }, 30, "refresh")).toBe(false);
  });

  it("four instances counting alone stay within the budget", () => {
    for (const limit of [1, 4, 10, 30, 300, 1_000_000]) {
      expect(4 * localBudget(limit)).toBeLessThanOrEqual(limit);
    }
  });
});
