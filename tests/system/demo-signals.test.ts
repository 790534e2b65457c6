/**
 * System (production build): stopping `npm run demo` with a signal to the npm process ends
 * everything it started — `next start` and the fake upstream — and releases the port. npm
 * forwards SIGTERM and SIGINT but not SIGHUP, and its shell does not pass signals on: the demo
 * must notice either way. The existing build is served as it is (`DEMO_SKIP_BUILD=1`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { rmSync } from "node:fs";
import { requireBuild, ROOT, tempDir } from "@/scripts/bench/servers";
import { freePort } from "@/tests/helpers/redis-server";

jest.setTimeout(180_000);

const POLL_MS = 200;
/** Past this, whatever is still in the demo's process group has outlived the stop (a failure). */
const GROUP_GONE_DEADLINE_MS = 20_000;

let demo: ChildProcess | undefined;

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function until(check: () => boolean | Promise<boolean>, deadlineMs: number) {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return false;
}

beforeAll(() => requireBuild());

afterEach(() => {
  // The test failed with something left behind: end the whole group it started.
  if (demo?.pid !== undefined && groupAlive(demo.pid)) process.kill(-demo.pid, "SIGKILL");
  demo = undefined;
});

test.each(["SIGTERM", "SIGINT", "SIGHUP"] as const)(
  "%s to the npm process ends next start and frees the port",
  async (signal) => {
    const port = await freePort();
    const kvDir = tempDir("demo-signals-kv-");
    demo = spawn("npm", ["run", "demo", "--silent"], {
      cwd: ROOT,
      // Its own process group, so the test can tell what is left of it afterwards.
      detached: true,
      stdio: "ignore",
      env: {
        ...process.env,
        PORT: String(port),
        DEMO_KV_DIR: kvDir,
        DEMO_SKIP_BUILD: "1",
        REFRESH_INTERVAL_SECONDS: "",
      },
    });
    const pgid = demo.pid!;
    const exited = new Promise<void>((resolve) => demo!.once("exit", () => resolve()));
    expect(await until(() => portOpen(port), 90_000)).toBe(true);

    process.kill(pgid, signal); // the npm process only, as a process manager would
    await exited;
    const gone = await until(() => !groupAlive(pgid), GROUP_GONE_DEADLINE_MS);
    expect({ signal, groupGone: gone, portOpen: await portOpen(port) }).toEqual({
      signal,
      groupGone: true,
      portOpen: false,
    });
    rmSync(kvDir, { recursive: true, force: true });
  },
);
