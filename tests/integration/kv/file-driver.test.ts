/**
 * File driver specifics: durability across instances, atomic writes (no partial or temp files,
 * readers never see a torn entry), pruning of expired entries, lock files (stale and held),
 * cross-process setIfAbsent, and errors for a broken directory.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { FileKv } from "@/lib/kv/file";
import { entryPath, lockPath } from "@/lib/kv/file-io";

import { expectFastFailure, KV_TEST_TIMEOUT_MS } from "./failure-helpers";

jest.setTimeout(KV_TEST_TIMEOUT_MS);

const BUDGET_MS = 1_000;
const CHILD_SCRIPT = path.join(__dirname, "fixtures", "file-kv-child.ts");
const REPO_ROOT = path.resolve(__dirname, "../../..");
const CHILD_COUNT = 4;
const KEYS_PER_CHILD = 20;
const AGED_SECONDS = 3_600;

/** A child racing setIfAbsent on the same directory; `go()` releases it. */
function startChild(dir: string, offset: string) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", CHILD_SCRIPT, dir, "race-", String(KEYS_PER_CHILD), offset],
    { cwd: REPO_ROOT, stdio: ["pipe", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.startsWith("ready\n")) resolve();
    });
    void exited.then((code) => reject(new Error(`child exited ${code} before ready: ${err}`)));
  });
  const result = exited.then((code) => {
    if (code !== 0) throw new Error(`child exited ${code}: ${err}`);
    return JSON.parse(out.slice("ready\n".length)) as boolean[];
  });
  result.catch(() => undefined); // surfaced through `ready` or when awaited
  return { ready, result, go: () => child.stdin.end("go\n") };
}

