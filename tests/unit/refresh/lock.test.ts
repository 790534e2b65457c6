/** The pass lock (lib/refresh/lock.ts) on the memory driver, at explicit clock readings. */
import { MemoryKv } from "@/lib/kv/memory";
import { REFRESH_LOCK_KEY } from "@/lib/refresh/constants";
import { takePassLock } from "@/lib/refresh/lock";

const T0 = Date.UTC(2026, 10, 25, 12, 0, 0);
const TTL_SECONDS = 60;

describe("pass lock", () => {
  it("one holder at a time; released, it can be taken again", async () => {
    const kv = new MemoryKv({ now: () => T0 });
    const first = await takePassLock(kv, TTL_SECONDS);
    expect(first).not.toBeNull();
    expect(await takePassLock(kv, TTL_SECONDS)).toBeNull();
    await first!.release();
    expect(await kv.get(REFRESH_LOCK_KEY)).toBeUndefined();
    expect(await takePassLock(kv, TTL_SECONDS)).not.toBeNull();
  });

  it("lapses with its TTL; a late holder never releases its successor's lock", async () => {
    let now = T0;
    const kv = new MemoryKv({ now: () => now });
    const crashed = await takePassLock(kv, TTL_SECONDS);
    now = T0 + TTL_SECONDS * 1_000;
    const next = await takePassLock(kv, TTL_SECONDS);
    expect(next).not.toBeNull();
    await crashed!.release();
    expect(await kv.get(REFRESH_LOCK_KEY)).toEqual({ token: next!.token });
    expect(await takePassLock(kv, TTL_SECONDS)).toBeNull();
  });
});
