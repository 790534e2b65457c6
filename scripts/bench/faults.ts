/**
 * Issue 25 §1: a failing provider never makes a request wait. For the market provider, the DEX
 * aggregator and the aggregate list, each answering 500, answering 429 and hanging past the
 * provider time budget, with Redis and with the file store: a fresh server on an empty store
 * (nothing stored, nothing in process; only the route's bundle loaded), the fault switched on,
 * then `connections` clients on a route that needs that provider for `--duration`.
 *
 * The load has two parts: the first `FAULT_WARM_UP_SECONDS` (the fresh process' first run of
 * the read path and its JIT, the cold key's first failure) and then `--duration` of steady load
 * under the same fault. Goals: p99 < 100 ms over the steady part; over both parts no request
 * over 2 s, no 5xx (the aggregate route's documented 503 `upstream_unavailable`, "nothing cached
 * yet", is counted apart), and the provider asked at most once per key per failure cooldown
 * (`FAILURE_COOLDOWN_MS`, sliding window over the fake upstream's log; key = provider + path +
 * query). The warm-up's own p99 and max are reported beside it.
 */
import { FAILURE_COOLDOWN_MS } from "../../lib/snapshot/freshness";
import type { FakeUpstream, Provider } from "../../tests/fake-upstream/server";
import type { RedisServer } from "../../tests/helpers/redis-server";
import { busiestKeyInWindow } from "./call-windows";
import { flushRedis } from "./coalescing";
import { HANG_BUDGET_MS } from "./cold-fanout";
import { cannon, type CannonResult } from "./load";
import { fmt, table, type Goal, type Section } from "./report";
import { startNextApp, type NextApp } from "./servers";

const GOAL_P99_MS = 100;
/** Load before the judged window, under the fault already (see the header). */
export const FAULT_WARM_UP_SECONDS = 2;
const GOAL_MAX_MS = 2_000;
const GOAL_CALLS_PER_COOLDOWN = 1;
const HTTP_SERVER_ERROR = 500;
/** The aggregate routes' answer when nothing is cached yet (docs/route-contract.md). */
const UPSTREAM_UNAVAILABLE = 503;
const HTTP_NO_CONTENT = 204;
const FAULTS = ["500", "429", "hang"] as const;
type Fault = (typeof FAULTS)[number];

interface Target {
  provider: Provider;
  label: string;
  path: string;
  /** The route answers 503 `upstream_unavailable` when this provider has nothing cached. */
  documented503: boolean;
}

/** DAI: an overlay coin (every provider is asked for it), with no stored copy in these worlds. */
const COLD_INTEL = "/api/stablecoin-intel?q=dai";
const TARGETS: Target[] = [
  { provider: "coingecko", label: "market provider", path: COLD_INTEL, documented503: false },
  { provider: "dexscreener", label: "DEX aggregator", path: COLD_INTEL, documented503: false },
  // The aggregate keeps a 30-day stale copy: only an empty store makes it cold. Intel degrades
  // without it; the aggregate's own route has nothing to serve and answers its documented 503.
  { provider: "defillama", label: "aggregate", path: COLD_INTEL, documented503: false },
  {
    provider: "defillama",
    label: "aggregate",
    path: "/api/stablecoin-supply",
    documented503: true,
  },
];

const STORES = ["Redis", "file store"] as const;
type Store = (typeof STORES)[number];

/** `hang` runs with this provider budget (the other faults with the default). */
const envFor = (fault: Fault): Record<string, string> =>
  fault === "hang" ? { PROVIDER_TIMEOUT_MS: String(HANG_BUDGET_MS) } : {};

interface FaultRun {
  target: Target;
  fault: Fault;
  store: Store;
  /** The first `FAULT_WARM_UP_SECONDS` under the fault: judged on max, 5xx and calls. */
  warmUp: CannonResult;
  load: CannonResult;
  /** 5xx answers other than a documented 503. */
  serverErrors: number;
  documented503: number;
  providerCalls: number;
  keys: number;
  /** Most calls one key of the faulted provider got inside one cooldown window. */
  callsPerCooldown: number;
}

/** Next loads a route's bundle on its first request: OPTIONS loads it and reads nothing. */
async function loadBundle(app: NextApp, path: string): Promise<void> {
  const res = await fetch(app.url + path, { method: "OPTIONS" });
  await res.arrayBuffer();
  if (res.status !== HTTP_NO_CONTENT) throw new Error(`OPTIONS ${path}: HTTP ${res.status}`);
}

async function faultRun(
  fake: FakeUpstream,
  redis: RedisServer,
  target: Target,
  fault: Fault,
  store: Store,
  opts: { durationSeconds: number; connections: number },
): Promise<FaultRun> {
  fake.resetScenarios();
  if (store === "Redis") await flushRedis(redis.url);
  const redisUrl = store === "Redis" ? redis.url : undefined;
  const app = await startNextApp({ fake, redisUrl, env: envFor(fault) });
  try {
    await loadBundle(app, target.path);
    fake.setScenario(target.provider, fault);
    fake.clearRequests();
    const warmUp = await cannon(app.url + target.path, FAULT_WARM_UP_SECONDS, opts.connections, {
      slowMs: GOAL_MAX_MS,
    });
    const load = await cannon(app.url + target.path, opts.durationSeconds, opts.connections, {
      slowMs: GOAL_MAX_MS,
    });
    const calls = fake
      .requests()
      .filter((r) => r.provider === target.provider)
      .map((r) => ({ key: `${r.provider} ${r.upstreamPath}`, atMs: r.at }));
    const busiest = busiestKeyInWindow(calls, FAILURE_COOLDOWN_MS);
    const both = [warmUp, load];
    const count = (status: (code: number) => boolean) =>
      both.reduce(
        (sum, r) =>
          sum +
          Object.entries(r.statuses)
            .filter(([code]) => status(Number(code)))
            .reduce((a, [, n]) => a + n, 0),
        0,
      );
    const fiveXx = count((code) => code >= HTTP_SERVER_ERROR);
    const documented503 = target.documented503 ? count((code) => code === UPSTREAM_UNAVAILABLE) : 0;
    return {
      target,
      fault,
      store,
      warmUp,
      load,
      serverErrors: fiveXx - documented503,
      documented503,
      providerCalls: calls.length,
      keys: busiest.keys,
      callsPerCooldown: busiest.calls,
    };
  } finally {
    fake.resetScenarios();
    await app.stop();
  }
}

