/**
 * `npm run soak -- --duration <seconds> [--out <file>] [--concurrency 8] [--rotate 3]`
 *
 * Mixed traffic against the production build (`next start`, needs `.next/BUILD_ID`) with the
 * fake upstream in-process and a throw-away redis-server as the cache (file store if
 * redis-server is missing). Every `--rotate` seconds the next provider × fault is applied
 * (500, slow, hang, 429, drip, malformed, ok) and live/snapshot cache entries are evicted so the
 * faults are actually met. Reports requests, statuses, p50/p99 latency and the RSS of the
 * `next start` process tree over time; writes a JSON summary (default
 * test-results/reliability/soak.json) and re-renders docs/reliability.md.
 *
 * Exits 1 on any 5xx, an unparseable body or a body without `holderAnalyticsSupported: false`.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "redis";
import { DEMO_DUNE_QUERY_IDS, startFakeUpstream } from "../tests/fake-upstream/server";
import { freePort, startRedis, type RedisServer } from "../tests/helpers/redis-server";
import { SOAK_CG_KEY, SOAK_DUNE_KEY } from "../tests/integration/reliability/canaries";
import * as lib from "../tests/integration/reliability/soak-lib";
import { writeReliabilityReport } from "./reliability-report";

const ROOT = path.resolve(__dirname, "..");
const REQUEST_TIMEOUT_MS = 15_000;
const START_TIMEOUT_MS = 90_000;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}
const DURATION_S = Number(arg("duration", "20"));
const OUT = path.resolve(ROOT, arg("out", "test-results/reliability/soak.json"));
const CONCURRENCY = Number(arg("concurrency", "8"));
const ROTATE_S = Number(arg("rotate", "3"));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitHealthy(base: string, app: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`next start exited with code ${app.exitCode}`);
    try {
      const r = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(250);
  }
  throw new Error("next start did not answer /api/health in time");
}

/** Deletes live and snapshot entries (never the aggregate) so rotated faults are met. */
async function evict(redisUrl: string | null): Promise<number> {
  if (!redisUrl) return 0;
  const c = createClient({ url: redisUrl, disableOfflineQueue: true });
  c.on("error", () => undefined);
  let n = 0;
  try {
    await c.connect();
    for (const pattern of ["live:*", "snapshot:*"])
      for await (const keys of c.scanIterator({ MATCH: pattern, COUNT: 500 }))
        if (keys.length > 0) n += await c.unlink(keys);
  } finally {
    c.destroy();
  }
  return n;
}

