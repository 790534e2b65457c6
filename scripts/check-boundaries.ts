/**
 * Boundary checks (docs/route-contract.md, docs/execution-gate.md), run by `npm test` after
 * `next build` (scripts/test-all.sh). Three checks, each printing what it checked and failing
 * loudly with the offending file:
 *
 *   (a) import graph (dependency-cruiser, `.dependency-cruiser.cjs`, tsconfig `@/*` paths):
 *       nothing served can reach lib/operator/executor.ts or lib/config/operator.ts; only
 *       scripts/prime-snapshots.ts imports the executor; nothing in lib/ imports lib/api/;
 *       lib/refresh imports no route builder;
 *   (b) build output: no server bundle (`.next/server/**`: route and page bundles under
 *       `server/app`, the chunks they load, instrumentation, edge) and no client bundle
 *       (`.next/static/**`) contains the execute path or a gate variable / acknowledgment phrase;
 *   (c) sources of lib/providers, lib/snapshot, app, components: no execute/execution/cancel
 *       path and no POST to Dune.
 *
 * Without a production build (`.next/BUILD_ID`), (b) is SKIPPED with a notice unless
 * `--require-build` is passed or `CI` is set, in which case a missing build fails.
 * Usage: npx tsx scripts/check-boundaries.ts [--require-build]
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "..");

export interface CheckResult {
  name: string;
  ok: boolean;
  skipped?: boolean;
  /** What was checked (always printed). */
  summary: string;
  /** Offending files / edges (printed on failure). */
  problems: string[];
}

interface Pattern {
  label: string;
  regex: RegExp;
}

/** (b) Strings that must never appear in a built server or client bundle. */
export const BUNDLE_FORBIDDEN: readonly Pattern[] = [
  { label: "execute path (/execute)", regex: /\/execute\b/ },
  { label: "execution status path (/execution/)", regex: /\/execution\// },
  { label: "DUNE_WRITE_API_KEY", regex: /DUNE_WRITE_API_KEY/ },
  { label: "DUNE_EXECUTION_ACK", regex: /DUNE_EXECUTION_ACK/ },
  { label: "DUNE_ALLOW_EXECUTION", regex: /DUNE_ALLOW_EXECUTION/ },
  { label: "ALLOW_DUNE_EXECUTION", regex: /ALLOW_DUNE_EXECUTION/ },
  { label: "I_UNDERSTAND_THIS_COSTS_CREDITS", regex: /I_UNDERSTAND_THIS_COSTS_CREDITS/ },
];

/** (c) Strings that must never appear in the read-path sources. */
export const SOURCE_FORBIDDEN: readonly Pattern[] = [
  { label: "execute path (/execute)", regex: /\/execute\b/ },
  { label: "execution path (/execution/)", regex: /\/execution\// },
  { label: "cancel path (/cancel)", regex: /\/cancel\b/ },
];
const POST_METHOD = /method\s*:\s*["'`]post["'`]/i;
const MENTIONS_DUNE = /dune/i;
/** Read-path sources: every request in these folders is a GET, to Dune or anyone else. */
const GET_ONLY_DIRS = ["lib/providers", "lib/snapshot"];
export const SOURCE_DIRS = ["lib/providers", "lib/snapshot", "app", "components"];

/** All server output (route/page bundles, their chunks, instrumentation, edge) and client bundles. */
const BUNDLE_DIRS = ["server", "static"];
const BINARY_EXT = /\.(png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|eot|wasm|br|gz|zst)$/i;
const SOURCE_EXT = /\.(ts|tsx|js|jsx|mjs|cjs)$/;

function walk(dir: string, keep: (file: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "node_modules" ? [] : walk(full, keep);
    return keep(full) ? [full] : [];
  });
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

/** Scans `files` for `patterns`; returns "file:line: label" per hit (paths relative to `base`). */
function scanFiles(files: string[], patterns: readonly Pattern[], base: string): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const { label, regex } of patterns) {
      const match = regex.exec(text);
      if (match)
        problems.push(`${path.relative(base, file)}:${lineOf(text, match.index)}: ${label}`);
    }
  }
  return problems;
}

/** (b) Scans a Next build directory (`.next`). Skipped when there is no production build. */
export function scanBuildOutput(
  nextDir: string = path.join(ROOT, ".next"),
  opts: { requireBuild?: boolean } = {},
): CheckResult {
  const name = "bundle scan";
  if (!existsSync(path.join(nextDir, "BUILD_ID"))) {
    const summary = `no production build at ${nextDir} (run \`next build\` first)`;
    return opts.requireBuild
      ? { name, ok: false, summary, problems: ["a build is required for the bundle scan"] }
      : { name, ok: true, skipped: true, summary: `SKIPPED: ${summary}`, problems: [] };
  }
  const files = BUNDLE_DIRS.flatMap((d) => walk(path.join(nextDir, d), (f) => !BINARY_EXT.test(f)));
  const missing = ["server/app", "static"].filter((d) => !existsSync(path.join(nextDir, d)));
  const problems = missing.map((d) => `build output is missing ${d}/ (incomplete build?)`);
  if (files.length === 0) problems.push("no bundle files found: nothing was scanned");
  problems.push(...scanFiles(files, BUNDLE_FORBIDDEN, nextDir));
  return {
    name,
    ok: problems.length === 0,
    summary:
      `${files.length} files under ${BUNDLE_DIRS.map((d) => path.join(path.basename(nextDir), d)).join(", ")} for: ` +
      BUNDLE_FORBIDDEN.map((p) => p.label).join(", "),
    problems,
  };
}