function faultPasses(r: FaultRun): boolean {
  return (
    r.load.p99Ms < GOAL_P99_MS &&
    r.load.slow + r.warmUp.slow === 0 &&
    r.load.errors + r.warmUp.errors === 0 &&
    r.serverErrors === 0 &&
    r.callsPerCooldown <= GOAL_CALLS_PER_COOLDOWN
  );
}

const statusList = (s: Record<number, number>) =>
  Object.entries(s)
    .map(([code, n]) => `${fmt.int(n)}× ${code}`)
    .join(", ");

function faultLabel(fault: Fault): string {
  return fault === "hang" ? `hang (budget ${fmt.ms(HANG_BUDGET_MS)})` : fault;
}

export async function faults(
  fake: FakeUpstream,
  redis: RedisServer,
  opts: { durationSeconds: number; connections: number },
): Promise<Section> {
  const runs: FaultRun[] = [];
  for (const target of TARGETS)
    for (const fault of FAULTS)
      for (const store of STORES)
        runs.push(await faultRun(fake, redis, target, fault, store, opts));

  const goals: Goal[] = [];
  for (const target of TARGETS)
    for (const fault of FAULTS) {
      const rs = runs.filter((r) => r.target === target && r.fault === fault);
      goals.push({
        item: "25.1",
        what: `${target.label} (${target.provider}) ${faultLabel(fault)}: cold \`${target.path}\``,
        goal:
          `p99 < ${GOAL_P99_MS} ms (steady), none > ${fmt.ms(GOAL_MAX_MS)}, no 5xx, ` +
          `≤ ${GOAL_CALLS_PER_COOLDOWN} call per key per ${fmt.ms(FAILURE_COOLDOWN_MS)}`,
        observed: rs
          .map(
            (r) =>
              `${r.store}: p99 ${fmt.ms(r.load.p99Ms)}, ` +
              `${r.load.slow + r.warmUp.slow} > ${fmt.ms(GOAL_MAX_MS)}, ` +
              `${r.serverErrors} 5xx, ${r.callsPerCooldown} calls`,
          )
          .join("; "),
        pass: rs.every(faultPasses),
      });
    }

  const rows = runs.map((r) => [
    `${r.target.label} (\`${r.target.provider}\`)`,
    faultLabel(r.fault),
    r.store,
    `${fmt.ms(r.warmUp.p99Ms)} / ${fmt.ms(r.warmUp.maxMs)}`,
    fmt.int(r.load.total),
    fmt.ms(r.load.p99Ms),
    fmt.ms(Math.max(r.load.maxMs, r.warmUp.maxMs)),
    r.load.slow + r.warmUp.slow,
    r.serverErrors,
    r.target.documented503 ? r.documented503 : "",
    r.load.errors + r.warmUp.errors,
    statusList(r.load.statuses),
    `${r.providerCalls} / ${r.keys}`,
    `**${r.callsPerCooldown}**`,
    faultPasses(r) ? "PASS" : "**FAIL**",
  ]);
  const body = [
    `autocannon, ${opts.connections} connections, on a fresh server on an empty store (Redis ` +
      "flushed; a new file-store directory), nothing read yet: the route's bundle loaded " +
      "(OPTIONS, which reads nothing), the fault switched on, then " +
      `${FAULT_WARM_UP_SECONDS} s of warm-up load and ${opts.durationSeconds} s of steady load, ` +
      "both under the fault. The warm-up pays the fresh process' first run of the read path " +
      "and its JIT (its p99 / max in their own column); Requests and p99 are the steady " +
      "part's; max, > 2 s, 5xx, Errors and the provider calls count both parts. " +
      "`hang` worlds run with " +
      `PROVIDER_TIMEOUT_MS=${HANG_BUDGET_MS} (the hanging call's budget; the others use the ` +
      "default). Calls / keys = the faulted provider's calls during the load and the distinct " +
      "upstream keys (provider + path + query) they went to; per cooldown = the most calls one " +
      `key got inside any ${fmt.ms(FAILURE_COOLDOWN_MS)} window (FAILURE_COOLDOWN_MS, ` +
      "lib/snapshot/freshness.ts).",
    "",
    table(
      [
        "Provider",
        "Fault",
        "Store",
        `Warm-up ${FAULT_WARM_UP_SECONDS} s: p99 / max`,
        "Requests",
        "p99",
        "max",
        `> ${fmt.ms(GOAL_MAX_MS)}`,
        "5xx",
        "503 (documented)",
        "Errors",
        "Statuses",
        "Calls / keys",
        "Per cooldown",
        "Result",
      ],
      rows,
    ),
    "",
    "`/api/stablecoin-supply` answers 503 `upstream_unavailable` with `Retry-After` when no " +
      "copy of the aggregate exists (docs/route-contract.md): that answer is counted in its own " +
      "column, not as a 5xx. Errors = socket errors and autocannon timeouts (10 s).",
  ].join("\n");
  return { title: "8a. Faults: a failing provider (issue 25 §1)", body, goals };
}
