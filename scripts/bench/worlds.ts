/**
 * Issue "A read layer that never blocks", item 6: warm intel (USDC, USDT), risk and supply
 * against the trivial Next route in real-world shapes, each on a fresh Redis-backed server:
 *
 *   (a) the fixture; (b) bridged addresses with no pools (DEX pairs `[]` everywhere);
 *   (c) a coin the market provider does not know (404 on its endpoints: HUSD in the fixture);
 *   (d) one provider answering 500 persistently (the market provider);
 *   (e) a KV store that answers in 150 ms (a delaying proxy in front of Redis, default budget);
 *   (f) fresh TTL lapsed with every provider at 1.5 s: 8 concurrent requests, then the next one.
 *
 * Goals: warm ≥ 0.9× the trivial route, p99 < 100 ms and no request over 2 s in every world; in
 * (f) the 8 answer from stale in < 500 ms with one upstream call per key, and the next request
 * after the refresh is warm.
 */
import { createClient } from "redis";
import type { FakeUpstream } from "../../tests/fake-upstream/server";
import type { RedisServer } from "../../tests/helpers/redis-server";
import { flushRedis } from "./coalescing";
import { sideBySideRounds, WARM_UP_SECONDS } from "./counterbalanced";
import { burst, timedGet, trivialFor } from "./load";
import { fmt, table, type Goal, type Section } from "./report";
import { memosLapse, slowAll, upstreamCounts } from "./scenarios";
import { startNextApp, type NextApp } from "./servers";
import { startSlowProxy } from "./slow-proxy";

const GOAL_RATIO = 0.9;
const GOAL_P99_MS = 100;
const GOAL_MAX_MS = 2_000;
const GOAL_STALE_MS = 500;
const SLOW_KV_MS = 150;
const SLOW_PROVIDER_MS = 1_500;
const STALE_BURST = 8;
/** Live entries are aged this far back in (f): past their 60 s fresh time, inside grace. */
const AGE_MS = 2 * 60 * 1000;
const WARM_UPS = 3;
const USDC = "/api/stablecoin-intel?q=usdc";
const TARGETS = [
  USDC,
  "/api/stablecoin-intel?q=usdt",
  "/api/stablecoin-risk?q=usdc",
  "/api/stablecoin-supply",
];
const UNKNOWN_COIN_TARGETS = [
  "/api/stablecoin-intel?q=husd",
  "/api/stablecoin-risk?q=husd",
  "/api/stablecoin-supply",
];

interface World {
  id: string;
  label: string;
  targets: string[];
  arrange(fake: FakeUpstream): void;
  slowKv?: boolean;
}

const WORLDS: World[] = [
  { id: "a", label: "fixture", targets: TARGETS, arrange: () => undefined },
  {
    id: "b",
    label: "bridged addresses with no pools (DEX pairs [])",
    targets: TARGETS,
    arrange: (f) => f.setScenario("dexscreener", "empty"),
  },
  {
    id: "c",
    label: "coin unknown to the market provider (404)",
    targets: UNKNOWN_COIN_TARGETS,
    arrange: () => undefined,
  },
  {
    id: "d",
    label: "market provider answering 500",
    targets: TARGETS,
    arrange: (f) => f.setScenario("coingecko", "500"),
  },
  {
    id: "e",
    label: `KV store answering in ${SLOW_KV_MS} ms`,
    targets: TARGETS,
    arrange: () => undefined,
    slowKv: true,
  },
];

export interface WorldOptions {
  durationSeconds: number;
  /** Rounds over the world's targets; the median round's ratio is judged. */
  rounds: number;
  connections: number;
}

async function runWorld(
  world: World,
  fake: FakeUpstream,
  redis: RedisServer,
  opts: WorldOptions,
): Promise<{ rows: (string | number)[][]; goals: Goal[] }> {
  await flushRedis(redis.url);
  fake.resetScenarios();
  world.arrange(fake);
  const proxy = world.slowKv ? await startSlowProxy(redis.url, SLOW_KV_MS) : undefined;
  let app: NextApp | undefined;
  try {
    app = await startNextApp({
      fake,
      redisUrl: proxy?.url ?? redis.url,
      env: { BENCH_TRIVIAL_ROUTE: "1" },
    });
    const pairs = [];
    for (const path of world.targets) {
      let body = "";
      for (let i = 0; i < WARM_UPS; i++) body = (await timedGet(app.url + path)).body;
      pairs.push({ routeUrl: app.url + path, trivialUrl: app.url + trivialFor(body).path });
    }
    const measured = await sideBySideRounds(pairs, opts);
    const rows: (string | number)[][] = [];
    const goals: Goal[] = [];
    world.targets.forEach((path, i) => {
      const { route, trivial, ratio, ratios } = measured[i]!;
      rows.push([
        `(${world.id}) ${world.label}`,
        `\`${path}\``,
        fmt.rps(route.rps),
        fmt.ratio(ratio),
        ratios.map(fmt.ratio).join(", "),
        fmt.ms(route.p99Ms),
        fmt.ms(trivial.p99Ms),
        fmt.ms(route.maxMs),
        fmt.int(route.total),
        route.bad,
      ]);
      goals.push({
        item: "7",
        what: `(${world.id}) warm \`${path}\`: median ratio, p99, max`,
        goal: `≥ ${GOAL_RATIO}×, < ${GOAL_P99_MS} ms, ≤ ${fmt.ms(GOAL_MAX_MS)}`,
        observed: `${fmt.ratio(ratio)}, ${fmt.ms(route.p99Ms)}, ${fmt.ms(route.maxMs)}`,
        pass: ratio >= GOAL_RATIO && route.p99Ms < GOAL_P99_MS && route.maxMs <= GOAL_MAX_MS,
      });
    });
    return { rows, goals };
  } finally {
    await app?.stop();
    await proxy?.close();
    fake.resetScenarios();
  }
}

