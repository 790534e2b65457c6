/** The secret scanner itself: it must find a canary wherever it sits (chunk edges, UTF-16). */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { canariesIn, loadCanaries } from "@/scripts/check-secrets";
import { CANARY_CG_KEY, CANARY_DUNE_KEY } from "../helpers/harness";
import { CANARY_WRITE_KEY } from "./canaries";

describe("scripts/check-secrets.ts", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "check-secrets-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads every canary from its source file", () => {
    const values = loadCanaries().map((c) => c.value);
    expect(values).toEqual(
      expect.arrayContaining([CANARY_DUNE_KEY, CANARY_CG_KEY, CANARY_WRITE_KEY]),
    );
    expect(loadCanaries().find((c) => c.name === "DEMO_READ_KEY")?.value).toMatch(/^\S{8,}$/);
    expect(new Set(values).size).toBe(values.length);
  });

  it("finds a canary across a 1 MiB chunk boundary, in UTF-16, and not in a clean file", () => {
    const canaries = loadCanaries();
    const edge = path.join(dir, "edge.js");
    const pad = Buffer.alloc(1024 * 1024 - 5, "a");
    writeFileSync(edge, Buffer.concat([pad, Buffer.from(CANARY_DUNE_KEY), pad]));
    expect(canariesIn(edge, canaries)).toEqual(["CANARY_DUNE_KEY"]);
    const wide = path.join(dir, "wide.bin");
    writeFileSync(wide, Buffer.from(`x${CANARY_WRITE_KEY}y`, "utf16le"));
    expect(canariesIn(wide, canaries)).toEqual(["CANARY_WRITE_KEY"]);
    const clean = path.join(dir, "clean.txt");
    writeFileSync(clean, "canary-dune-read-key (prefix only)\n");
    expect(canariesIn(clean, canaries)).toEqual([]);
  });
});
