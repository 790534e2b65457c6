/**
 * Processes the bench (scripts/bench.ts) and the system tests (tests/system) run against: the
 * production build under `next start` (one process per instance, in its own process group so a
 * stop takes every child with it), pointed at the in-process fake upstream, and a plain
 * `node:http` server for the baseline. Loopback only.
 */
import { spawn, type ChildProcess } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_DUNE_QUERY_IDS, type FakeUpstream } from "../../tests/fake-upstream/server";
import { DEMO_CALL_BUDGET_ENV } from "../demo-history";
import { freePort } from "../../tests/helpers/redis-server";

export const ROOT = path.resolve(__dirname, "..", "..");
export const DEMO_READ_KEY = "demo-read-key-not-a-secret";
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;
const OUTPUT_TAIL = 4_000;

/** Variables a caller's shell may set that must never leak into a measured server. */
const SCRUBBED = [
  "REDIS_URL",
  "KV_REST_API_URL",
  "KV_REST_API_TOKEN",
  "COINGECKO_API_KEY",
  "BENCH_TRIVIAL_ROUTE",
  "NODE_OPTIONS",
];

const live = new Set<ChildProcess>();
let hookInstalled = false;

function installExitHook(): void {
  if (hookInstalled) return;
  hookInstalled = true;
  process.once("exit", () => {
    for (const child of live) killGroup(child, "SIGKILL");
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

export function requireBuild(): void {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    throw new Error("no production build at .next/BUILD_ID: run `npm run build` first");
  }
}

/** The app directory `next start` serves: the repository, or a snapshot of its build. */
let appDir = ROOT;
export const buildDir = () => path.join(appDir, ".next");

/**
 * Copies the current build (without `.next/cache`) into a temp app directory and serves from
 * there, so a `next build` started during a long run cannot swap files under the servers or the
 * page-weight reader. node_modules and public are symlinked; the config is copied.
 */
export function snapshotBuild(): string {
  requireBuild();
  const src = path.join(ROOT, ".next");
  const buildId = () => readFileSync(path.join(src, "BUILD_ID"), "utf8");
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = buildId();
    const dir = tempDir("bench-build-");
    cpSync(src, path.join(dir, ".next"), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (f) => f !== path.join(src, "cache"),
    });
    for (const f of ["next.config.mjs", "page-cache-handler.mjs", "package.json"])
      cpSync(path.join(ROOT, f), path.join(dir, f));
    symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
    if (existsSync(path.join(ROOT, "public")))
      symlinkSync(path.join(ROOT, "public"), path.join(dir, "public"));
    const copied = readFileSync(path.join(dir, ".next", "BUILD_ID"), "utf8");
    if (existsSync(path.join(src, "BUILD_ID")) && buildId() === before && copied === before) {
      appDir = dir;
      return dir;
    }
    rmSync(dir, { recursive: true, force: true }); // a build replaced it mid-copy: again
  }
  throw new Error("the build kept changing while it was being copied; try again");
}

