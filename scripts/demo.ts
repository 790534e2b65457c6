/**
 * `npm run demo`: serves the dashboard against the bundled fake upstream — no network, no key.
 * Starts tests/fake-upstream on a free loopback port, builds against it when the build is
 * missing or older than the sources (pages are prerendered), then `next start` pointed at it. The demo's
 * read key and query ids exist only here; the app itself has no demo mode.
 * `DEMO_MARKET=full` serves the whole recorded market (322 assets) instead of the small fixture.
 * The refresher warms the market every `REFRESH_INTERVAL_SECONDS` (10 here unless the shell
 * sets it; set empty, it is off); with `COINGECKO_CALLS_PER_MINUTE=30` it spends only that budget's refresh reserve.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  DEMO_DUNE_QUERY_IDS,
  marketFromEnv,
  startFakeUpstream,
} from "../tests/fake-upstream/server";

const ROOT = path.resolve(__dirname, "..");
const SOURCE_DIRS = ["app", "components", "lib", "public"];
const SOURCE_FILES = [
  "next.config.mjs",
  "page-cache-handler.mjs",
  "package.json",
  "tailwind.config.ts",
  "postcss.config.mjs",
];
const DEMO_READ_KEY = "demo-read-key-not-a-secret";

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
  if (built > sources && builtFor === market) return;
  console.log("demo: building the app (next build)…");
  const build = spawn("npm", ["run", "build", "--silent"], { cwd: ROOT, env, stdio: "inherit" });
  const status = await new Promise<number | null>((resolve) => build.on("exit", resolve));
  if (status !== 0) process.exit(status ?? 1);
  writeFileSync(marker, market);
}

/** Provider call budget against the fake upstream (which has no rate limit of its own). */
const DEMO_CALLS_PER_MINUTE = "1000000";
const DEMO_CALLS_PER_SECOND = "100000";
/**
 * The scheduled refresher runs in the demo's server every this many seconds (lib/refresh), so
 * every coin is warm within a minute of start; `/api/health` shows its passes.
 */
const DEMO_REFRESH_INTERVAL_SECONDS = "10";

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  const market = marketFromEnv(process.env.DEMO_MARKET ?? "fixture");
  if (!market) {
    console.error(`demo: DEMO_MARKET must be "fixture" or "full", got ${process.env.DEMO_MARKET}`);
    process.exit(2);
  }
  const fake = await startFakeUpstream({ port: 0, market });
  const kvDir = path.resolve(ROOT, process.env.DEMO_KV_DIR ?? ".data/demo-kv");
  rmSync(kvDir, { recursive: true, force: true });

  const env: NodeJS.ProcessEnv = {
    // The fake upstream has no rate limit: budgets out of the way unless the shell sets them.
    COINGECKO_CALLS_PER_MINUTE: DEMO_CALLS_PER_MINUTE,
    DEXSCREENER_CALLS_PER_MINUTE: DEMO_CALLS_PER_MINUTE,
    DEX_QUOTES_CALLS_PER_SECOND: DEMO_CALLS_PER_SECOND,
    REFRESH_INTERVAL_SECONDS: DEMO_REFRESH_INTERVAL_SECONDS,
    ...process.env,
    ...fake.baseUrls,
    ...DEMO_DUNE_QUERY_IDS,
    DUNE_API_KEY: DEMO_READ_KEY,
    KV_DIR: kvDir,
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // The demo never uses Redis or Vercel KV, even if the shell has them set.
  for (const k of ["REDIS_URL", "KV_REST_API_URL", "KV_REST_API_TOKEN", "COINGECKO_API_KEY"])
    delete env[k];
  await buildIfNeeded({ ...env, PORT: undefined, REFRESH_INTERVAL_SECONDS: undefined }, market);

  const nextBin = require.resolve("next/dist/bin/next");
  const app = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  console.log(`demo: fake upstream (${market} market) on 127.0.0.1:${fake.port}`);
  console.log(`demo: dashboard at http://localhost:${port}`);

  const stop = async (code: number) => {
    app.kill("SIGTERM");
    await fake.close();
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
  app.on("exit", (code) => void stop(code ?? 0));
}

main().catch((e: unknown) => {
  console.error("demo failed:", e instanceof Error ? e.message : e);
  process.exit(1);
});
