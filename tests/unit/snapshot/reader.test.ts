/**
 * The one reader factory (`lib/snapshot/reader.ts`, issue 25 §8): every key family's reader is
 * one `readFamily` call, and the request's options (store, clock, abort signal) are applied
 * there only. Counts and states, no timings.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { MemoryKv } from "@/lib/kv/memory";
import { forgetLocalState } from "@/lib/snapshot/local-state";
import { readFamily } from "@/lib/snapshot/reader";

const ROOT = path.join(__dirname, "../../..");
const SNAPSHOT_DIR = path.join(ROOT, "lib/snapshot");
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const schema = z.object({ n: z.number() });

beforeEach(() => forgetLocalState());

describe("readFamily", () => {
  it("reads through the caller's store and clock", async () => {
    const kv = new MemoryKv({ now: () => T0 });
    const fetch = jest.fn(async () => ({ n: 1 }));
    const source = { family: "live:tickers", key: "test:reader:1", schema, fetch } as const;
    const first = await readFamily({ ...source, opts: { kv, now: () => T0 } });
    expect(first).toMatchObject({ value: { n: 1 }, source: "upstream", storedAt: T0 });
    expect(await kv.get("test:reader:1")).toMatchObject({ storedAt: T0, value: { n: 1 } });
    forgetLocalState(); // another instance: the entry comes from the caller's store
    const again = await readFamily({ ...source, opts: { kv, now: () => T0 + 1 } });
    expect(again).toMatchObject({ value: { n: 1 }, source: "cache" });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("gives up on the caller's abort signal, without failing the shared fill", async () => {
    const kv = new MemoryKv();
    let release!: (v: { n: number }) => void;
    let started!: () => void;
    const fetching = new Promise<void>((r) => (started = r));
    const fetch = jest.fn(() => {
      started();
      return new Promise<{ n: number }>((r) => (release = r));
    });
    const source = { family: "live:tickers", key: "test:reader:2", schema, fetch } as const;
    const controller = new AbortController();
    const mine = readFamily({ ...source, opts: { kv, signal: controller.signal } });
    const theirs = readFamily({ ...source, opts: { kv } });
    await fetching;
    controller.abort();
    await expect(mine).rejects.toBeDefined();
    release({ n: 2 });
    await expect(theirs).resolves.toMatchObject({ value: { n: 2 } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("the readers of lib/snapshot", () => {
  const sources = readdirSync(SNAPSHOT_DIR)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => ({ file: f, text: readFileSync(path.join(SNAPSHOT_DIR, f), "utf8") }));

  it("call readThrough only through the factory", () => {
    const direct = sources
      .filter((s) => s.file !== "reader.ts" && s.file !== "read-through.ts")
      .filter((s) =>
        /import\s*\{[^}]*\breadThrough\b[^}]*\}\s*from\s*"\.\/read-through"/.test(s.text),
      )
      .map((s) => s.file);
    expect(direct).toEqual([]);
  });

  it("declare the read options once (ReadOpts in read-opts.ts)", () => {
    const all = ["lib", "app"].flatMap((d) => filesUnder(path.join(ROOT, d)));
    const declaring = all
      .filter((f) =>
        /^\s*(?:export\s+)?(?:interface|type)\s+ReadOpts\b/m.test(readFileSync(f, "utf8")),
      )
      .map((f) => path.relative(ROOT, f));
    expect(declaring).toEqual(["lib/snapshot/read-opts.ts"]);
    const inline = all
      .filter((f) => /opts\??:\s*\{\s*(?:kv|signal)\?/.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(ROOT, f));
    expect(inline).toEqual([]);
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}
