/**
 * More fuzzing than CI runs: `npx tsx scripts/fuzz.ts [runs] [seed]` (default 5000 runs per
 * property, a fresh seed). Runs tests/integration/reliability/fuzz.test.ts with FUZZ_RUNS (and
 * FUZZ_SEED to replay a failure); the seed is printed at start and in any failure message.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const runs = process.argv[2] ?? process.env.FUZZ_RUNS ?? "5000";
const seed = process.argv[3] ?? process.env.FUZZ_SEED;
if (!/^\d+$/.test(runs) || (seed !== undefined && !/^-?\d+$/.test(seed))) {
  console.error("usage: npx tsx scripts/fuzz.ts [runs] [seed]");
  process.exit(2);
}
const jest = require.resolve("jest/bin/jest");
const r = spawnSync(
  process.execPath,
  [
    jest,
    "--selectProjects",
    "integration",
    "--runInBand",
    "tests/integration/reliability/fuzz.test.ts",
  ],
  {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, FUZZ_RUNS: runs, ...(seed === undefined ? {} : { FUZZ_SEED: seed }) },
  },
);
process.exit(r.status ?? 1);
