/**
 * `scripts/prime-snapshots.ts --execute` as a real child process: the gate refuses, the process
 * exits non-zero, names the failed condition(s) and never prints a key. The child gets an
 * explicit, minimal environment (no JEST_WORKER_ID / NODE_ENV) and an unreachable provider URL;
 * nothing here can execute a query.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ACK_PHRASE } from "@/lib/config/operator";

const ROOT = path.join(__dirname, "../../..");
const WRITE_KEY = "dune-WRITE-key-cli-test-5a5a5a";
const READ_KEY = "dune-read-key-cli-test-6b6b6b";
const CHILD_TIMEOUT_MS = 60_000;

jest.setTimeout(120_000);

/** An explicit child environment: nothing inherited (no JEST_WORKER_ID, no NODE_ENV). */
type ChildEnv = Record<string, string | undefined>;

interface Run {
  code: number | null;
  output: string;
}

let kvDir: string;
beforeAll(() => {
  kvDir = mkdtempSync(path.join(os.tmpdir(), "prime-cli-"));
});
afterAll(() => rmSync(kvDir, { recursive: true, force: true }));

/** Base env: only what npx needs, plus dead provider URLs and a throwaway KV dir. */
function baseEnv(): ChildEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? os.tmpdir(),
    NEXT_TELEMETRY_DISABLED: "1",
    DUNE_API_URL: "http://127.0.0.1:9",
    STABLECOINS_API_URL: "http://127.0.0.1:9",
    COINGECKO_API_URL: "http://127.0.0.1:9",
    DEXSCREENER_API_URL: "http://127.0.0.1:9",
    KV_DIR: kvDir,
  };
}

function runPrime(args: string[], env: ChildEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      "npx",
      ["tsx", "scripts/prime-snapshots.ts", ...args],
      { cwd: ROOT, env: env as NodeJS.ProcessEnv, timeout: CHILD_TIMEOUT_MS, encoding: "utf8" },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

const GATE_ALL_SET = {
  DUNE_ALLOW_EXECUTION: "true",
  DUNE_EXECUTION_ACK: ACK_PHRASE,
  DUNE_WRITE_API_KEY: WRITE_KEY,
  DUNE_API_KEY: READ_KEY,
  DUNE_QUERY_SUPPLY_BY_CHAIN: "1000001",
};

describe("npm run prime -- --execute (gate refusals)", () => {
  it("CI=true with every other condition met: exits non-zero, names CI, never prints a key", async () => {
    const run = await runPrime(["--execute"], { ...baseEnv(), ...GATE_ALL_SET, CI: "true" });
    expect(run.code).toBe(2);
    expect(run.output).toMatch(/Execution refused/);
    expect(run.output).toMatch(/running in CI or tests \(CI set\)/);
    expect(run.output).not.toMatch(
      /DUNE_ALLOW_EXECUTION is|DUNE_EXECUTION_ACK (is|does)|DUNE_WRITE_API_KEY is/,
    );
    expect(run.output).toMatch(/Nothing was executed/);
    expect(run.output).not.toContain(WRITE_KEY);
    expect(run.output).not.toContain(READ_KEY);
  });

  it("no gate variables: names the flag, the acknowledgment and the write key", async () => {
    const run = await runPrime(["--execute"], baseEnv());
    expect(run.code).toBe(2);
    expect(run.output).toMatch(/DUNE_ALLOW_EXECUTION is not set/);
    expect(run.output).toMatch(/DUNE_EXECUTION_ACK is not set/);
    expect(run.output).toMatch(/DUNE_WRITE_API_KEY is not set/);
    expect(run.output).not.toMatch(/running in CI or tests/);
  });

  it("no gate variables and in CI: names all four conditions", async () => {
    const run = await runPrime(["--execute"], { ...baseEnv(), GITHUB_ACTIONS: "true" });
    expect(run.code).toBe(2);
    for (const pattern of [
      /DUNE_ALLOW_EXECUTION/,
      /DUNE_EXECUTION_ACK/,
      /DUNE_WRITE_API_KEY/,
      /GITHUB_ACTIONS/,
    ]) {
      expect(run.output).toMatch(pattern);
    }
  });

  it("a write key equal to the read key is refused without printing either", async () => {
    const env = { ...baseEnv(), ...GATE_ALL_SET, DUNE_WRITE_API_KEY: READ_KEY, CI: "1" };
    const run = await runPrime(["--execute"], env);
    expect(run.code).toBe(2);
    expect(run.output).toMatch(/same as the read-only DUNE_API_KEY/);
    expect(run.output).not.toContain(READ_KEY);
  });
});

describe("npm run prime (arguments)", () => {
  it("--help prints usage and exits 0", async () => {
    const run = await runPrime(["--help"], baseEnv());
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/Usage: npm run prime/);
    expect(run.output).toMatch(/--execute/);
  });

  it("an unknown argument exits 64 with usage", async () => {
    const run = await runPrime(["--force"], baseEnv());
    expect(run.code).toBe(64);
    expect(run.output).toMatch(/Unknown argument: --force/);
  });
});
