/**
 * The pass lock: one instance runs a refresher pass at a time, across every instance sharing the
 * store (file, Redis, Vercel KV or memory: set-if-absent with a TTL). The TTL outlives the pass'
 * own time budget, so a crashed holder's lock lapses on its own; a holder releases it when its
 * pass ends, failed or not, and only while it still holds it (its token).
 */
import { randomUUID } from "node:crypto";
import type { KvStore } from "@/lib/kv/types";
import { REFRESH_LOCK_KEY } from "./constants";

export interface PassLock {
  token: string;
  release(): Promise<void>;
}

/** The lock, or null when another instance holds it. Store errors are thrown (`KvError`). */
export async function takePassLock(kv: KvStore, ttlSeconds: number): Promise<PassLock | null> {
  const token = randomUUID();
  const taken = await kv.setIfAbsent(REFRESH_LOCK_KEY, { token }, ttlSeconds);
  if (!taken) return null;
  return {
    token,
    async release() {
      try {
        const held = await kv.get<{ token?: unknown }>(REFRESH_LOCK_KEY);
        // Lapsed and taken by another instance meanwhile: theirs, not ours to delete.
        if (held && held.token === token) await kv.delete(REFRESH_LOCK_KEY);
      } catch {
        // It lapses with its TTL.
      }
    },
  };
}
