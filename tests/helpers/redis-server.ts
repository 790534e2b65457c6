/**
 * Starts a real, throw-away `redis-server` on a free loopback port for integration tests:
 * no persistence, bound to 127.0.0.1, stopped/paused/killed/restarted on demand.
 *
 *   const redis = await startRedis();
 *   ... redis.url ...
 *   await redis.stop(); // in afterAll
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";

export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN ?? "/usr/bin/redis-server";
const LOOPBACK = "127.0.0.1";
const START_TIMEOUT_MS = 5_000;
const STOP_TIMEOUT_MS = 5_000;
const POLL_INTERVAL_MS = 20;
const PING_TIMEOUT_MS = 500;
const OUTPUT_TAIL_CHARS = 2_000;

export interface StartRedisOptions {
  /** A fixed port; by default a free one is picked. */
  port?: number;
  /** Extra `redis-server` arguments, e.g. ["--maxmemory", "1mb"]. */
  args?: string[];
}

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** SIGTERM and wait for exit (SIGCONT first when paused). Safe to call twice. */
  stop(): Promise<void>;
  /** SIGSTOP: the port still accepts TCP connections but nothing is answered. */
  pause(): void;
  /** SIGCONT. */
  resume(): void;
  /** SIGKILL and wait for exit. */
  kill(): Promise<void>;
  /** Stops (if running) and starts again on the same port; waits until it answers PING. */
  restart(): Promise<void>;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Binds port 0 on loopback and returns the port the OS picked. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

export async function startRedis(options: StartRedisOptions = {}): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER_BIN)) {
    throw new Error(
      `redis-server not found at ${REDIS_SERVER_BIN}. Install it with \`apt-get install -y redis-server\` ` +
        "(or point REDIS_SERVER_BIN at a redis-server binary).",
    );
  }
  installExitHook();
  const port = options.port ?? (await freePort());
  const args = [
    "--port",
    String(port),
    "--bind",
    LOOPBACK,
    "--save",
    "",
    "--appendonly",
    "no",
    "--daemonize",
    "no",
    "--logfile",
    "",
    ...(options.args ?? []),
  ];
  let child = await launch(args, port);
  let paused = false;

  const signal = (sig: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error("redis-server is not running");
    child.kill(sig);
  };
  const terminate = async (sig: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (paused) child.kill("SIGCONT");
    paused = false;
    const exited = waitForExit(child);
    child.kill(sig);
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  return {
    url: `redis://${LOOPBACK}:${port}`,
    port,
    stop: () => terminate("SIGTERM"),
    kill: () => terminate("SIGKILL"),
    pause() {
      signal("SIGSTOP");
      paused = true;
    },
    resume() {
      signal("SIGCONT");
      paused = false;
    },
    async restart() {
      await terminate("SIGTERM");
      child = await launch(args, port);
    },
  };
}

async function launch(args: string[], port: number): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER_BIN, args, { stdio: ["ignore", "pipe", "pipe"] });
  live.add(child);
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  let spawnError: Error | undefined;
  child.once("error", (error) => {
    spawnError = error;
  });
  child.once("exit", () => live.delete(child));

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) break;
    if (await answersPing(port)) return child;
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  if (!spawnError) {
    child.kill("SIGKILL");
    await waitForExit(child);
  }
  live.delete(child);
  throw new Error(
    `redis-server did not start on port ${port}` +
      (spawnError ? `: ${spawnError.message}` : "") +
      (output ? `\n--- redis-server output ---\n${output}` : ""),
  );
}

/** True when something on the port answers `PING` with `+PONG`. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: LOOPBACK, port });
    let reply = "";
    const finish = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(PING_TIMEOUT_MS, () => finish(false));
    socket.once("error", () => finish(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => {
      reply += chunk.toString("utf8");
      if (reply.includes("\r\n")) finish(reply.startsWith("+PONG"));
    });
  });
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Never leave a redis-server behind, even when a test process dies without afterAll. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const child of live) {
      child.kill("SIGCONT");
      child.kill("SIGKILL");
    }
  });
}
