/** The read layer's pure timing decisions, at explicit timestamps (no sleeping, no real clock). */
import { getConfig } from "@/lib/config";
import {
  adoptedCooldown,
  cooldownAfterFailure,
  coolingDown,
  entryState,
  FAILURE_COOLDOWN_MS,
  freshMs,
  LOCAL_REUSE_MS,
  rateWindow,
  storeResting,
  waitDeadline,
} from "@/lib/snapshot/freshness";
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
    expect(f).toEqual({ untilMs: T0 + FAILURE_COOLDOWN_MS });
    expect(coolingDown(f, T0)).toBe(true);
    expect(coolingDown(f, T0 + FAILURE_COOLDOWN_MS - 1)).toBe(true);
    expect(coolingDown(f, T0 + FAILURE_COOLDOWN_MS)).toBe(false);
  });

  it("a clock that went backwards does not extend a cooldown", () => {
    expect(coolingDown(cooldownAfterFailure(T0), T0 - 1)).toBe(false);
  });

  it("another instance's cooldown is kept as announced, never past one cooldown from now", () => {
    expect(adoptedCooldown(T0 + 2 * S, T0)).toEqual({ untilMs: T0 + 2 * S });
    // Its clock ahead of ours by a minute: still at most one cooldown here.
    expect(adoptedCooldown(T0 + 60 * S, T0)).toEqual({ untilMs: T0 + FAILURE_COOLDOWN_MS });
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
