/**
 * Issue item 1: warm-cache throughput and latency of the three main routes, side by side with a
 * trivial Next route handler and a plain `node:http` server answering a constant body of the
 * same size. Targets are interleaved over several rounds so drifting background load hits all
 * of them alike.
 */
import { LOCAL_REUSE_MS } from "../../lib/snapshot/freshness";
import { cannon, timedGet, trivialFor, type CannonResult, type Trivial } from "./load";
import { fmt, table, type Goal, type Section } from "./report";
import { startPlainServer, type NextApp } from "./servers";

export const WARM_ROUTES = [
  "/api/stablecoin-intel?q=usdc",
  "/api/stablecoin-supply",
  "/api/stablecoin-risk?q=usdc",
] as const;
const GOAL_RATIO = 0.9;
/** autocannon reports whole milliseconds. */
const latency = (ms: number) => (ms < 1 ? "< 1 ms" : fmt.ms(ms));

interface Target {
  label: string;
  url: string;
  runs: CannonResult[];
}

interface Aggregate {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  bad: number;
}

function aggregate(runs: CannonResult[]): Aggregate {
  const sorted = runs.map((r) => r.p50Ms).sort((a, b) => a - b);
  return {
    rps: runs.reduce((a, r) => a + r.rps, 0) / runs.length,
    p50Ms: sorted[Math.floor(sorted.length / 2)]!,
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    total: runs.reduce((a, r) => a + r.total, 0),
    bad: runs.reduce((a, r) => a + r.non2xx + r.errors, 0),
  };
}

export interface WarmRouteApps {
  /** Redis-backed app serving the routes and the trivial route (BENCH_TRIVIAL_ROUTE=1). */
  redis: NextApp;
  /** File-store app (the default driver without Redis / Vercel KV). */
  file: NextApp;
}

export async function warmRoutes(
  apps: WarmRouteApps,
  opts: { durationSeconds: number; rounds: number; connections: number },
): Promise<Section> {
  const trivials = new Map<string, Trivial>();
  for (const path of WARM_ROUTES) {
    for (const app of [apps.redis, apps.file]) {
      for (let i = 0; i < 3; i++) {
        const r = await timedGet(app.url + path);
        if (r.status !== 200) throw new Error(`warm-up ${path}: HTTP ${r.status}`);
        trivials.set(path, trivialFor(r.body));
      }
    }
  }
  const bodies: Record<number, string> = {};
  for (const t of trivials.values()) {
    const r = await timedGet(apps.redis.url + t.path);
    if (r.status !== 200 || Buffer.byteLength(r.body) !== t.bytes)
      throw new Error("the trivial route is off: was BENCH_TRIVIAL_ROUTE=1 passed to next start?");
    bodies[t.bytes] = r.body;
  }
  const plain = await startPlainServer(bodies);
  try {
    const targets: Target[] = [];
    const byRoute = new Map<
      string,
      { redis: Target; file: Target; trivial: Target; plain: Target }
    >();
    for (const path of WARM_ROUTES) {
      const trivial = trivials.get(path)!;
      const n = trivial.bytes;
      const t = {
        redis: { label: `${path} (Redis store)`, url: apps.redis.url + path, runs: [] },
        file: { label: `${path} (file store)`, url: apps.file.url + path, runs: [] },
        trivial: { label: trivial.label, url: apps.redis.url + trivial.path, runs: [] },
        plain: {
          label: `plain node:http, ${fmt.int(n)} B`,
          url: `${plain.url}/?bytes=${n}`,
          runs: [],
        },
      };
      byRoute.set(path, t);
      targets.push(t.redis, t.file, t.trivial, t.plain);
    }
    for (const t of targets) await cannon(t.url, 1, opts.connections); // JIT and connection warm-up
    const perRound = Math.max(1, Math.round(opts.durationSeconds / opts.rounds));
    // Each round visits the targets forward then backward, half a round each (A B C D D C B A):
    // drift over the round weighs on every target alike instead of on the first ones.
    const half = Math.max(1, Math.round(perRound / 2));
    for (let round = 0; round < opts.rounds; round++) {
      for (const t of [...targets, ...[...targets].reverse()])
        t.runs.push(await cannon(t.url, half, opts.connections));
    }

    const rows: (string | number)[][] = [];
    const goals: Goal[] = [];
    for (const [path, t] of byRoute) {
      const [r, f, tr, pl] = [t.redis, t.file, t.trivial, t.plain].map((x) => aggregate(x.runs));
      for (const [target, a] of [
        [t.redis, r],
        [t.file, f],
        [t.trivial, tr],
        [t.plain, pl],
      ] as const) {
        rows.push([
          target.label,
          fmt.rps(a!.rps),
          latency(a!.p50Ms),
          latency(a!.p99Ms),
          fmt.int(a!.total),
          a!.bad,
          target === t.trivial || target === t.plain ? "" : fmt.ratio(a!.rps / tr!.rps),
          target === t.plain ? "" : fmt.ratio(a!.rps / pl!.rps),
        ]);
      }
      const ratioRedis = r!.rps / tr!.rps;
      const ratioFile = f!.rps / tr!.rps;
      goals.push({
        item: "1",
        what: `warm \`${path.split("?")[0]}\` throughput vs trivial Next route`,
        goal: `≥ ${GOAL_RATIO}×`,
        observed:
          `${fmt.ratio(ratioRedis)} (Redis), ${fmt.ratio(ratioFile)} (file); ` +
          `vs node:http ${fmt.ratio(r!.rps / pl!.rps)} / ${fmt.ratio(f!.rps / pl!.rps)}`,
        pass: ratioRedis >= GOAL_RATIO && ratioFile >= GOAL_RATIO,
      });
    }
    const body = [
      `autocannon, ${opts.connections} connections, no pipelining, ${opts.rounds} interleaved ` +
        `round(s) of ${perRound} s per target after a 1 s warm-up each (${fmt.int(
          perRound * opts.rounds,
        )} s per target); each round visits the targets forward then backward, ${half} s per ` +
        "slot, so drift weighs on all alike. Warm cache: every route answered 200 before " +
        "measuring. Bodies uncompressed (autocannon sends no Accept-Encoding). req/s = mean " +
        "over slots; p50 = median of the slots' p50; p99 = worst slot's p99. Errors = non-2xx + " +
        "socket errors + timeouts.",
      "",
      table(
        [
          "Target",
          "Throughput",
          "p50",
          "p99",
          "Requests",
          "Errors",
          "÷ trivial Next",
          "÷ node:http",
        ],
        rows,
      ),
      "",
      "What a warm request does: it builds its answer from the read layer's in-process copies " +
        "(lib/snapshot/read-through.ts: no I/O, parse or validation); every " +
        `${fmt.int(LOCAL_REUSE_MS)} ms (LOCAL_REUSE_MS) one request per entry looks at the store ` +
        "again while the others keep using the copy. The trivial route passes through the same " +
        "wrapper (method table, error guard, ETag step): the ratio is the cost of our work above " +
        "that floor.",
    ].join("\n");
    return { title: "1. Warm routes", body, goals };
  } finally {
    await plain.stop();
  }
}
