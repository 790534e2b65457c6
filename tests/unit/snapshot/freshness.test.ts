/** The read layer's pure timing decisions, at explicit timestamps (no sleeping, no real clock). */
import { getConfig } from "@/lib/config";
import {
  adoptedCooldown,
  backoffMs,
  cooldownAfterFailure,
  coolingDown,
  entryState,
  FAILURE_COOLDOWN_MS,
  freshMs,
  LOCAL_REUSE_MS,
  MAX_FAILURE_COOLDOWN_MS,
  providerBackoff,
  waitDeadline,
} from "@/lib/snapshot/freshness";
import { rateWindow } from "@/lib/budget/window";
import { storeResting } from "@/lib/kv/breaker";
import { HOLDER_STORE_OPERATIONS, readPolicies, type ReadPolicy } from "@/lib/snapshot/policy";

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const S = 1_000;
const policy: ReadPolicy = {
  family: "test",
  freshSeconds: 60,
  graceSeconds: 600,
  empty: { kind: "negative", seconds: 30 },
  lockBudgetMs: 2_500,
  provider: "coingecko",
};
const at = (storedAt: number, extra: { empty?: boolean; checkedAt?: number } = {}) => ({
  storedAt,
  empty: extra.empty ?? false,
  checkedAt: extra.checkedAt,
});

describe("entryState", () => {
  it("no copy → expired (the only state that waits)", () => {
    expect(entryState(undefined, policy, T0)).toBe("expired");
  });

  it("fresh until the fresh TTL, stale until grace, expired from grace on", () => {
    expect(entryState(at(T0), policy, T0)).toBe("fresh");
    expect(entryState(at(T0), policy, T0 + 60 * S - 1)).toBe("fresh");
    expect(entryState(at(T0), policy, T0 + 60 * S)).toBe("stale");
    expect(entryState(at(T0), policy, T0 + 600 * S - 1)).toBe("stale");
    expect(entryState(at(T0), policy, T0 + 600 * S)).toBe("expired");
  });

  it("an empty answer is fresh only for the negative TTL", () => {
    expect(freshMs(policy, true)).toBe(30 * S);
    expect(entryState(at(T0, { empty: true }), policy, T0 + 30 * S - 1)).toBe("fresh");
    expect(entryState(at(T0, { empty: true }), policy, T0 + 30 * S)).toBe("stale");
  });

  it("an empty answer under a not-stored or failure rule keeps the fresh TTL (never kept anyway)", () => {
    expect(freshMs({ ...policy, empty: { kind: "not-stored" } }, true)).toBe(60 * S);
    expect(freshMs({ ...policy, empty: { kind: "failure" } }, true)).toBe(60 * S);
  });

  it("this process' copy is re-checked against the store after LOCAL_REUSE_MS", () => {
    const copy = at(T0, { checkedAt: T0 + 10 * S });
    expect(entryState(copy, policy, T0 + 10 * S + LOCAL_REUSE_MS - 1)).toBe("fresh");
    expect(entryState(copy, policy, T0 + 10 * S + LOCAL_REUSE_MS)).toBe("revalidate");
    // Staleness wins over revalidation: a stale copy is refreshed, not merely re-checked.
    expect(entryState(copy, policy, T0 + 61 * S)).toBe("stale");
  });

  it("a clock behind the entry's time (another instance's clock ahead) reads as age 0", () => {
    expect(entryState(at(T0 + 5 * S), policy, T0)).toBe("fresh");
  });

  it("grace equal to fresh (scheduled snapshots) has no stale window", () => {
    const snapshot = { ...policy, graceSeconds: 60 };
    expect(entryState(at(T0), snapshot, T0 + 60 * S - 1)).toBe("fresh");
    expect(entryState(at(T0), snapshot, T0 + 60 * S)).toBe("expired");
  });
});

