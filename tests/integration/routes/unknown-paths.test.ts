/**
 * Unknown selectors leave nothing behind: once the canonical table of the aggregate list is built,
 * `/stablecoins/<x>` for any number of distinct unknown spellings (random, case variants of real
 * selectors) is answered by proxy.ts alone: a 404 or a 308, no store write, no new store entry, no
 * provider call and no new table per spelling. Counts, not times; `.next` growth and RSS are
 * measured against a built server (tests/system/memory.test.ts).
 */
import { readdirSync } from "node:fs";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { createKv, setKvForTests } from "@/lib/kv";
import type { KvStore } from "@/lib/kv/types";
import { getConfig } from "@/lib/config";
import { readCanonicalSelectors } from "@/lib/assets/selector";
import { caseVariant, randomSegment } from "@/scripts/bench/page-spellings";
import { KV_KINDS, startHarness, type Harness, type KvKind } from "../helpers/harness";

/** Distinct spellings per test: enough that anything kept per spelling would show in the counts. */
const SPELLINGS = 200;
const KNOWN_SELECTORS = ["usdc", "usdt", "dai", "usde", "pyusd", "usds"];

/** Passes every operation through, counting the writes by key. */
class WriteCountingKv implements KvStore {
  readonly writes: string[] = [];
  constructor(readonly inner: KvStore) {}
  get driver() {
    return this.inner.driver;
  }
  get<T = unknown>(key: string) {
    return this.inner.get<T>(key);
  }
  set(key: string, value: unknown, ttlSeconds: number) {
    this.writes.push(key);
    return this.inner.set(key, value, ttlSeconds);
  }
  delete(key: string) {
    this.writes.push(key);
    return this.inner.delete(key);
  }
  setIfAbsent(key: string, value: unknown, ttlSeconds: number) {
    this.writes.push(key);
    return this.inner.setIfAbsent(key, value, ttlSeconds);
  }
  incr(key: string, ttlSeconds: number) {
    this.writes.push(key);
    return this.inner.incr(key, ttlSeconds);
  }
  close() {
    return this.inner.close();
  }
}

/** Even: a case variant of a real selector (308); odd: a random well-formed selector (404). */
const spelling = (i: number) =>
  i % 2 === 0
    ? caseVariant(KNOWN_SELECTORS[(i / 2) % KNOWN_SELECTORS.length]!, Math.floor(i / 2))
    : randomSegment(i);

const ask = (segment: string) =>
  proxy(new NextRequest(`http://localhost/stablecoins/${encodeURIComponent(segment)}`));

async function storeKeys(h: Harness): Promise<string[]> {
  const kv = getConfig().kv;
  if (kv.driver === "file") return readdirSync(kv.dir).sort();
  const { createClient } = await import("redis");
  const c = createClient({ url: h.redis!.url });
  await c.connect();
  try {
    return (await c.keys("*")).sort();
  } finally {
    await c.quit();
  }
}

describe.each(KV_KINDS)("%s store", (kind: KvKind) => {
  let h: Harness;
  let kv: WriteCountingKv;
  beforeAll(async () => {
    h = await startHarness(kind, {}, { market: "full" });
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(async () => {
    await h.reset();
    kv = new WriteCountingKv(createKv(getConfig().kv, { timeoutMs: getConfig().kvTimeoutMs }));
    setKvForTests(kv);
  });

  it(`${SPELLINGS} unknown spellings: 404 or 308 from the proxy, nothing written or kept`, async () => {
    // Warm-up: the aggregate list is read (and stored) once, its table built once.
    expect((await ask(randomSegment(SPELLINGS))).status).toBe(404);
    const table = await readCanonicalSelectors();
    const keysBefore = await storeKeys(h);
    kv.writes.length = 0;
    h.fake.clearRequests();

    const statuses = new Map<number, number>();
    for (let i = 0; i < SPELLINGS; i++) {
      const res = await ask(spelling(i));
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }

    expect(Object.fromEntries(statuses)).toEqual({ 308: SPELLINGS / 2, 404: SPELLINGS / 2 });
    expect(kv.writes).toEqual([]);
    expect(await storeKeys(h)).toEqual(keysBefore);
    expect(h.fake.requests()).toEqual([]);
    // The same table, the same size: no spelling was added to it.
    const after = await readCanonicalSelectors();
    expect(after).toBe(table);
    expect(after.size).toBe(table.size);
  });
});
