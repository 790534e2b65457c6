/**
 * Fault worlds (./fault-worlds), each with Redis and with the file store: a fresh server on an
 * empty store, only the routes' bundles loaded (OPTIONS, which reads nothing), the trivial route
 * warmed, the fault switched on, then one first request per route and `--duration` of load per
 * route beside the trivial route (A B B A, ./counterbalanced's order), `connections` clients.
 * Nothing is left out: the first request and the first second count like the rest.
 *
 * Judged per world and store: every route ≥ 0.9× its trivial route (same body size), p99 <
 * 100 ms, no request over 2 s, no 5xx (the aggregate route's documented 503
 * `upstream_unavailable` with nothing cached counts apart), no socket errors, and each failing
 * key's calls at the fake spaced by the backoff schedule (`backoffMs`: at most one per cooldown,
 * less often as its failures repeat), the state `/api/health` shows beside it. The budget world
 * also holds the market calls per minute window to its budget.
 */
import { rateWindow } from "../../lib/budget/window";
import { backoffMs, FAILURE_COOLDOWN_MS } from "../../lib/snapshot/freshness";
import { fullMarketKnownIds, type FakeUpstream } from "../../tests/fake-upstream/server";
import type { RedisServer } from "../../tests/helpers/redis-server";
import { busiestKeyInWindow, callsPerFixedWindow, checkBackoff } from "./call-windows";
import { flushRedis } from "./coalescing";
import {
  callsText,
  GOAL_MAX_MS,
  GOAL_P99_MS,
  GOAL_RATIO,
  passes,
  STORES,
  tally,
  type RouteRun,
  type Store,
  type WorldRun,
} from "./fault-judge";
import { DOCUMENTED_503_ROUTE, selectWorlds, WORLD_ROUTES, type FaultWorld } from "./fault-worlds";
import { warmUp, WARM_UP_SECONDS } from "./counterbalanced";
import { cannon, get, timedGet, trivialFor, type CannonResult, type Timed } from "./load";
import { fmt, table, verdict, type Goal, type Section } from "./report";
import { startNextApp, type NextApp } from "./servers";

const HTTP_NO_CONTENT = 204;
/** Reads are reported per this many route requests. */
const READS_PER = 1_000;

export interface FaultOptions {
  durationSeconds: number;
  connections: number;
  /** World ids (prefixes) to run; all when undefined. */
  worlds?: string[];
}

function mergeLoads(xs: readonly CannonResult[]): CannonResult {
  const statuses: Record<number, number> = {};
  for (const x of xs)
    for (const [code, n] of Object.entries(x.statuses))
      statuses[Number(code)] = (statuses[Number(code)] ?? 0) + n;
  const sum = (f: (x: CannonResult) => number) => xs.reduce((a, x) => a + f(x), 0);
  return {
    rps: sum((x) => x.rps) / xs.length,
    p50Ms: Math.max(...xs.map((x) => x.p50Ms)),
    p99Ms: Math.max(...xs.map((x) => x.p99Ms)),
    maxMs: Math.max(...xs.map((x) => x.maxMs)),
    total: sum((x) => x.total),
    non2xx: sum((x) => x.non2xx),
    errors: sum((x) => x.errors),
    statuses,
    slow: sum((x) => x.slow),
  };
}

/** The trivial route's body while it warms the server (any size: its code path is the same). */
const WARM_UP_BODY = "{}";

/** Route and trivial route, A B B A, half the duration per slot (every slot judged). */
async function sideBySide(app: NextApp, path: string, first: Timed, opts: FaultOptions) {
  const half = Math.max(1, Math.round(opts.durationSeconds / 2));
  const run = (url: string) => cannon(url, half, opts.connections, { slowMs: GOAL_MAX_MS });
  const trivialUrl = app.url + trivialFor(first.body).path;
  const r1 = await run(app.url + path);
  const t1 = await run(trivialUrl);
  const t2 = await run(trivialUrl);
  const r2 = await run(app.url + path);
  const route = mergeLoads([r1, r2]);
  const trivial = mergeLoads([t1, t2]);
  return { path, first, route, trivial, ratio: route.rps / trivial.rps };
}

async function loadBundle(app: NextApp, path: string): Promise<void> {
  const res = await fetch(app.url + path, { method: "OPTIONS" });
  await res.arrayBuffer();
  if (res.status !== HTTP_NO_CONTENT) throw new Error(`OPTIONS ${path}: HTTP ${res.status}`);
}

