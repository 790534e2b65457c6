/**
 * The KvStore contract, run unchanged against every driver: memory, file (temp dir),
 * redis (a real redis-server on a free loopback port) and vercel-kv (@vercel/kv through the
 * Upstash REST shim in front of a real redis-server).
 */
import { KvError, type KvErrorKind, type KvStore } from "@/lib/kv/types";

import { KV_TEST_TIMEOUT_MS } from "./failure-helpers";
import { DRIVER_CASES, type Harness } from "./harness";

jest.setTimeout(KV_TEST_TIMEOUT_MS);

const TTL_SECONDS = 1;
/** Past a 1 s TTL, with slack for redis' expiry clock. */
const PAST_TTL_MS = 1_150;
const CONCURRENT_CALLS = 25;

async function expectKvError(promise: Promise<unknown>, kind: KvErrorKind): Promise<KvError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(KvError);
  expect((error as KvError).kind).toBe(kind);
  return error as KvError;
}

describe.each(DRIVER_CASES)("KvStore contract: $name", ({ name, setup }) => {
  let h: Harness;
  let kv: KvStore;
  let n = 0;
  const key = (label: string) => `contract:${name}:${label}:${++n}`;

  beforeAll(async () => {
    h = await setup();
    kv = h.store;
  });
  afterAll(async () => {
    await h?.cleanup();
  });

  it("reports its driver name", () => {
    expect(kv.driver).toBe(name);
  });

  it("round-trips JSON values and returns undefined for absent keys", async () => {
    const values: unknown[] = [
      {
        symbol: "USDC",
        supply: 12.5,
        chains: ["ethereum", "base"],
        nested: { ok: true, none: null },
      },
      [1, "two", { three: 3 }],
      'a string with "quotes", unicode ✓ and emoji 🪙',
      42.125,
      false,
      null,
    ];
    const keys = values.map(() => key("roundtrip"));
    await Promise.all(values.map((v, i) => kv.set(keys[i]!, v, 60)));
    for (const [i, v] of values.entries()) expect(await kv.get(keys[i]!)).toEqual(v);
    expect(await kv.get(key("absent"))).toBeUndefined();
  });

  it("overwrites, deletes, and deleting an absent key is fine", async () => {
    const k = key("overwrite");
    await kv.set(k, { v: 1 }, 60);
    await kv.set(k, { v: 2 }, 60);
    expect(await kv.get(k)).toEqual({ v: 2 });
    await kv.delete(k);
    expect(await kv.get(k)).toBeUndefined();
    await expect(kv.delete(k)).resolves.toBeUndefined();
  });

  it("accepts any key: path-like, unicode, very long", async () => {
    const odd = ["../../etc/passwd", "a/b\\c:d?e*f", "ключ 🔑 clé", "x".repeat(2_000)];
    for (const [i, k] of odd.entries()) await kv.set(k, { i }, 60);
    for (const [i, k] of odd.entries()) expect(await kv.get(k)).toEqual({ i });
    for (const k of odd) await kv.delete(k);
  });

  it("expires values and set-if-absent locks after their TTL", async () => {
    const value = key("ttl-value");
    const lock = key("ttl-lock");
    const longer = key("ttl-longer");
    await kv.set(value, "short-lived", TTL_SECONDS);
    await kv.set(longer, "long-lived", 60);
    expect(await kv.setIfAbsent(lock, "holder-1", TTL_SECONDS)).toBe(true);
    expect(await kv.get(value)).toBe("short-lived");
    await h.advance(PAST_TTL_MS);
    expect(await kv.get(value)).toBeUndefined();
    expect(await kv.get(longer)).toBe("long-lived");
    expect(await kv.setIfAbsent(lock, "holder-2", TTL_SECONDS)).toBe(true);
    expect(await kv.get(lock)).toBe("holder-2");
  });

  it("setIfAbsent: only the first call wins until the key is deleted", async () => {
    const k = key("nx");
    expect(await kv.setIfAbsent(k, { owner: "a" }, 60)).toBe(true);
    expect(await kv.setIfAbsent(k, { owner: "b" }, 60)).toBe(false);
    expect(await kv.get(k)).toEqual({ owner: "a" });
    await kv.delete(k);
    expect(await kv.setIfAbsent(k, { owner: "c" }, 60)).toBe(true);
    expect(await kv.get(k)).toEqual({ owner: "c" });
  });

  it("concurrent setIfAbsent on one store: exactly one wins", async () => {
    const k = key("race");
    const results = await Promise.all(
      Array.from({ length: CONCURRENT_CALLS }, (_, i) => kv.setIfAbsent(k, { i }, 60)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true);
    expect(await kv.get(k)).toEqual({ i: winner });
  });

  it("concurrent setIfAbsent across two store instances: exactly one wins", async () => {
    const k = key("race-2");
    const other = h.another();
    const results = await Promise.all(
      Array.from({ length: CONCURRENT_CALLS }, (_, i) =>
        (i % 2 ? other : kv).setIfAbsent(k, i, 60),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("incr counts from 1, atomically across instances, in a fixed window", async () => {
    const k = key("counter");
    const other = h.another();
    const counts = await Promise.all(
      Array.from({ length: CONCURRENT_CALLS }, (_, i) => (i % 2 ? other : kv).incr(k, 60)),
    );
    expect([...counts].sort((a, b) => a - b)).toEqual(
      Array.from({ length: CONCURRENT_CALLS }, (_, i) => i + 1),
    );
    expect(await kv.incr(k, 60)).toBe(CONCURRENT_CALLS + 1);
  });

  it("incr: the window set by the first call is not extended by later ones", async () => {
    const k = key("counter-ttl");
    expect(await kv.incr(k, TTL_SECONDS)).toBe(1);
    await h.advance(PAST_TTL_MS / 2);
    expect(await kv.incr(k, 60)).toBe(2);
    await h.advance(PAST_TTL_MS / 2 + 100);
    expect(await kv.incr(k, 60)).toBe(1);
  });

  it("incr on a non-counter value → KvError corrupt", async () => {
    const k = key("counter-garbage");
    await kv.set(k, { not: "a number" }, 60);
    await expectKvError(kv.incr(k, 60), "corrupt");
  });

  it("a value written by one instance is read by another", async () => {
    const k = key("shared");
    await kv.set(k, { from: "first" }, 60);
    expect(await h.another().get(k)).toEqual({ from: "first" });
  });

  it("garbage under a key → KvError corrupt", async () => {
    const k = key("garbage");
    await h.plantGarbage(k);
    const error = await expectKvError(kv.get(k), "corrupt");
    expect(error.driver).toBe(name);
    await kv.set(k, "repaired", 60);
    expect(await kv.get(k)).toBe("repaired");
  });

  it("refuses invalid TTLs and unserialisable values with KvError rejected", async () => {
    const k = key("invalid");
    for (const ttl of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expectKvError(kv.set(k, 1, ttl), "rejected");
      await expectKvError(kv.setIfAbsent(k, 1, ttl), "rejected");
    }
    await expectKvError(kv.set(k, undefined, 60), "rejected");
    await expectKvError(kv.set(k, { big: BigInt(1) }, 60), "rejected");
    await expectKvError(kv.get(""), "rejected");
    expect(await kv.get(k)).toBeUndefined();
  });

  it("close is idempotent and later operations fail with KvError unavailable", async () => {
    const extra = h.another();
    if (extra === kv) return; // memory: "another" is the same store, closed in afterAll
    await extra.set(key("before-close"), 1, 60);
    await extra.close();
    await extra.close();
    await expectKvError(extra.get(key("after-close")), "unavailable");
  });
});
