/**
 * The history routes' schemas (zod) must stay out of the pages' first load: the pages' history
 * code imports only their types from lib/history-api, never a value.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../../../..");
const FILES = [
  ...["components/history", "lib/history-series"].flatMap((dir) =>
    readdirSync(path.join(ROOT, dir)).map((f) => path.join(dir, f)),
  ),
  "components/chains/ChainLocalDepegEvents.tsx",
  "components/chains/ChainLocalDepegEventsList.tsx",
];

it.each(FILES)("%s imports only types from lib/history-api", (file) => {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  const valueImports = [
    ...source.matchAll(/import\s+(type\s+)?[^;]*?from\s+"@\/lib\/history-api[^"]*"/g),
  ]
    .filter((m) => !m[1])
    .map((m) => m[0]);
  expect(valueImports).toEqual([]);
});
