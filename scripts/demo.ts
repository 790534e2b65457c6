/**
 * `npm run demo`: serves the dashboard against the bundled fake upstream — no network, no key.
 * Starts tests/fake-upstream on a free loopback port, builds against it when the build is
 * missing or older than the sources (pages are prerendered), then `next start` pointed at it. The demo's
 * read key and query ids exist only here; the app itself has no demo mode.
 * `DEMO_MARKET=full` serves the whole recorded market (322 assets) instead of the small fixture.
 * The refresher warms the market every `REFRESH_INTERVAL_SECONDS` (10 here unless the shell
 * sets it; set empty, it is off); with `COINGECKO_CALLS_PER_MINUTE=30` it spends only that budget's refresh reserve.
 * `DEMO_DATA=true` makes every page say it shows the bundled demo data.
 *
 * Any signal (SIGTERM, SIGINT, SIGHUP) or the launcher going away (npm does not forward SIGHUP)
 * ends the children — the build, `next start` — and the fake upstream, then this process.
 * `DEMO_SKIP_BUILD=1` serves the existing build as it is (tests that must not rebuild).
 * Before serving, a week of the service's own history is seeded (`./demo-history`: the real
 * sampler over a simulated clock against the fake's time-varying answers), sampled every 4 hours
 * unless the shell sets `HISTORY_SAMPLE_SECONDS`; `DEMO_HISTORY=off` skips it (the full market
 * seeds only with `DEMO_HISTORY=on`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { configOrExit } from "../lib/config/fail-fast";
import { DEMO_CALL_BUDGET_ENV, DEMO_HISTORY_SAMPLE_SECONDS, seedDemoHistory } from "./demo-history";
import {
  DEMO_DUNE_QUERY_IDS,
  marketFromEnv,
  startFakeUpstream,
} from "../tests/fake-upstream/server";

const ROOT = path.resolve(__dirname, "..");
const NEXT_BIN = require.resolve("next/dist/bin/next");
const SOURCE_DIRS = ["app", "components", "lib", "public"];
const SOURCE_FILES = [
  "next.config.mjs",
  "page-cache-handler.mjs",
  "package.json",
  "tailwind.config.ts",
  "postcss.config.mjs",
];
const DEMO_READ_KEY = "demo-read-key-not-a-secret";
/** Signals that end the demo with everything it started. */
const STOP_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;
/** How often the demo checks that whoever started it is still there. */
const LAUNCHER_CHECK_MS = 500;
/** A child that ignores SIGTERM this long is killed. */
const CHILD_STOP_GRACE_MS = 5_000;

/** Every child process still running (the build, then `next start`). */
const children = new Set<ChildProcess>();

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/**
 * Signals every child. They stay in this process' group, so whoever kills the group (a test
 * runner's SIGKILL) takes them too.
 */
function killChildren(signal: NodeJS.Signals): void {
  for (const child of children) child.kill(signal);
}

async function stopChildren(): Promise<void> {
  const exits = [...children].map(
    (c) =>
      new Promise<void>((resolve) =>
        c.exitCode !== null ? resolve() : c.once("exit", () => resolve()),
      ),
  );
  killChildren("SIGTERM");
  const force = setTimeout(() => killChildren("SIGKILL"), CHILD_STOP_GRACE_MS);
  await Promise.all(exits);
  clearTimeout(force);
}

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/**
 * Builds with the fake upstream's env: cacheable pages are prerendered from its data. Async
 * spawn: the fake upstream runs in this process and must keep answering during the build.
 */
async function buildIfNeeded(env: NodeJS.ProcessEnv, market: string): Promise<void> {
  const buildId = path.join(ROOT, ".next", "BUILD_ID");
  // Pages are prerendered from the fake market: a build for the other market is rebuilt.
  const marker = path.join(ROOT, ".next", "DEMO_MARKET");
  const builtFor = existsSync(marker) ? readFileSync(marker, "utf8") : null;
  const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  const sources = Math.max(
    ...SOURCE_DIRS.map((d) => newestMtime(path.join(ROOT, d))),
    ...SOURCE_FILES.map((f) => newestMtime(path.join(ROOT, f))),
  );
  if (built > 0 && process.env.DEMO_SKIP_BUILD === "1") return;
  if (built > sources && builtFor === market) return;
  console.log("demo: building the app (next build)…");
  // `npm run build`'s steps, run directly: npm would not pass a SIGTERM on to `next build`.
  configOrExit(env);
  const build = track(
    spawn(process.execPath, [NEXT_BIN, "build"], { cwd: ROOT, env, stdio: "inherit" }),
  );
  const status = await new Promise<number | null>((resolve) => build.on("exit", resolve));
  if (status !== 0) await stop(status ?? 1);
  writeFileSync(marker, market);
}

