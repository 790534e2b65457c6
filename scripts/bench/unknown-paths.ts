/**
 * Unknown selectors leave nothing behind: after a warm-up of distinct random and case-variant
 * `/stablecoins/<x>` paths, as many more grow the server's RSS (after a full GC) by less than the
 * bound, and neither the build directory nor the store (file store bytes, Redis keys) at all. On
 * the whole recorded market, once per store. Memory is read as found and after a forced full GC,
 * with the V8 heap: RSS as found moves with whatever garbage V8 has not yet collected and with
 * what the allocator keeps, the heap after GC is what is retained.
 */
import type { FakeUpstream } from "../../tests/fake-upstream/server";
import type { RedisServer } from "../../tests/helpers/redis-server";
import { signed } from "./caching-memory";
import { flushRedis } from "./coalescing";
import {
  spellingFlood,
  UNKNOWN_PATHS_HALF,
  UNKNOWN_PATHS_RSS_BOUND_BYTES,
  type SpellingFloodOutcome,
} from "./page-spellings";
import { fmt, table, type Goal, type Section } from "./report";
import { MEMORY_NODE_ARGS } from "./scenarios";
import { startNextApp } from "./servers";

type Store = "file" | "Redis";

/** The store's size at both ends: bytes of the file store, keys of Redis. */
const storeSizes = (m: SpellingFloodOutcome): [number, number] =>
  m.storeKeysBefore !== null && m.storeKeysAfter !== null
    ? [m.storeKeysBefore, m.storeKeysAfter]
    : [m.storeBefore ?? Number.NaN, m.storeAfter ?? Number.NaN];

const storeUnit = (store: Store) => (store === "Redis" ? "keys" : "bytes");

function goalsOf(store: Store, m: SpellingFloodOutcome): Goal[] {
  const rssGrowth = m.after.rss - m.before.rss;
  const [storeBefore, storeAfter] = storeSizes(m);
  const what = `${store} store, ${fmt.int(m.requests)} more unknown asset paths`;
  return [
    {
      item: "32",
      what: `${what}: RSS after GC`,
      goal: `< ${signed(UNKNOWN_PATHS_RSS_BOUND_BYTES)}`,
      observed:
        `${fmt.mb(m.before.rss)} → ${fmt.mb(m.after.rss)} (${signed(rssGrowth)}); ` +
        `heap ${signed(m.after.heapUsed - m.before.heapUsed)}`,
      pass: rssGrowth < UNKNOWN_PATHS_RSS_BOUND_BYTES,
    },
    {
      item: "32",
      what: `${what}: \`.next\` and the store`,
      goal: "no growth",
      observed:
        `.next ${fmt.int(m.diskAfter - m.diskBefore)} bytes, ` +
        `store ${fmt.int(storeAfter - storeBefore)} ${storeUnit(store)}`,
      pass: m.diskAfter <= m.diskBefore && storeAfter <= storeBefore,
    },
  ];
}

export async function unknownPaths(fake: FakeUpstream, redis: RedisServer): Promise<Section> {
  const outcomes: [Store, SpellingFloodOutcome][] = [];
  for (const store of ["file", "Redis"] as const) {
    const redisUrl = store === "Redis" ? redis.url : undefined;
    if (redisUrl) await flushRedis(redisUrl);
    const app = await startNextApp({ fake, redisUrl, nodeArgs: MEMORY_NODE_ARGS });
    try {
      const m = await spellingFlood(app, {
        warmup: UNKNOWN_PATHS_HALF,
        requests: UNKNOWN_PATHS_HALF,
        redisUrl,
      });
      outcomes.push([store, m]);
    } finally {
      await app.stop();
    }
  }
  const body = [
    `\`GET /stablecoins/<x>\` (redirects not followed), 16 in flight, on the whole recorded market ` +
      `with the refresher off, each store in a fresh server started with \`--inspect=127.0.0.1:0\`: ` +
      `${fmt.int(UNKNOWN_PATHS_HALF)} distinct paths (even: a case variant of a coin's selector, ` +
      `308; odd: a random well-formed selector, 404), then ${fmt.int(UNKNOWN_PATHS_HALF)} more ` +
      "distinct ones. Readings after each half: VmRSS as found, then a full GC (DevTools protocol " +
      "`HeapProfiler.collectGarbage`), VmRSS and the V8 heap in use; bytes under `.next`; the " +
      "file store's bytes or the Redis key count.",
    "",
    table(
      [
        "Store",
        "Statuses",
        "VmRSS as found",
        "VmRSS after GC",
        "V8 heap after GC",
        "`.next` growth",
        "Store growth",
      ],
      outcomes.map(([store, m]) => {
        const [before, after] = storeSizes(m);
        return [
          store,
          Object.entries(m.statuses)
            .map(([s, n]) => `${fmt.int(n)}× ${s}`)
            .join(", "),
          `${fmt.mb(m.before.rssRaw)} → ${fmt.mb(m.after.rssRaw)}`,
          `${fmt.mb(m.before.rss)} → ${fmt.mb(m.after.rss)}`,
          `${fmt.mb(m.before.heapUsed)} → ${fmt.mb(m.after.heapUsed)}`,
          `${fmt.int(m.diskAfter - m.diskBefore)} bytes`,
          `${fmt.int(after - before)} ${storeUnit(store)}`,
        ];
      }),
    ),
    "",
    "RSS as found depends on when V8 last collected: left alone, it climbs over the first few " +
      "thousand requests of any kind (V8 lets the old generation grow before a full collection; " +
      "almost all of a request's allocations are Next's own routing and proxy work) and then " +
      "levels off. The goal is judged after a full GC, where the heap shows what the paths " +
      "retained.",
  ].join("\n");
  return {
    title: "6b. Memory: unknown asset paths (issue 32)",
    body,
    goals: outcomes.flatMap(([store, m]) => goalsOf(store, m)),
  };
}
