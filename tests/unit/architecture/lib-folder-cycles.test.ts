/**
 * Imports between lib folders point one way: no cycle between two folders (e.g. one folder's
 * reader importing the asset layer that imports it back). Read from the sources' import lines.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");
const LIB = path.join(ROOT, "lib");
const IMPORT = /(?:from|import)\s*\(?\s*"([^"]+)"/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** `lib/<folder>/…` → folder; a file directly in lib is its own folder. */
const folderOf = (file: string): string | null => {
  const rel = path.relative(LIB, file).split(path.sep);
  if (rel[0] === ".." || rel.length === 0) return null;
  return rel.length > 1 ? rel[0]! : rel[0]!.replace(/\.tsx?$/, "");
};

function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sources(LIB)) {
    const from = folderOf(file)!;
    for (const [, spec] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = spec!.startsWith("@/")
        ? path.join(ROOT, spec!.slice(2))
        : spec!.startsWith(".")
          ? path.resolve(path.dirname(file), spec!)
          : null;
      const to = target ? folderOf(target) : null;
      if (to === null || to === from) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** Every pair of folders that reach each other. */
function cycles(graph: Map<string, Set<string>>): string[] {
  const reach = (from: string): Set<string> => {
    const seen = new Set<string>();
    const todo = [...(graph.get(from) ?? [])];
    while (todo.length > 0) {
      const next = todo.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      todo.push(...(graph.get(next) ?? []));
    }
    return seen;
  };
  const out: string[] = [];
  for (const a of graph.keys())
    for (const b of graph.get(a) ?? [])
      if (reach(b).has(a)) out.push(`lib/${a} → lib/${b} → … → lib/${a}`);
  return out.sort();
}

it("no import cycle between lib folders", () => {
  expect(cycles(folderGraph())).toEqual([]);
});

it("the check sees a cycle when there is one", () => {
  const graph = new Map([
    ["market", new Set(["assets"])],
    ["assets", new Set(["snapshot", "market"])],
  ]);
  expect(cycles(graph)).toEqual([
    "lib/assets → lib/market → … → lib/assets",
    "lib/market → lib/assets → … → lib/market",
  ]);
});
