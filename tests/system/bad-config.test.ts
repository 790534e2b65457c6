/**
 * System (production build): an invalid variable ends the server however it is started. Here
 * `next start` itself, without `npm start`'s check-env step (a container or platform runner
 * starts it so): the process exits non-zero, printing the variable's name and its rule, never
 * the value, and never answers a request (before, it served 500 on every route).
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { requireBuild, ROOT, tempDir } from "@/scripts/bench/servers";
import { freePort } from "@/tests/helpers/redis-server";

jest.setTimeout(120_000);

const POLL_MS = 100;

interface Outcome {
  /** Exit code, or null when the server was still running and answered a request. */
  code: number | null;
  answered: number | null;
  stderr: string;
}

/** Starts `next start` and waits until it exits or answers `/api/health`, whichever comes first. */
async function startWith(variable: string, value: string): Promise<Outcome> {
  const port = await freePort();
  const kvDir = tempDir("bad-config-kv-");
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    KV_DIR: kvDir,
    [variable]: value,
  };
  const nextBin = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
  const child = spawn(
    process.execPath,
    [nextBin, "start", ROOT, "-p", String(port), "-H", "127.0.0.1"],
    { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
  child.stdout.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
  const exited = new Promise<number>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : 0))),
  );
  let answered: number | null = null;
  let code: number | null = null;
  void exited.then((c) => (code = c));
  while (code === null && answered === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      await res.arrayBuffer();
      answered = res.status;
    } catch {
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
  if (code === null) {
    process.kill(-child.pid!, "SIGKILL");
    await exited;
  } else await exited;
  rmSync(kvDir, { recursive: true, force: true });
  return { code, answered, stderr };
}

beforeAll(() => requireBuild());

test.each([
  ["CRON_SECRET", "elevenchars", /at least 16 characters/],
  ["COINGECKO_CALLS_PER_MINUTE", "thirty-a-minute", /integer from 1 to/],
  ["COINGECKO_API_URL", "coingecko-host.invalid/api/v3", /http\(s\) URL/],
])("next start with %s=%s exits non-zero naming it", async (variable, value, rule) => {
  const out = await startWith(variable, value);
  expect({ answered: out.answered, exited: out.code !== null && out.code !== 0 }).toEqual({
    answered: null,
    exited: true,
  });
  expect(out.stderr).toContain(variable);
  expect(out.stderr).toMatch(rule);
  expect(out.stderr).not.toContain(value);
});
