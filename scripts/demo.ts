/**
 * `npm run demo`: serves the dashboard against the bundled fake upstream — no network, no key.
 * Builds first when the build is missing or older than the sources, starts
 * tests/fake-upstream on a free loopback port, then `next start` pointed at it. The demo's
 * read key and query ids exist only here; the app itself has no demo mode.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { DEMO_DUNE_QUERY_IDS, startFakeUpstream } from "../tests/fake-upstream/server";

const ROOT = path.resolve(__dirname, "..");
const SOURCE_DIRS = ["app", "components", "lib", "public"];
const SOURCE_FILES = [
  "next.config.mjs",
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

function buildIfNeeded(): void {
  const buildId = path.join(ROOT, ".next", "BUILD_ID");
  const built = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  const sources = Math.max(
    ...SOURCE_DIRS.map((d) => newestMtime(path.join(ROOT, d))),
    ...SOURCE_FILES.map((f) => newestMtime(path.join(ROOT, f))),
  );
  if (built > sources) return;
  console.log("demo: building the app (next build)…");
  const r = spawnSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Provider call budget against the fake upstream (which has no rate limit of its own). */
const DEMO_CALLS_PER_MINUTE = "1000000";

async function main(): Promise<void> {
  buildIfNeeded();
  const port = Number(process.env.PORT ?? 3000);
  const fake = await startFakeUpstream({ port: 0 });
  const kvDir = path.resolve(ROOT, process.env.DEMO_KV_DIR ?? ".data/demo-kv");
  rmSync(kvDir, { recursive: true, force: true });

  const env: NodeJS.ProcessEnv = {
    // The fake upstream has no rate limit: budgets out of the way unless the shell sets them.
    COINGECKO_CALLS_PER_MINUTE: DEMO_CALLS_PER_MINUTE,
    DEXSCREENER_CALLS_PER_MINUTE: DEMO_CALLS_PER_MINUTE,
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

  const nextBin = require.resolve("next/dist/bin/next");
  const app = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  console.log(`demo: fake upstream on 127.0.0.1:${fake.port}`);
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
