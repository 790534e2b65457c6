/** Cache-only reads (`lib/snapshot/peek.ts`): a stored value or null, never a provider call. */
import { z } from "zod";
import { MemoryKv } from "@/lib/kv/memory";
import { forgetLocalState } from "@/lib/snapshot/local-state";
import { peekFamily } from "@/lib/snapshot/peek";
import { NotWarmError } from "@/lib/snapshot/read-errors";
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

describe("warm-only reads (ReadOpts.warmOnly, the history sampler)", () => {
  let now = T0;
  const kv = new MemoryKv({ now: () => now });
  const hourly = (key: string, fetch: () => Promise<{ n: number }>, warmOnly?: boolean) =>
    readFamily({
      family: "history:hourly",
      key,
      schema,
      fetch,
      opts: { kv, now: () => now, warmOnly },
    });
  beforeEach(() => {
    now = T0;
  });

  it("serve a copy within its fresh time, from this process or the store, with no call", async () => {
    const fetch = jest.fn(async () => ({ n: 3 }));
    await hourly("t:warm:1", fetch);
    now = T0 + HOUR_MS / 2;
    const warm = { value: { n: 3 }, storedAt: T0, source: "cache" };
    await expect(hourly("t:warm:1", fetch, true)).resolves.toMatchObject(warm);
    forgetLocalState(); // another instance: the store's entry
    await expect(hourly("t:warm:1", fetch, true)).resolves.toMatchObject(warm);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("refuse a stale or missing key (NotWarmError) and never ask the provider", async () => {
    const fetch = jest.fn(async () => ({ n: 4 }));
    await expect(hourly("t:warm:2", fetch, true)).rejects.toBeInstanceOf(NotWarmError);
    await hourly("t:warm:2", fetch);
    now = T0 + 2 * HOUR_MS; // past the hourly family's 1 h freshness
    await expect(hourly("t:warm:2", fetch, true)).rejects.toBeInstanceOf(NotWarmError);
    expect(fetch).toHaveBeenCalledTimes(1); // the one plain read
  });
});
