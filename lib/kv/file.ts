/**
 * Embedded, durable KV: one JSON file per key under a directory (KV_DIR).
 *
 * - File names are SHA-256 hashes of the key; each file holds `{key, expiresAt, value}`.
 * - Writes are atomic (temp file + fsync + rename), so readers never see a partial entry.
 * - Every mutation of a key holds that key's lock file (`open(..., "wx")`), which makes
 *   `setIfAbsent` atomic across processes and keeps pruning from deleting a fresh write.
 * - Expired entries are ignored on read and pruned then, and by a sweep every N writes
 *   (triggered by writes: no timers, so nothing keeps the process alive).
 */
import { mkdir, readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";

import { getConfig } from "@/lib/config";

import {
  ENTRY_SUFFIX,
  STALE_SUFFIX,
  TMP_SUFFIX,
  acquireLock,
  atomicWrite,
  entryPath,
  lockPath,
  readEntry,
  serialiseEntry,
  tryLock,
} from "./file-io";
import {
  assertKey,
  closedError,
  counterValue,
  encodeValue,
  errorCode,
  ttlToMs,
  withBudget,
  type Clock,
} from "./shared";
import { KvError, type KvStore } from "./types";

const DRIVER = "file";
const DEFAULT_SWEEP_EVERY_WRITES = 200;
/** A lock file older than this was left by a crashed process (critical sections take ms). */
const DEFAULT_LOCK_STALE_MS = 10_000;
/** Temp files older than this are leftovers of a crash mid-write. */
const TMP_STALE_MS = 60_000;
const FULL_DISK_CODES = new Set(["ENOSPC", "EDQUOT", "EROFS", "EFBIG"]);

export interface FileKvOptions {
  dir: string;
  timeoutMs?: number;
  now?: Clock;
  sweepEveryWrites?: number;
  lockStaleMs?: number;
}

export class FileKv implements KvStore {
  readonly driver = DRIVER;
  readonly dir: string;
  readonly #timeoutMs: number;
  readonly #now: Clock;
  readonly #sweepEvery: number;
  readonly #lockStaleMs: number;
  #ready: Promise<void> | undefined;
  #writes = 0;
  #sweeping: Promise<void> | undefined;
  #closed = false;
  /** Per-key tail of this process' queued writers. */
  readonly #queues = new Map<string, Promise<void>>();

  constructor(options: FileKvOptions) {
    this.dir = path.resolve(options.dir);
    this.#timeoutMs = options.timeoutMs ?? getConfig().kvTimeoutMs;
    this.#now = options.now ?? Date.now;
    this.#sweepEvery = options.sweepEveryWrites ?? DEFAULT_SWEEP_EVERY_WRITES;
    this.#lockStaleMs = options.lockStaleMs ?? DEFAULT_LOCK_STALE_MS;
  }

  get<T = unknown>(key: string): Promise<T | undefined> {
    return this.#run("get", key, async () => {
      const entry = await readEntry(entryPath(this.dir, key), key);
      if (entry === undefined) return undefined;
      if (entry.expiresAt > this.#now()) return entry.value as T;
      await this.#pruneIfExpired(key);
      return undefined;
    });
  }

  set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    return this.#run("set", key, async (deadline) => {
      const content = this.#serialise(key, value, ttlSeconds);
      await this.#withLock(key, deadline, () => atomicWrite(entryPath(this.dir, key), content));
      this.#countWrite();
    });
  }

  delete(key: string): Promise<void> {
    return this.#run("delete", key, (deadline) =>
      this.#withLock(key, deadline, () => removeIfPresent(entryPath(this.dir, key))),
    );
  }

  setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean> {
    return this.#run("setIfAbsent", key, async (deadline) => {
      const content = this.#serialise(key, value, ttlSeconds);
      const file = entryPath(this.dir, key);
      const taken = await this.#withLock(key, deadline, async () => {
        const existing = await readEntry(file, key);
        if (existing && existing.expiresAt > this.#now()) return false;
        await atomicWrite(file, content);
        return true;
      });
      if (taken) this.#countWrite();
      return taken;
    });
  }

  incr(key: string, ttlSeconds: number): Promise<number> {
    return this.#run("incr", key, async (deadline) => {
      const ttlMs = ttlToMs(DRIVER, ttlSeconds);
      const file = entryPath(this.dir, key);
      const count = await this.#withLock(key, deadline, async () => {
        const existing = await readEntry(file, key);
        const live = existing && existing.expiresAt > this.#now() ? existing : undefined;
        const next = live ? counterValue(DRIVER, live.value) + 1 : 1;
        const expiresAt = live?.expiresAt ?? this.#now() + ttlMs;
        await atomicWrite(file, serialiseEntry(key, expiresAt, encodeValue(DRIVER, next)));
        return next;
      });
      this.#countWrite();
      return count;
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#sweeping;
  }

  /** Removes expired entries and crash leftovers; normally triggered every N writes. */
  async sweep(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return;
    }
    const now = Date.now();
    for (const name of names) {
      const file = path.join(this.dir, name);
      if (name.endsWith(ENTRY_SUFFIX)) {
        const entry = await readEntry(file, undefined).catch(() => undefined);
        if (entry && entry.expiresAt <= this.#now()) await this.#pruneIfExpired(entry.key);
      } else if (name.endsWith(TMP_SUFFIX) || name.endsWith(STALE_SUFFIX)) {
        const info = await stat(file).catch(() => undefined);
        if (info && now - info.mtimeMs > TMP_STALE_MS) await removeIfPresent(file);
      }
    }
  }

  #serialise(key: string, value: unknown, ttlSeconds: number): string {
    const expiresAt = this.#now() + ttlToMs(DRIVER, ttlSeconds);
    return serialiseEntry(key, expiresAt, encodeValue(DRIVER, value));
  }

  #run<T>(op: string, key: string, body: (deadline: number) => Promise<T>): Promise<T> {
    return withBudget(DRIVER, op, this.#timeoutMs, classifyFileError, async (deadline) => {
      if (this.#closed) throw closedError(DRIVER);
      assertKey(DRIVER, key);
      await this.#ensureDir();
      try {
        return await body(deadline);
      } catch (error) {
        // The directory was removed under us (e.g. a test wiping KV_DIR): recreate it once.
        if (errorCode(error) !== "ENOENT") throw error;
        this.#ready = undefined;
        await this.#ensureDir();
        return body(deadline);
      }
    });
  }

  #ensureDir(): Promise<void> {
    this.#ready ??= mkdir(this.dir, { recursive: true }).then(
      () => undefined,
      (error: unknown) => {
        this.#ready = undefined; // try again on the next operation
        throw error;
      },
    );
    return this.#ready;
  }

  /**
   * Runs `body` holding the key's lock file. Writers of the same key in this process queue up
   * first (no lock-file polling among themselves); a turn that comes after the deadline is
   * skipped, so a caller that already got `timeout` never sees its write land later.
   */
  #withLock<T>(key: string, deadline: number, body: () => Promise<T>): Promise<T> {
    const previous = this.#queues.get(key) ?? Promise.resolve();
    const turn = previous.then(async () => {
      if (Date.now() >= deadline)
        throw new KvError("timeout", DRIVER, "timed out queueing for a key");
      const release = await acquireLock(lockPath(this.dir, key), deadline, this.#lockStaleMs);
      try {
        return await body();
      } finally {
        await release();
      }
    });
    const tail = turn.then(
      () => undefined,
      () => undefined,
    );
    this.#queues.set(key, tail);
    void tail.then(() => {
      if (this.#queues.get(key) === tail) this.#queues.delete(key);
    });
    return turn;
  }

  /** Deletes the entry if it is (still) expired; skipped when a writer holds the key. */
  async #pruneIfExpired(key: string): Promise<void> {
    const release = await tryLock(lockPath(this.dir, key), this.#lockStaleMs).catch(
      () => undefined,
    );
    if (!release) return;
    try {
      const file = entryPath(this.dir, key);
      const entry = await readEntry(file, key).catch(() => undefined);
      if (entry && entry.expiresAt <= this.#now()) await removeIfPresent(file);
    } finally {
      await release();
    }
  }

  #countWrite(): void {
    this.#writes += 1;
    if (this.#sweepEvery > 0 && this.#writes % this.#sweepEvery === 0 && !this.#sweeping) {
      this.#sweeping = this.sweep()
        .catch(() => undefined)
        .finally(() => {
          this.#sweeping = undefined;
        });
    }
  }
}

async function removeIfPresent(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error;
  }
}

function classifyFileError(error: unknown): KvError {
  const code = errorCode(error);
  const kind = code && FULL_DISK_CODES.has(code) ? "rejected" : "unavailable";
  return new KvError(kind, DRIVER, `file store ${kind}${code ? ` (${code})` : ""}`, {
    cause: error,
  });
}