describe("file driver", () => {
  let root: string;
  let n = 0;
  const freshDir = () => path.join(root, `store-${++n}`);
  const clockAt = (start = Date.now()) => {
    let now = start;
    return { now: () => now, advance: (ms: number) => void (now += ms) };
  };
  const aged = async (file: string) => {
    const past = Date.now() / 1_000 - AGED_SECONDS;
    await utimes(file, past, past);
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "kv-file-"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("is durable: a new instance over the same directory sees the data", async () => {
    const dir = freshDir();
    const first = new FileKv({ dir, timeoutMs: BUDGET_MS });
    await first.set("durable", { kept: true }, 60);
    expect(await first.setIfAbsent("lock", "owner", 60)).toBe(true);
    await first.close();
    const second = new FileKv({ dir, timeoutMs: BUDGET_MS });
    expect(await second.get("durable")).toEqual({ kept: true });
    expect(await second.setIfAbsent("lock", "other", 60)).toBe(false);
    const stored = JSON.parse(await readFile(entryPath(dir, "durable"), "utf8"));
    expect(stored).toMatchObject({ key: "durable", value: { kept: true } });
    expect(typeof stored.expiresAt).toBe("number");
    await second.close();
  });

  it("writes atomically: concurrent readers never see a torn entry, no temp files remain", async () => {
    const dir = freshDir();
    const kv = new FileKv({ dir, timeoutMs: BUDGET_MS });
    const big = (i: number) => ({ i, payload: String(i).repeat(20_000) });
    await kv.set("hot", big(0), 60);
    const writes = Array.from({ length: 30 }, (_, i) => kv.set("hot", big(i + 1), 60));
    const reads = Array.from({ length: 60 }, () =>
      kv.get<{ i: number; payload: string }>("hot").then((v) => {
        expect(v?.payload).toBe(String(v?.i).repeat(20_000));
      }),
    );
    await Promise.all([...writes, ...reads]);
    expect(await kv.get("hot")).toEqual(big(30));
    const names = await readdir(dir);
    expect(names.filter((f) => !f.endsWith(".json"))).toEqual([]);
    await kv.close();
  });

  it("prunes an expired entry when it is read", async () => {
    const dir = freshDir();
    const clock = clockAt();
    const kv = new FileKv({ dir, now: clock.now, timeoutMs: BUDGET_MS });
    await kv.set("short", 1, 1);
    expect(await readdir(dir)).toHaveLength(1);
    clock.advance(1_001);
    expect(await kv.get("short")).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
    await kv.close();
  });

  it("sweeps expired entries and crash leftovers every N writes", async () => {
    const dir = freshDir();
    const clock = clockAt();
    const kv = new FileKv({ dir, now: clock.now, timeoutMs: BUDGET_MS, sweepEveryWrites: 5 });
    for (let i = 0; i < 4; i++) await kv.set(`old-${i}`, i, 1);
    const leftover = path.join(dir, "deadbeef.json.123.abc.tmp");
    await writeFile(leftover, "{partial");
    await aged(leftover);
    clock.advance(2_000);
    for (let i = 0; i < 5; i++) await kv.set(`new-${i}`, i, 60);
    await kv.close(); // waits for the sweep started by the 10th write
    const names = await readdir(dir);
    expect(names).toHaveLength(5);
    expect(names.every((f) => f.endsWith(".json"))).toBe(true);
  });

  it("breaks a stale lock left by a crashed process", async () => {
    const dir = freshDir();
    const kv = new FileKv({ dir, timeoutMs: BUDGET_MS });
    await kv.set("warmup", 1, 60);
    const lock = lockPath(dir, "stale");
    await writeFile(lock, "99999:crashed");
    await aged(lock);
    expect(await kv.setIfAbsent("stale", "mine", 60)).toBe(true);
    expect(await readdir(dir)).not.toContain(path.basename(lock));
    await kv.close();
  });

  it("a lock held by a live writer → timeout within the default budget, not a hang", async () => {
    const dir = freshDir();
    const kv = new FileKv({ dir });
    await kv.set("warmup", 1, 60);
    await writeFile(lockPath(dir, "held"), "12345:alive");
    await expectFastFailure(() => kv.set("held", 1, 60), ["timeout"]);
    await expectFastFailure(() => kv.setIfAbsent("held", 1, 60), ["timeout"]);
    expect(await kv.get("held")).toBeUndefined(); // reads never wait for locks
    await kv.close();
  });

  it("valid JSON with the wrong shape, or another key's entry → corrupt", async () => {
    const dir = freshDir();
    const kv = new FileKv({ dir, timeoutMs: BUDGET_MS });
    await kv.set("a", 1, 60);
    await writeFile(entryPath(dir, "shape"), JSON.stringify({ value: 1 }));
    await writeFile(entryPath(dir, "moved"), await readFile(entryPath(dir, "a"), "utf8"));
    await expectFastFailure(() => kv.get("shape"), ["corrupt"]);
    await expectFastFailure(() => kv.get("moved"), ["corrupt"]);
    await expectFastFailure(() => kv.setIfAbsent("shape", 2, 60), ["corrupt"]);
    await kv.close();
  });

  it("recreates its directory when it is removed under a live store", async () => {
    const dir = freshDir();
    const kv = new FileKv({ dir, timeoutMs: BUDGET_MS });
    await kv.set("before", 1, 60);
    await rm(dir, { recursive: true, force: true });
    expect(await kv.get("before")).toBeUndefined();
    await kv.set("after", 2, 60);
    expect(await kv.get("after")).toBe(2);
    await kv.close();
  });

  it("a directory that cannot be created → unavailable", async () => {
    const file = path.join(root, "not-a-dir");
    await writeFile(file, "");
    const kv = new FileKv({ dir: path.join(file, "kv") });
    await expectFastFailure(() => kv.get("k"), ["unavailable"]);
    await expectFastFailure(() => kv.set("k", 1, 60), ["unavailable"]);
    await kv.close();
  });

  it("setIfAbsent is atomic across processes: exactly one winner per key", async () => {
    const dir = freshDir();
    const children = Array.from({ length: CHILD_COUNT }, (_, child) =>
      startChild(dir, String((child * KEYS_PER_CHILD) / CHILD_COUNT)),
    );
    await Promise.all(children.map((c) => c.ready));
    for (const c of children) c.go();
    const results = await Promise.all(children.map((c) => c.result));
    for (let k = 0; k < KEYS_PER_CHILD; k++) {
      expect(results.filter((won) => won[k]).length).toBe(1);
    }
    const kv = new FileKv({ dir, timeoutMs: BUDGET_MS });
    expect(await kv.get("race-0")).toEqual({ pid: expect.any(Number) });
    await kv.close();
  });
});
