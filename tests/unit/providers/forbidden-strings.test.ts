/**
 * Guard: nothing under lib/providers may start, re-run or stop a Dune query, or send anything
 * but GET (docs/route-contract.md rules 1–2 and "Upstream calls").
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const PROVIDERS_DIR = path.join(__dirname, "../../../lib/providers");
const FORBIDDEN: RegExp[] = [
  /\/execute/i,
  /\/execution\//i,
  /\/sql\//i,
  /cancel/i,
  /refresh/i,
  /method:\s*["']POST["']/i,
  /\bPOST\b/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory()
      ? sourceFiles(full)
      : /\.(ts|tsx|js|mjs|cjs)$/.test(name)
        ? [full]
        : [];
  });
}

describe("lib/providers source", () => {
  const files = sourceFiles(PROVIDERS_DIR);

  it("has the expected provider clients", () => {
    const relative = files.map((f) => path.relative(PROVIDERS_DIR, f));
    for (const expected of [
      "http.ts",
      "index.ts",
      "defillama/client.ts",
      "coingecko/client.ts",
      "dexscreener/client.ts",
      "dune/client.ts",
    ]) {
      expect(relative).toContain(expected);
    }
  });

  it.each(FORBIDDEN.map((p) => [String(p), p] as const))("contains no %s", (_name, pattern) => {
    const offenders = files.filter((file) => pattern.test(readFileSync(file, "utf8")));
    expect(offenders.map((f) => path.relative(PROVIDERS_DIR, f))).toEqual([]);
  });

  it("only ever uses method GET", () => {
    for (const file of files) {
      const methods = readFileSync(file, "utf8").match(/method:\s*["'][A-Za-z]+["']/g) ?? [];
      for (const m of methods) expect(m).toMatch(/"GET"|'GET'/);
    }
  });
});
