/**
 * Shared constants live in one dependency-free module (issue 25 §8): milliseconds per second,
 * the USD peg type and the EVM address pattern are defined in `lib/domain/constants.ts` only,
 * and that module imports nothing (client bundles reach it through `lib/api/params.ts`).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { EVM_ADDRESS_PATTERN, MS_PER_SECOND, USD_PEG_TYPE } from "@/lib/domain/constants";

const ROOT = path.join(__dirname, "../../..");
const CONSTANTS_FILE = path.join(ROOT, "lib/domain/constants.ts");
const SOURCE_DIRS = ["lib", "app", "components"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** A definition or literal use of each shared constant's value outside the one module. */
const REDEFINITIONS: readonly { what: string; pattern: RegExp }[] = [
  { what: "milliseconds per second", pattern: /\b(?:const|let)\s+MS_PER_SECOND\b/ },
  { what: "the USD peg type", pattern: /["']peggedUSD["']/ },
  { what: "the EVM address pattern", pattern: /0x\[0-9a-fA-F\]\{40\}/ },
];

describe("shared constants (lib/domain/constants.ts)", () => {
  it("has the values the providers and the address checks use", () => {
    expect(MS_PER_SECOND).toBe(1000);
    expect(USD_PEG_TYPE).toBe("peggedUSD");
    expect(EVM_ADDRESS_PATTERN.test(`0x${"aB".repeat(20)}`)).toBe(true);
    expect(EVM_ADDRESS_PATTERN.test(`0x${"a".repeat(39)}`)).toBe(false);
  });

  it("imports nothing", () => {
    expect(readFileSync(CONSTANTS_FILE, "utf8")).not.toMatch(/^\s*import\b/m);
  });

  it.each(REDEFINITIONS)("is the only place that defines $what", ({ pattern }) => {
    const offenders = SOURCE_DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d)))
      .filter((f) => f !== CONSTANTS_FILE)
      .filter((f) => pattern.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});