/** (c) Scans the read-path sources. */
export function scanSources(root: string = ROOT): CheckResult {
  const problems: string[] = [];
  let count = 0;
  for (const dir of SOURCE_DIRS) {
    const files = walk(path.join(root, dir), (f) => SOURCE_EXT.test(f));
    count += files.length;
    problems.push(...scanFiles(files, SOURCE_FORBIDDEN, root));
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const post = POST_METHOD.exec(text);
      if (post && (GET_ONLY_DIRS.includes(dir) || MENTIONS_DUNE.test(text))) {
        problems.push(
          `${path.relative(root, file)}:${lineOf(text, post.index)}: POST request on the read path`,
        );
      }
    }
  }
  return {
    name: "source scan",
    ok: problems.length === 0,
    summary:
      `${count} files under ${SOURCE_DIRS.join(", ")} for: ` +
      `${SOURCE_FORBIDDEN.map((p) => p.label).join(", ")}, POST requests (to Dune / in ${GET_ONLY_DIRS.join(", ")})`,
    problems,
  };
}

interface CruiseViolation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
  via?: Array<string | { name?: string }>;
}
interface CruiseModule {
  source: string;
  dependencies: Array<{ module: string; resolved: string; couldNotResolve?: boolean }>;
}
interface CruiseOutput {
  summary: {
    violations: CruiseViolation[];
    totalCruised: number;
    totalDependenciesCruised: number;
  };
  modules: CruiseModule[];
}

/** (a) Runs dependency-cruiser over `root` with `configFile`; proves the rules could bite. */
export function checkImportGraph(
  root: string = ROOT,
  configFile: string = path.join(ROOT, ".dependency-cruiser.cjs"),
): CheckResult {
  const name = "import graph";
  const bin = path.join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
  const run = spawnSync(
    process.execPath,
    [bin, "--config", configFile, "--output-type", "json", "."],
    {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 512 * 1024 * 1024,
    },
  );
  let out: CruiseOutput;
  try {
    out = JSON.parse(run.stdout) as CruiseOutput;
  } catch {
    const reason = (run.stderr || run.error?.message || "no output").trim().slice(0, 2000);
    return { name, ok: false, summary: "dependency-cruiser did not run", problems: [reason] };
  }
  const problems = out.summary.violations
    .filter((v) => v.rule.severity === "error")
    .map((v) => {
      const via = (v.via ?? []).map((s) => (typeof s === "string" ? s : (s.name ?? "?")));
      return `${v.rule.name}: ${v.from} -> ${v.to}${via.length ? ` (via ${via.join(" -> ")})` : ""}`;
    });
  // The rules are only meaningful if `@/*` imports resolve: an unresolved alias edge is invisible.
  for (const m of out.modules) {
    for (const d of m.dependencies) {
      if (d.couldNotResolve && d.module.startsWith("@/")) {
        problems.push(
          `unresolved path alias in ${m.source}: ${d.module} (tsconfig paths not applied?)`,
        );
      }
    }
  }
  const gate = out.modules.find((m) => m.source === "lib/operator/gate.ts");
  if (gate && !gate.dependencies.some((d) => d.resolved === "lib/config/operator.ts")) {
    problems.push(
      "lib/operator/gate.ts -> lib/config/operator.ts edge not seen: the graph is incomplete",
    );
  }
  return {
    name,
    ok: problems.length === 0,
    summary:
      `${out.summary.totalCruised} modules, ${out.summary.totalDependenciesCruised} dependencies ` +
      "(rules: served code cannot reach lib/operator/executor.ts or lib/config/operator.ts; " +
      "only scripts/prime-snapshots.ts imports the executor; only the gate imports the operator config; " +
      "nothing in lib/ outside lib/api/ imports lib/api/; lib/refresh imports no route builder)",
    problems,
  };
}

export function report(result: CheckResult): void {
  const mark = result.skipped ? "!" : result.ok ? "✔" : "✘";
  console.log(`${mark} ${result.name}: ${result.summary}`);
  if (!result.ok) {
    console.error(`✘ ${result.name} FAILED — offending:`);
    for (const p of result.problems) console.error(`    ${p}`);
  }
}

function main(): void {
  const ci = (process.env.CI ?? "").trim().toLowerCase();
  const requireBuild =
    process.argv.includes("--require-build") || (ci !== "" && ci !== "false" && ci !== "0");
  const results = [checkImportGraph(), scanSources(), scanBuildOutput(undefined, { requireBuild })];
  for (const r of results) report(r);
  const failed = results.filter((r) => !r.ok);
  if (results.some((r) => r.skipped)) {
    console.log(
      "! The bundle scan needs a production build (`npm run build`); `npm test` runs it after the build.",
    );
  }
  if (failed.length > 0) {
    console.error(`\nBoundary checks FAILED: ${failed.map((r) => r.name).join(", ")}`);
    process.exitCode = 1;
  } else {
    console.log("\nBoundary checks passed.");
  }
}

if (require.main === module) main();
