/**
 * Empties a running server's file store between cold samples. Since a request waits at most its
 * wait budget, the fills behind a cold answer go on writing after it; removing the tree while they
 * do fails (ENOTEMPTY) or leaves their late entries in the next "cold" store. So: wait until the
 * tree stops changing, then move it aside in one rename (a late write recreates an empty store)
 * and remove the moved copy.
 */
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { FakeUpstream } from "../../tests/fake-upstream/server";

/** How long the tree must stay unchanged, how often it is looked at, and when to stop waiting. */
const QUIET_MS = 1_500;
const POLL_MS = 250;
const SETTLE_CAP_MS = 20_000;

function treeSignature(dir: string): string {
  if (!existsSync(dir)) return "";
  const parts: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    try {
      const st = statSync(path.join(dir, entry));
      parts.push(`${entry}:${st.size}:${st.mtimeMs}`);
    } catch {
      parts.push(`${entry}:gone`); // removed between the listing and the stat: still changing
    }
  }
  return parts.sort().join("|");
}

/** Resolves once `signature()` has not changed for `QUIET_MS`, or after `SETTLE_CAP_MS`. */
async function settled(signature: () => string): Promise<void> {
  const startedMs = Date.now();
  let last = signature();
  let quietSinceMs = Date.now();
  while (Date.now() - quietSinceMs < QUIET_MS && Date.now() - startedMs < SETTLE_CAP_MS) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const now = signature();
    if (now !== last) {
      last = now;
      quietSinceMs = Date.now();
    }
  }
}

/** Background fills are over: no upstream call in flight or started for `QUIET_MS`. */
export function upstreamSettled(fake: FakeUpstream): Promise<void> {
  return settled(() => {
    const log = fake.requests();
    const open = log.filter((r) => r.finishedAt === undefined).length;
    return `${log.length}:${open}`;
  });
}

/** For the file store: its tree is settled, then emptied (see the header). */
export async function emptyStoreDir(dir: string): Promise<void> {
  await settled(() => treeSignature(dir));
  if (!existsSync(dir)) return;
  const aside = `${dir}.emptied-${Date.now()}`;
  renameSync(dir, aside);
  rmSync(aside, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
}