/** One client asking for every coin's intel in turn until `stop()`. */
function cycleOverMarket(app: NextApp) {
  const ids = fullMarketKnownIds();
  const answers: Timed[] = [];
  let stopped = false;
  const done = (async () => {
    for (let i = 0; !stopped; i++)
      answers.push(await timedGet(`${app.url}/api/stablecoin-intel?q=${ids[i % ids.length]}`));
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return answers;
    },
  };
}

/** Read-layer events that are a read (telemetry `cache`); `wait`: a request waited on a holder. */
const READ_EVENTS = ["hit", "memo", "miss", "stale", "coalesced", "cooling", "over-budget"];

/** What `/api/health` says at the end: each failing provider's backoff, the read-layer counts. */
async function healthAtEnd(app: NextApp, world: FaultWorld) {
  const res = await get(`${app.url}/api/health`);
  const body = (await res.json()) as {
    sources?: {
      provider: string;
      backoff: { consecutiveFailures: number; cooldownMs: number } | null;
    }[];
    telemetry?: { cache?: Record<string, number> };
  };
  const cache = Object.entries(body.telemetry?.cache ?? {});
  const count = (events: string[]) =>
    cache
      .filter(([k]) => events.includes(k.slice(k.lastIndexOf(" ") + 1)))
      .reduce((a, [, n]) => a + n, 0);
  return {
    backoff: world.failing.map((p) => {
      const b = body.sources?.find((s) => s.provider === p && s.backoff)?.backoff;
      return b ? `${p} ${b.consecutiveFailures}× ${fmt.ms(b.cooldownMs)}` : `${p} none`;
    }),
    reads: count(READ_EVENTS),
    waits: count(["wait"]),
  };
}

async function worldRun(
  fakes: { fixture: FakeUpstream; full: FakeUpstream },
  redis: RedisServer,
  world: FaultWorld,
  store: Store,
  opts: FaultOptions,
): Promise<WorldRun> {
  const fake = fakes[world.market];
  fake.resetScenarios();
  if (store === "Redis") await flushRedis(redis.url);
  const app = await startNextApp({
    fake,
    redisUrl: store === "Redis" ? redis.url : undefined,
    env: { BENCH_TRIVIAL_ROUTE: "1", ...world.env },
  });
  try {
    for (const path of WORLD_ROUTES) await loadBundle(app, path);
    // The framework's own warm-up (JIT of Next's request path) is no fault's cost: the trivial
    // route, which reads nothing, takes it before the fault; the routes start cold as before.
    await warmUp([app.url + trivialFor(WARM_UP_BODY).path], WARM_UP_SECONDS, opts.connections);
    world.arrange(fake);
    fake.clearRequests();
    const cycler = world.cycling ? cycleOverMarket(app) : undefined;
    const firsts: Timed[] = [];
    for (const path of WORLD_ROUTES) firsts.push(await timedGet(app.url + path));
    const routes: RouteRun[] = [];
    for (const [i, path] of WORLD_ROUTES.entries())
      routes.push(await sideBySide(app, path, firsts[i]!, opts));
    const cycled = (await cycler?.stop()) ?? [];
    const health = await healthAtEnd(app, world);
    const log = fake.requests();
    const calls = log
      .filter((r) => (world.failing as string[]).includes(r.provider))
      .map((r) => ({ key: `${r.provider} ${r.upstreamPath}`, atMs: r.at }));
    const busiest = busiestKeyInWindow(calls, FAILURE_COOLDOWN_MS);
    const marketTimes = log.filter((r) => r.provider === "coingecko").map((r) => r.at);
    return {
      world,
      store,
      routes,
      cycled,
      calls: calls.length,
      keys: busiest.keys,
      perCooldown: busiest.calls,
      backoff: checkBackoff(calls, backoffMs),
      health,
      marketPerMinute: callsPerFixedWindow(marketTimes, (t) => rateWindow(t).index).map(
        (w) => w.calls,
      ),
    };
  } finally {
    fake.resetScenarios();
    await app.stop();
  }
}