export function dropSnapshot(): void {
  if (appDir === ROOT) return;
  rmSync(appDir, { recursive: true, force: true });
  appDir = ROOT;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface NextAppOptions {
  fake: FakeUpstream;
  /** Shared Redis; otherwise the file store in `kvDir` (a fresh temp dir by default). */
  redisUrl?: string;
  kvDir?: string;
  env?: Record<string, string>;
  /** Node flags for the server process, e.g. ["--inspect=127.0.0.1:0"] or ["--cpu-prof"]. */
  nodeArgs?: string[];
  /** A fixed port; by default a free one is picked. */
  port?: number;
  /** Another app directory with its own build (default: the repository or its snapshot). */
  appDir?: string;
}

export interface NextApp {
  readonly url: string;
  readonly port: number;
  /** The `next-server` process itself (`next start` serves in the process it was started as). */
  readonly pid: number;
  readonly kvDir: string | undefined;
  /** The first and the last 4,000 characters of its stdout + stderr. */
  output(): string;
  /** True when the server exited without being asked to. */
  crashed(): boolean;
  /** SIGTERM to the process group, SIGKILL after 5 s. Safe to call twice. */
  stop(): Promise<void>;
}

export async function startNextApp(opts: NextAppOptions): Promise<NextApp> {
  installExitHook();
  const port = opts.port ?? (await freePort());
  const kvDir = opts.redisUrl ? undefined : (opts.kvDir ?? tempDir("bench-kv-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...opts.fake.baseUrls,
    ...DEMO_DUNE_QUERY_IDS,
    DUNE_API_KEY: DEMO_READ_KEY,
    // Call budgets out of the way unless a scenario sets them (opts.env).
    ...DEMO_CALL_BUDGET_ENV,
    // Per-client rate limits off (one client drives every bench); a scenario turns them on.
    PUBLIC_RATE_LIMIT_PER_MINUTE: "0",
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
  };
  for (const k of SCRUBBED) delete env[k];
  if (opts.redisUrl) env.REDIS_URL = opts.redisUrl;
  else env.KV_DIR = kvDir;
  Object.assign(env, opts.env);

  const nextBin = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
  const dir = opts.appDir ?? appDir;
  const args = [
    ...(opts.nodeArgs ?? []),
    nextBin,
    "start",
    dir,
    "-p",
    String(port),
    "-H",
    "127.0.0.1",
  ];
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.add(child);
  child.once("exit", () => live.delete(child));
  let head = "";
  let tail = "";
  const collect = (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    if (head.length < OUTPUT_TAIL) head += text.slice(0, OUTPUT_TAIL - head.length);
    tail = (tail + text).slice(-OUTPUT_TAIL);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);

  const url = `http://127.0.0.1:${port}`;
  let stopping = false;
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = waitForExit(child);
      killGroup(child, "SIGTERM");
      const timer = setTimeout(() => killGroup(child, "SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    if (kvDir && !opts.kvDir) rmSync(kvDir, { recursive: true, force: true });
  };
  const crashed = () => !stopping && (child.exitCode !== null || child.signalCode !== null);
  try {
    await waitUntilReady(url, child);
  } catch (e) {
    await stop();
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n--- next output ---\n${tail}`);
  }
  const output = () => `${head}\n…\n${tail}`;
  return { url, port, pid: child.pid!, kvDir, output, crashed, stop };
}

async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`next start exited early (${child.exitCode ?? child.signalCode})`);
    try {
      // /api/health reads no provider (cache probe only): the fake's request log stays clean.
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200 || res.status === 503) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`next start did not answer /api/health within ${READY_TIMEOUT_MS} ms`);
}

/** Resident set size of a process, bytes (Linux /proc). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!m) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(m[1]) * 1024;
}

const PLAIN_SERVER = `
const http = require("node:http");
const fs = require("node:fs");
const bodies = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
const bufs = Object.fromEntries(Object.entries(bodies).map(([k, v]) => [k, Buffer.from(v)]));
http.createServer((req, res) => {
  const m = /[?&]bytes=(\\d+)/.exec(req.url || "");
  const body = bufs[m ? m[1] : ""];
  if (!body) { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
  res.end(body);
}).listen(Number(process.argv[2]), "127.0.0.1", () => process.stdout.write("ready\\n"));
`;

export interface PlainServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** A bare `node:http` server in its own process, answering `?bytes=N` with `bodies[N]`. */
export async function startPlainServer(bodies: Record<number, string>): Promise<PlainServer> {
  installExitHook();
  const dir = tempDir("bench-plain-");
  const file = path.join(dir, "bodies.json");
  writeFileSync(file, JSON.stringify(bodies));
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", PLAIN_SERVER, file, String(port)], {
    detached: true,
    stdio: ["ignore", "pipe", "inherit"],
  });
  live.add(child);
  child.once("exit", () => live.delete(child));
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`plain server exited (${code})`)));
    child.stdout?.once("data", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = waitForExit(child);
      killGroup(child, "SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