/** Rewrites every live entry's `storedAt` in Redis as if `AGE_MS` had passed (TTL kept). */
async function ageLiveEntries(url: string): Promise<number> {
  const client = createClient({ url });
  await client.connect();
  try {
    const keys = await client.keys("live:v1:*");
    for (const key of keys) {
      const raw = await client.get(key);
      if (!raw) continue;
      const entry = JSON.parse(raw) as { storedAt: number };
      entry.storedAt -= AGE_MS;
      await client.set(key, JSON.stringify(entry), { KEEPTTL: true });
    }
    return keys.length;
  } finally {
    client.destroy();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** World (f): the live TTL lapsed while every provider takes 1.5 s. */
async function staleWorld(fake: FakeUpstream, redis: RedisServer) {
  await flushRedis(redis.url);
  fake.resetScenarios();
  const app = await startNextApp({ fake, redisUrl: redis.url });
  try {
    for (let i = 0; i < WARM_UPS; i++) await timedGet(app.url + USDC);
    slowAll(fake, SLOW_PROVIDER_MS);
    const aged = await ageLiveEntries(redis.url);
    await memosLapse(); // no kept answer is replayed; the server looks at the store again
    fake.clearRequests();
    const answers = await burst(Array.from({ length: STALE_BURST }, () => app.url + USDC));
    const worstMs = Math.max(...answers.map((a) => a.ms));
    const staleAnswers = answers.filter((a) => /showing data from/.test(a.body)).length;
    await sleep(SLOW_PROVIDER_MS + 1_000); // the refreshes land
    const counts = [...upstreamCounts(fake).values()];
    const next = await timedGet(app.url + USDC);
    const nextWarnings = (JSON.parse(next.body) as { warnings: string[] }).warnings;
    return {
      aged,
      worstMs,
      staleAnswers,
      statuses: answers.map((a) => a.status),
      keys: counts.length,
      maxCallsPerKey: Math.max(0, ...counts),
      nextMs: next.ms,
      nextWarnings,
    };
  } finally {
    await app.stop();
    fake.resetScenarios();
  }
}

export async function worlds(
  fake: FakeUpstream,
  redis: RedisServer,
  opts: WorldOptions,
): Promise<Section> {
  const rows: (string | number)[][] = [];
  const goals: Goal[] = [];
  for (const w of WORLDS) {
    const r = await runWorld(w, fake, redis, opts);
    rows.push(...r.rows);
    goals.push(...r.goals);
  }
  const f = await staleWorld(fake, redis);
  goals.push(
    {
      item: "7",
      what: `(f) ${STALE_BURST} concurrent requests after the live TTL lapsed, providers at ${fmt.ms(SLOW_PROVIDER_MS)}`,
      goal: `all < ${GOAL_STALE_MS} ms, ≤ 1 upstream call per key`,
      observed: `slowest ${fmt.ms(f.worstMs)}, ${f.keys} keys refreshed, max ${f.maxCallsPerKey} call(s) per key`,
      pass: f.worstMs < GOAL_STALE_MS && f.maxCallsPerKey <= 1 && f.keys > 0,
    },
    {
      item: "7",
      what: "(f) the next request after the refresh",
      goal: `warm (< ${GOAL_P99_MS} ms, no warning)`,
      observed: `${fmt.ms(f.nextMs)}, ${f.nextWarnings.length} warning(s)`,
      pass: f.nextMs < GOAL_P99_MS && f.nextWarnings.length === 0,
    },
  );
  const body = [
    `autocannon, ${opts.connections} connections, each world on a fresh Redis-backed server ` +
      "(default KV and provider budgets). Before anything is measured every target and its " +
      `trivial route take ${WARM_UP_SECONDS} s of load each (a fresh server's first seconds run ` +
      `well below its steady rate). Then ${opts.rounds} round(s) over the world's targets ` +
      "(forward, then backward): each target beside the trivial Next route with a body of the " +
      "same size, in the order route, trivial, trivial, route " +
      `(${opts.durationSeconds} s per target and round, half per slot). ÷ trivial = the median ` +
      "of the rounds' ratios (judged); rounds = each round's ratio; throughput = mean over " +
      "rounds; p99 and max = the worst slot.",
    "",
    table(
      [
        "World",
        "Route",
        "Throughput",
        "÷ trivial",
        "rounds",
        "p99",
        "trivial p99",
        "max",
        "Requests",
        "Non-2xx/errors",
      ],
      rows,
    ),
    "",
    `(f) ${f.aged} live entries aged by ${AGE_MS / 1000} s in Redis, every provider slowed to ` +
      `${fmt.ms(SLOW_PROVIDER_MS)}, then ${STALE_BURST} concurrent \`${USDC}\`: statuses ` +
      `${JSON.stringify(f.statuses)}, slowest ${fmt.ms(f.worstMs)}, ${f.staleAnswers} answered ` +
      `with a stale-copy warning; ${f.keys} upstream keys refreshed, at most ${f.maxCallsPerKey} ` +
      `call per key; the next request ${fmt.ms(f.nextMs)} with ${f.nextWarnings.length} warnings.`,
  ].join("\n");
  return { title: "7. Read layer in real-world shapes", body, goals };
}