export async function faults(
  fakes: { fixture: FakeUpstream; full: FakeUpstream },
  redis: RedisServer,
  opts: FaultOptions,
): Promise<Section> {
  const runs: WorldRun[] = [];
  for (const world of selectWorlds(opts.worlds))
    for (const store of STORES) {
      console.log(`bench: fault world ${world.id}, ${store}…`);
      runs.push(await worldRun(fakes, redis, world, store, opts));
    }
  const goals: Goal[] = runs.map((r) => {
    const t = tally(r);
    return {
      item: "32",
      what: `fault world \`${r.world.id}\` (${r.world.label}), ${r.store}`,
      goal:
        `every route ≥ ${GOAL_RATIO}× trivial, p99 < ${GOAL_P99_MS} ms, none > ${fmt.ms(GOAL_MAX_MS)}, ` +
        "no 5xx, failing keys on the backoff schedule",
      observed:
        `÷ trivial ${r.routes.map((x) => fmt.ratio(x.ratio)).join(" / ")}, ` +
        `p99 ${r.routes.map((x) => fmt.ms(x.route.p99Ms)).join(" / ")}, max ${fmt.ms(t.maxMs)}, ` +
        `${t.slow} > 2 s (trivial route ${t.trivialSlow}), ${t.serverErrors} 5xx, ${callsText(r)}`,
      pass: passes(r),
    };
  });
  const rows = runs.map((r) => {
    const t = tally(r);
    return [
      `\`${r.world.id}\` ${r.world.label}`,
      r.store,
      r.routes.map((x) => fmt.ratio(x.ratio)).join(" / "),
      r.routes.map((x) => fmt.ms(x.route.p99Ms)).join(" / "),
      r.routes.map((x) => fmt.ms(x.trivial.p99Ms)).join(" / "),
      r.routes.map((x) => fmt.ms(x.first.ms)).join(" / "),
      fmt.ms(t.maxMs),
      `${t.slow} (${t.trivialSlow})`,
      t.serverErrors,
      t.documented || "",
      t.errors,
      r.cycled.length ? fmt.int(r.cycled.length) : "",
      callsText(r),
      r.health.backoff.join("; "),
      `${fmt.int((r.health.reads * READS_PER) / Math.max(1, t.requests))} / ${r.health.waits}`,
      verdict(passes(r)),
    ];
  });
  const body = [
    `autocannon, ${opts.connections} connections. Each world on a fresh server on an empty store ` +
      "(Redis flushed; a new file-store directory), the routes' bundles loaded (OPTIONS, which " +
      `reads nothing), ${WARM_UP_SECONDS} s of load on the trivial route alone (the framework's ` +
      "own warm-up; it reads nothing), the fault switched on, then one first request per route and " +
      `${opts.durationSeconds} s of load per route beside the trivial route of the same body size ` +
      "(route, trivial, trivial, route). Nothing is left out: the first request and the first " +
      `second count. Routes in order: ${WORLD_ROUTES.map((p) => `\`${p}\``).join(", ")}. ` +
      "> 2 s counts the routes' answers (first requests, loads, the cycling client); the " +
      "trivial route's own, in brackets, say how loaded the machine was. " +
      "Calls = the failing providers' calls at the fake from the fault on, per key (provider + " +
      "path + query); gaps = between the busiest key's calls, held to the backoff (`backoffMs`, " +
      "lib/snapshot/freshness.ts: 5 s, doubled per failure round, at most 10 min); health = " +
      "`/api/health`'s backoff at the end (failures in a row × cooldown); reads = the read " +
      "layer's reads (telemetry: hit, memo, miss, stale, coalesced, cooling, over-budget) per " +
      `${fmt.int(READS_PER)} route requests (a kept answer reads nothing), waits = requests that ` +
      "waited on another holder's fill.",
    "",
    table(
      [
        "World",
        "Store",
        "÷ trivial",
        "p99",
        "trivial p99",
        "first request",
        "max",
        `> ${fmt.ms(GOAL_MAX_MS)} (trivial)`,
        "5xx",
        "503 (documented)",
        "Errors",
        "Cycled",
        "Provider calls",
        "Health backoff",
        `Reads per ${fmt.int(READS_PER)} requests / waits`,
        "Result",
      ],
      rows,
    ),
    "",
    `${DOCUMENTED_503_ROUTE} answers 503 \`upstream_unavailable\` with \`Retry-After\` when no ` +
      "copy of the aggregate exists (docs/route-contract.md): counted in its own column, not as " +
      "a 5xx. Errors = socket errors and autocannon timeouts (10 s).",
  ].join("\n");
  return { title: "8a. Faults: fault worlds (issue 32)", body, goals };
}