/**
 * The scheduled refresher runs in the demo's server every this many seconds (lib/refresh), so
 * every coin is warm within a minute of start; `/api/health` shows its passes.
 */
const DEMO_REFRESH_INTERVAL_SECONDS = "10";

let stopping: Promise<void> | undefined;
let closeFake: () => Promise<void> = async () => undefined;

/** Ends the children and the fake upstream once, then exits with `code`. */
function stop(code: number): Promise<void> {
  stopping ??= (async () => {
    await stopChildren();
    await closeFake().catch(() => undefined);
    process.exit(code);
  })();
  return stopping;
}

function stopOnSignalsAndOrphaning(): void {
  for (const signal of STOP_SIGNALS) process.on(signal, () => void stop(0));
  // Children of a process killed without warning would outlive it: end them on any exit.
  process.on("exit", () => killChildren("SIGKILL"));
  const launcher = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid !== launcher) void stop(0);
  }, LAUNCHER_CHECK_MS);
  watch.unref();
}

/** Seeds the history into the demo's store with the app's environment (this process reads it). */
async function seedHistory(
  fake: Parameters<typeof seedDemoHistory>[0],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const startedMs = Date.now();
  configOrExit(env);
  for (const [k, v] of Object.entries(env)) if (v !== undefined) process.env[k] = v;
  for (const k of Object.keys(process.env)) if (env[k] === undefined) delete process.env[k];
  const samples = await seedDemoHistory(fake);
  console.log(`demo: seeded ${samples} history samples a coin in ${Date.now() - startedMs} ms`);
}

async function main(): Promise<void> {
  stopOnSignalsAndOrphaning();
  const port = Number(process.env.PORT ?? 3000);
  const market = marketFromEnv(process.env.DEMO_MARKET ?? "fixture");
  if (!market) {
    console.error(`demo: DEMO_MARKET must be "fixture" or "full", got ${process.env.DEMO_MARKET}`);
    process.exit(2);
  }
  const fake = await startFakeUpstream({ port: 0, market });
  closeFake = () => fake.close();
  const kvDir = path.resolve(ROOT, process.env.DEMO_KV_DIR ?? ".data/demo-kv");
  // The whole market would take hundreds of coins' passes: seeded there only when asked.
  const seeding = (process.env.DEMO_HISTORY ?? (market === "fixture" ? "on" : "off")) === "on";
  rmSync(kvDir, { recursive: true, force: true });

  const env: NodeJS.ProcessEnv = {
    // The fake upstream has no rate limit: budgets out of the way unless the shell sets them.
    ...DEMO_CALL_BUDGET_ENV,
    REFRESH_INTERVAL_SECONDS: DEMO_REFRESH_INTERVAL_SECONDS,
    ...(seeding ? { HISTORY_SAMPLE_SECONDS: DEMO_HISTORY_SAMPLE_SECONDS } : {}),
    ...process.env,
    ...fake.baseUrls,
    ...DEMO_DUNE_QUERY_IDS,
    DUNE_API_KEY: DEMO_READ_KEY,
    KV_DIR: kvDir,
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: "1",
    DEMO_DATA: "true",
  };
  // The demo never uses Redis or Vercel KV, even if the shell has them set.
  for (const k of ["REDIS_URL", "KV_REST_API_URL", "KV_REST_API_TOKEN", "COINGECKO_API_KEY"])
    delete env[k];
  if (seeding) await seedHistory(fake, env);
  await buildIfNeeded({ ...env, PORT: undefined, REFRESH_INTERVAL_SECONDS: undefined }, market);

  if (stopping) return;
  const app = track(
    spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "inherit", "inherit"],
    }),
  );
  console.log(`demo: fake upstream (${market} market) on 127.0.0.1:${fake.port}`);
  console.log(`demo: dashboard at http://localhost:${port}`);

  app.on("exit", (code) => void stop(code ?? 0));
}

main().catch((e: unknown) => {
  console.error("demo failed:", e instanceof Error ? e.message : e);
  void stop(1);
});
