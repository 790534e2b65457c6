/** Cache-only reads (`peekFamily`, `lib/snapshot/reader.ts`): a stored value or null, never a provider call. */
import { z } from "zod";
import { MemoryKv } from "@/lib/kv/memory";
import { forgetLocalState } from "@/lib/snapshot/local-state";
import { peekFamily } from "@/lib/snapshot/reader";
import { readFamily } from "@/lib/snapshot/reader";

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const schema = z.object({ n: z.number() });
const HOUR_MS = 3_600_000;

beforeEach(() => forgetLocalState());

describe("peekFamily", () => {
  it("is null for a key never stored", async () => {
    const kv = new MemoryKv({ now: () => T0 });
    const got = await peekFamily({
      family: "history:hourly",
      key: "t:peek:0",
      schema,
      opts: { kv },
    });
    expect(got).toBeNull();
  });

  it("returns what a read stored, from this process or (after a restart) from the store, stale too", async () => {
    let now = T0;
    const kv = new MemoryKv({ now: () => now });
    const fetch = jest.fn(async () => ({ n: 7 }));
    const key = "t:peek:1";
    await readFamily({
      family: "history:hourly",
      key,
      schema,
      fetch,
      opts: { kv, now: () => now },
    });
    expect(await peekFamily({ family: "history:hourly", key, schema, opts: { kv } })).toEqual({
      value: { n: 7 },
      storedAt: T0,
    });
    forgetLocalState();
    now = T0 + 2 * HOUR_MS; // past the hourly family's 1 h freshness: stale, still returned
    const opts = { kv, now: () => now };
    expect(await peekFamily({ family: "history:hourly", key, schema, opts })).toEqual({
      value: { n: 7 },
      storedAt: T0,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("treats an entry of another shape as absent", async () => {
    const kv = new MemoryKv({ now: () => T0 });
    await kv.set("t:peek:2", { v: 2, storedAt: T0, value: { n: "x" } }, 60);
    expect(
      await peekFamily({ family: "history:daily", key: "t:peek:2", schema, opts: { kv } }),
    ).toBeNull();
  });
});