describe("failure cooldown", () => {
  it("none without a failure", () => {
    expect(coolingDown(undefined, T0)).toBe(false);
  });

  it("one failure starts it: FAILURE_COOLDOWN_MS from the failure", () => {
    const f = cooldownAfterFailure(T0);
    expect(f).toEqual({ untilMs: T0 + FAILURE_COOLDOWN_MS, cooldownMs: FAILURE_COOLDOWN_MS });
    expect(coolingDown(f, T0)).toBe(true);
    expect(coolingDown(f, T0 + FAILURE_COOLDOWN_MS - 1)).toBe(true);
    expect(coolingDown(f, T0 + FAILURE_COOLDOWN_MS)).toBe(false);
  });

  it("a clock that went backwards does not extend a cooldown", () => {
    expect(coolingDown(cooldownAfterFailure(T0), T0 - 1)).toBe(false);
  });

  it("another instance's cooldown is kept as announced, never past the longest cooldown from now", () => {
    expect(adoptedCooldown(T0 + 2 * S, T0)).toEqual({ untilMs: T0 + 2 * S, cooldownMs: 2 * S });
    // A backed-off provider's longer cooldown is kept too.
    expect(adoptedCooldown(T0 + 60 * S, T0)).toEqual({ untilMs: T0 + 60 * S, cooldownMs: 60 * S });
    // Its clock far ahead of ours: still at most the longest cooldown here.
    const far = adoptedCooldown(T0 + 3 * MAX_FAILURE_COOLDOWN_MS, T0);
    expect(far).toEqual({
      untilMs: T0 + MAX_FAILURE_COOLDOWN_MS,
      cooldownMs: MAX_FAILURE_COOLDOWN_MS,
    });
    expect(coolingDown(far, T0 + MAX_FAILURE_COOLDOWN_MS - 1)).toBe(true);
  });

  it("a longer cooldown (a provider backing off) runs its whole length", () => {
    const f = cooldownAfterFailure(T0, 4 * FAILURE_COOLDOWN_MS);
    expect(coolingDown(f, T0 + 4 * FAILURE_COOLDOWN_MS - 1)).toBe(true);
    expect(coolingDown(f, T0 + 4 * FAILURE_COOLDOWN_MS)).toBe(false);
    expect(coolingDown(f, T0 - 1)).toBe(false); // clock backwards
  });
});

describe("provider backoff", () => {
  it("doubles from FAILURE_COOLDOWN_MS with each failure in a row, capped at 10 minutes", () => {
    expect(MAX_FAILURE_COOLDOWN_MS).toBe(600 * S);
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffMs)).toEqual(
      [1, 2, 4, 8, 16, 32, 64].map((k) => k * FAILURE_COOLDOWN_MS),
    );
    expect(backoffMs(8)).toBe(MAX_FAILURE_COOLDOWN_MS); // 640 s → capped
    expect(backoffMs(5_000)).toBe(MAX_FAILURE_COOLDOWN_MS);
  });

  it("a failure after the round's cooldown ended starts the next, longer round", () => {
    const first = providerBackoff(undefined, T0);
    expect(first).toEqual({
      consecutiveFailures: 1,
      cooldownMs: FAILURE_COOLDOWN_MS,
      nextTryMs: T0 + FAILURE_COOLDOWN_MS,
    });
    const retry = T0 + FAILURE_COOLDOWN_MS;
    const second = providerBackoff(first, retry);
    expect(second).toEqual({
      consecutiveFailures: 2,
      cooldownMs: 2 * FAILURE_COOLDOWN_MS,
      nextTryMs: retry + 2 * FAILURE_COOLDOWN_MS,
    });
    const third = providerBackoff(second, second.nextTryMs + 7 * S);
    expect(third.consecutiveFailures).toBe(3);
    expect(third.nextTryMs).toBe(second.nextTryMs + 7 * S + 4 * FAILURE_COOLDOWN_MS);
  });

  it("its other keys failing during the round's cooldown belong to the same round", () => {
    const first = providerBackoff(undefined, T0);
    expect(providerBackoff(first, T0 + 1)).toBe(first);
    expect(providerBackoff(first, T0 + FAILURE_COOLDOWN_MS - 1)).toBe(first);
    // A clock that went backwards past the round's start does not freeze the count.
    expect(providerBackoff(first, T0 - 10 * FAILURE_COOLDOWN_MS).consecutiveFailures).toBe(2);
  });
});

describe("a resting store", () => {
  it("copies are not re-checked against a store that just failed, until its time is up", () => {
    expect(storeResting(undefined, T0)).toBe(false);
    expect(storeResting(T0 + LOCAL_REUSE_MS, T0)).toBe(true);
    expect(storeResting(T0 + LOCAL_REUSE_MS, T0 + LOCAL_REUSE_MS)).toBe(false);
  });
});

describe("waits and windows", () => {
  it("a wait for another holder ends at the policy's lock budget", () => {
    expect(waitDeadline(policy, T0)).toBe(T0 + 2_500);
  });

  it("the lock budget covers the holder's provider call and its own store operations", () => {
    const config = getConfig();
    const expected = config.providers.timeoutMs + HOLDER_STORE_OPERATIONS * config.kvTimeoutMs;
    for (const p of Object.values(readPolicies(config))) expect(p.lockBudgetMs).toBe(expected);
  });

  it("rate windows are fixed minutes", () => {
    const minute = Math.floor(T0 / (60 * S));
    expect(rateWindow(T0)).toEqual({ index: minute, endsAtMs: (minute + 1) * 60 * S });
    expect(rateWindow(T0 + 59 * S).index).toBe(minute);
    expect(rateWindow(T0 + 60 * S).index).toBe(minute + 1);
  });
});
