/**
 * Filesystem primitives for the file KV driver: hashed file names, atomic writes
 * (temp file + fsync + rename) and per-key lock files taken with `open(..., "wx")`, which is
 * atomic across processes on a local filesystem.
 */
import { createHash, randomUUID } from "node:crypto";
import { link, open, readFile, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";

import { errorCode, sleep } from "./shared";
import { KvError } from "./types";

const DRIVER = "file";
export const ENTRY_SUFFIX = ".json";
export const LOCK_SUFFIX = ".lock";
export const TMP_SUFFIX = ".tmp";
export const STALE_SUFFIX = ".stale";
/** Poll interval while another writer holds a key's lock. */
const LOCK_RETRY_MS = 3;

export interface StoredEntry {
  key: string;
  expiresAt: number;
  value: unknown;
}

/** File name stem for a key: SHA-256 hex, so any key (slashes, "..", unicode, 10 kB) is safe. */
export function keyStem(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function entryPath(dir: string, key: string): string {
  return path.join(dir, keyStem(key) + ENTRY_SUFFIX);
}

export function lockPath(dir: string, key: string): string {
  return path.join(dir, keyStem(key) + LOCK_SUFFIX);
}

/** Serialises an entry around an already JSON-encoded value. */
export function serialiseEntry(key: string, expiresAt: number, valueJson: string): string {
  return `{"key":${JSON.stringify(key)},"expiresAt":${expiresAt},"value":${valueJson}}`;
}

/** Reads an entry: `undefined` when the file is absent; unparsable content → `corrupt`. */
export async function readEntry(
  file: string,
  key: string | undefined,
): Promise<StoredEntry | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new KvError("corrupt", DRIVER, `entry file ${path.basename(file)} is not valid JSON`, {
      cause: error,
    });
  }
  const entry = parsed as Partial<StoredEntry> | null;
  const valid =
    typeof entry === "object" &&
    entry !== null &&
    typeof entry.key === "string" &&
    typeof entry.expiresAt === "number" &&
    "value" in entry &&
    (key === undefined || entry.key === key);
  if (!valid)
    throw new KvError(
      "corrupt",
      DRIVER,
      `entry file ${path.basename(file)} has an unexpected shape`,
    );
  return entry as StoredEntry;
}

/** Writes `content` to a temp file in the same directory, fsyncs it, then renames it into place. */
export async function atomicWrite(file: string, content: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomUUID()}${TMP_SUFFIX}`;
  try {
    const handle = await open(tmp, "wx");
    try {
      await handle.writeFile(content, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
  } catch (error) {
    await unlink(tmp).catch(() => undefined);
    throw error;
  }
}

export type Release = () => Promise<void>;

/** Takes the lock once, without waiting: `undefined` when somebody else holds it. */
export async function tryLock(file: string, staleMs: number): Promise<Release | undefined> {
  const token = `${process.pid}:${randomUUID()}`;
  try {
    const handle = await open(file, "wx");
    try {
      await handle.writeFile(token, "utf8");
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (errorCode(error) !== "EEXIST") throw error;
    await breakIfStale(file, staleMs);
    return undefined;
  }
  return async () => {
    // Only remove the lock if it is still ours (it may have been broken as stale).
    const current = await readFile(file, "utf8").catch(() => undefined);
    if (current === token) await unlink(file).catch(() => undefined);
  };
}

/** Waits for the lock until `deadline` (then a `timeout` KvError). */
export async function acquireLock(
  file: string,
  deadline: number,
  staleMs: number,
): Promise<Release> {
  for (;;) {
    const release = await tryLock(file, staleMs);
    if (release) return release;
    if (Date.now() >= deadline)
      throw new KvError("timeout", DRIVER, "timed out waiting for a key lock");
    await sleep(LOCK_RETRY_MS);
  }
}

/** A lock older than `staleMs` was left by a crashed writer: move it aside and delete it. */
async function breakIfStale(file: string, staleMs: number): Promise<void> {
  const info = await stat(file).catch(() => undefined);
  if (!info || Date.now() - info.mtimeMs < staleMs) return;
  const aside = `${file}.${randomUUID()}${STALE_SUFFIX}`;
  try {
    await rename(file, aside);
  } catch {
    return; // somebody else broke or released it first
  }
  // Between stat and rename another process may have broken it and taken a fresh lock:
  // if what we moved aside is fresh, put it back (link fails if the name is taken again).
  const moved = await stat(aside).catch(() => undefined);
  if (moved && Date.now() - moved.mtimeMs < staleMs) await link(aside, file).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}
