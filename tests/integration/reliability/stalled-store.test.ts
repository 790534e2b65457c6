/**
 * KV hiccups in the read layer:
 * - a stalled or unreachable cache costs one KV budget per read, not four: once the read of the
 *   entry times out (or the store is unreachable), the lock and the write are skipped instead of
 *   waiting out their budgets too (the refresh marker, the call budget and the write are skipped); garbage under a key is different (the store works), so the
 *   good answer is written over it;
 * - a transient read error must not hide a good copy when the upstream fails too (found by the
 *   10-minute soak: one `503 upstream_unavailable` from supply while the aggregate was cached).
 */
import { z } from "zod";
import * as supply from "@/app/api/stablecoin-supply/route";
import { getConfig } from "@/lib/config";
import { createKv, setKvForTests } from "@/lib/kv";
import { KvError, type KvStore } from "@/lib/kv/types";
import type { ReadPolicy } from "@/lib/snapshot/policy";
import { readThrough } from "@/lib/snapshot/read-through";
import { forgetProcessState, startHarness } from "../helpers/harness";
import { RecordingKv, parseJson, timed } from "./helpers";

const BUDGET_MS = 150;
const schema = z.object({ n: z.number() });
/** A plain key family: fresh 60 s, no stale window, no call budget. */
const POLICY: ReadPolicy = {
  family: "t",
  freshSeconds: 60,
  graceSeconds: 60,
  empty: { kind: "failure" },
  lockBudgetMs: 2_500,
  provider: "defillama",
};
let seq = 0;
const key = () => `stalled-store-test:${++seq}`;

function store(getError: KvError | null) {
  const calls = { get: 0, set: 0, setIfAbsent: 0, delete: 0, incr: 0 };
  const slow = <T>(name: keyof typeof calls, value: T) => {
    calls[name] += 1;
    return new Promise<T>((resolve, reject) =>
      setTimeout(() => (getError ? reject(getError) : resolve(value)), BUDGET_MS),
    );
  };
  const kv: KvStore = {
    driver: "memory",
    get: () => slow("get", undefined),
    set: () => slow("set", undefined),
    setIfAbsent: () => slow("setIfAbsent", true),
    delete: () => slow("delete", undefined),
    incr: () => slow("incr", 1),
    close: async () => undefined,
  };
  return { kv, calls };
}

describe("read layer over a stalled store", () => {
  it.each([
    ["timeout", new KvError("timeout", "memory", "memory get exceeded its budget")],
    ["unavailable", new KvError("unavailable", "memory", "down")],
  ] as const)("%s on read: no lock, no write, one budget", async (_kind, error) => {
    const { kv, calls } = store(error);
    const r = await readThrough(POLICY, {
      kv,
      key: key(),
      schema,
      fetch: async () => ({ n: 1 }),
    });
    expect(r).toMatchObject({ source: "upstream", value: { n: 1 } });
    // One store operation, so one budget: the count is the check (no timed assertion).
    expect(calls).toEqual({ get: 1, set: 0, setIfAbsent: 0, delete: 0, incr: 0 });
  });

  it("a healthy (slow but answering) store still gets the lock and the write", async () => {
    const { kv, calls } = store(null);
    await readThrough(POLICY, {
      kv,
      key: key(),
      schema,
      fetch: async () => ({ n: 2 }),
    });
    // The miss, the refresh marker taken, one more look (an entry another instance wrote just
    // before), the write, the marker released (no call budget here).
    expect(calls).toEqual({ get: 2, set: 1, setIfAbsent: 1, delete: 1, incr: 0 });
  });

  it("garbage under the key (corrupt) is overwritten by the good answer", async () => {
    const calls = { set: 0 };
    const kv: KvStore = {
      driver: "memory",
      get: async () => {
        throw new KvError("corrupt", "memory", "stored value is not valid JSON");
      },
      set: async () => {
        calls.set += 1;
      },
      setIfAbsent: async () => true,
      delete: async () => undefined,
      incr: async () => 1,
      close: async () => undefined,
    };
    await readThrough(POLICY, {
      kv,
      key: key(),
      schema,
      fetch: async () => ({ n: 3 }),
    });
    expect(calls.set).toBe(1);
  });

  it("a read timeout plus an upstream failure still serves the cached copy (no 503)", async () => {
    const h = await startHarness("file");
    try {
      await h.reset();
      const inner = createKv(getConfig().kv, { timeoutMs: getConfig().kvTimeoutMs });
      let failNextGet = false;
      const kv = new (class extends RecordingKv {
        override get<T = unknown>(k: string): Promise<T | undefined> {
          if (failNextGet && k === "aggregate:v1:defillama:stablecoins") {
            failNextGet = false;
            return Promise.reject(new KvError("timeout", "file", "file get exceeded its budget"));
          }
          return super.get<T>(k);
        }
      })(inner);
      setKvForTests(kv);
      expect((await timed(supply.GET, "/api/stablecoin-supply")).status).toBe(200);
      h.fake.setScenario("defillama", "500");
      forgetProcessState(); // as if another instance answered: this request reads the store
      failNextGet = true;
      const r = await timed(supply.GET, "/api/stablecoin-supply");
      expect(r.status).toBe(200);
      expect(parseJson(r.text)?.warnings).toEqual([]);
      expect(h.fake.requests().filter((q) => q.provider === "defillama")).toHaveLength(2);
    } finally {
      await h.close();
    }
  });
});
