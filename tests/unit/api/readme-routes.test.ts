/** The README's tables: its routes are the OpenAPI document's, its upstream calls the sources'. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { openApiDocument } from "@/lib/api/openapi";
import { SOURCES } from "@/lib/providers/sources";

const README = readFileSync(path.join(__dirname, "../../../README.md"), "utf8");

/** Paths of the `GET …` cells in the first column of the "JSON routes" table. */
function readmeRoutes(): string[] {
  const section = README.split(/^## /m).find((s) => s.startsWith("JSON routes"))!;
  const firstCells = section
    .split("\n")
    .filter((l) => l.startsWith("| `GET "))
    .map((l) => l.split("|")[1]!);
  return firstCells.flatMap((cell) => [...cell.matchAll(/`GET ([^`]+)`/g)].map((m) => m[1]!));
}

describe("README route table", () => {
  const documented = Object.keys(openApiDocument().paths as Record<string, unknown>);

  it("lists every route of the OpenAPI document", () => {
    expect(documented.length).toBeGreaterThan(10);
    const listed = new Set(readmeRoutes());
    expect(documented.filter((p) => !listed.has(p))).toEqual([]);
  });

  it("lists no route the document lacks", () => {
    expect(readmeRoutes().filter((p) => !documented.includes(p))).toEqual([]);
  });
});

describe("README upstream table", () => {
  const rows = README.split(/^## /m)
    .find((s) => s.startsWith("Upstream calls"))!
    .split("\n")
    .filter((l) => l.startsWith("|"));
  const cells = (l: string) => l.split("|").map((c) => c.trim());

  it("has one separator row, no repeated call, and a row for every source", () => {
    expect(rows.filter((l) => /^\|[\s|-]+\|$/.test(l))).toHaveLength(1);
    const calls = rows.slice(2).map((l) => `${cells(l)[1]} ${cells(l)[2]!.split("?")[0]}`);
    expect(calls.filter((c, i) => calls.indexOf(c) !== i)).toEqual([]);
    const providers = new Set(rows.slice(2).map((l) => cells(l)[1]));
    expect(SOURCES.map((s) => s.name).filter((n) => !providers.has(n))).toEqual([]);
  });
});