async function main(): Promise<number> {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    console.error(
      "soak: no production build (.next/BUILD_ID is missing). Run `npm run build` first.",
    );
    return 1;
  }
  const fake = await startFakeUpstream({ port: 0 });
  let redis: RedisServer | null = null;
  let kvDir: string | null = null;
  try {
    redis = await startRedis();
  } catch (e) {
    kvDir = mkdtempSync(path.join(os.tmpdir(), "soak-kv-"));
    console.warn(
      `soak: ${e instanceof Error ? e.message.split("\n")[0] : e}; using the file store.`,
    );
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...fake.baseUrls,
    ...DEMO_DUNE_QUERY_IDS,
    DUNE_API_KEY: SOAK_DUNE_KEY,
    COINGECKO_API_KEY: SOAK_CG_KEY,
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: "1",
    // One client sends the whole soak: per-client rate limits off.
    PUBLIC_RATE_LIMIT_PER_MINUTE: "0",
  };
  for (const k of [
    "KV_REST_API_URL",
    "KV_REST_API_TOKEN",
    "REDIS_URL",
    "KV_DIR",
    "DUNE_WRITE_API_KEY",
  ])
    delete env[k];
  if (redis) env.REDIS_URL = redis.url;
  if (kvDir) env.KV_DIR = kvDir;

  const logDir = path.join(ROOT, "test-results", "soak");
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, "next-server.log"));
  const nextBin = require.resolve("next/dist/bin/next");
  const app = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  app.stdout?.pipe(log);
  app.stderr?.pipe(log);

  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const failures: string[] = [];
  const faultsApplied: string[] = [];
  const rss: { t: number; mb: number }[] = [];
  let stopping = false;
  let currentFault = "none (warm-up)";
  let t0 = Date.now();
  const fail = (what: string) =>
    failures.push(`${what} [t=${Math.round((Date.now() - t0) / 1000)} s, fault ${currentFault}]`);
  try {
    await waitHealthy(base, app);
    const send = async (req: lib.SoakRequest) => {
      const t0 = performance.now();
      let status = 0;
      let body = "";
      try {
        const r = await fetch(base + req.path, {
          method: req.method,
          body: req.method === "POST" ? "{}" : undefined,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        status = r.status;
        body = await r.text();
      } catch (e) {
        fail(`${req.method} ${req.path} → ${e instanceof Error ? e.name : "error"}`);
        return;
      }
      latencies.push(performance.now() - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
      const problem = lib.checkAnswer(req, status, body);
      if (problem) fail(problem);
    };
    // Warm-up: every route once with healthy providers (the aggregate is then cached for 6 h).
    for (let i = 0; i < 40; i++) await send(lib.nextRequest());

    const started = Date.now();
    t0 = started;
    const deadline = started + DURATION_S * 1000;
    const sampler = setInterval(
      () => rss.push({ t: Math.round((Date.now() - started) / 1000), mb: lib.treeRssMb(app.pid!) }),
      1_000,
    );
    rss.push({ t: 0, mb: lib.treeRssMb(app.pid!) });
    const rotator = (async () => {
      for (let i = 0; !stopping && Date.now() < deadline; i++) {
        const f = lib.faultAt(i);
        fake.resetScenarios();
        if (f.scenario !== "ok") fake.setScenario(f.provider, f.scenario, f.opts);
        const evicted = await evict(redis?.url ?? null).catch(() => 0);
        currentFault = `${f.provider}:${f.scenario}`;
        faultsApplied.push(`${currentFault} (evicted ${evicted})`);
        await sleep(Math.min(ROTATE_S * 1000, Math.max(0, deadline - Date.now())));
      }
    })();
    const worker = async () => {
      while (Date.now() < deadline) await send(lib.nextRequest());
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    stopping = true;
    await rotator;
    clearInterval(sampler);
    rss.push({ t: Math.round((Date.now() - started) / 1000), mb: lib.treeRssMb(app.pid!) });
  } catch (e) {
    failures.push(`soak aborted: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    stopping = true;
    app.kill("SIGTERM");
    await Promise.race([new Promise((r) => app.once("exit", r)), sleep(10_000)]);
    if (app.exitCode === null && app.signalCode === null) app.kill("SIGKILL");
    log.end();
    await fake.close();
    await redis?.stop();
    if (kvDir) rmSync(kvDir, { recursive: true, force: true });
  }

  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (x: number) => Math.round(x);
  const mbs = rss.map((s) => s.mb).filter((x) => x > 0);
  const summary = {
    generatedAt: new Date().toISOString(),
    durationSeconds: DURATION_S,
    concurrency: CONCURRENCY,
    rotateSeconds: ROTATE_S,
    cache: redis ? "redis" : "file",
    requests: latencies.length,
    requestsPerSecond: Math.round((latencies.length / DURATION_S) * 10) / 10,
    statuses,
    latencyMs: {
      p50: ms(lib.percentile(sorted, 50)),
      p90: ms(lib.percentile(sorted, 90)),
      p99: ms(lib.percentile(sorted, 99)),
      max: ms(sorted[sorted.length - 1] ?? 0),
    },
    rssMb: {
      start: mbs[0] ?? 0,
      end: mbs[mbs.length - 1] ?? 0,
      max: Math.max(0, ...mbs),
      samples: lib.downsample(rss, 120),
    },
    faultsApplied,
    failures: failures.slice(0, 50),
    failureCount: failures.length,
    pass: failures.length === 0 && latencies.length > 0,
  };
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify(summary, null, 2) + "\n");
  // Files under docs/ are checked by `prettier --check .`.
  spawnSync(
    process.execPath,
    [require.resolve("prettier/bin/prettier.cjs"), "--write", "--log-level", "warn", OUT],
    { cwd: ROOT },
  );
  await writeReliabilityReport();

  const { samples: _samples, ...rssSummary } = summary.rssMb;
  console.log(
    `soak: ${summary.requests} requests in ${DURATION_S} s (${summary.requestsPerSecond}/s), statuses ${JSON.stringify(statuses)}, ` +
      `p50 ${summary.latencyMs.p50} ms, p99 ${summary.latencyMs.p99} ms, max ${summary.latencyMs.max} ms, ` +
      `RSS MB ${JSON.stringify(rssSummary)}, ${faultsApplied.length} faults rotated → ${path.relative(ROOT, OUT)}`,
  );
  if (!summary.pass) {
    console.error(`soak: ${failures.length} failure(s):`);
    for (const f of failures.slice(0, 20)) console.error(`  ${f}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error("soak failed:", e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
