/**
 * The OpenAPI document's three outside checks, offline, on the generated document: the
 * validator (`@apidevtools/swagger-parser`), the linter (`@redocly/cli lint --extends
 * recommended`, 0 errors and 0 warnings) and the type generator (`openapi-typescript`).
 * `npm test` runs them through tests/unit/api/openapi-document.test.ts; by hand:
 *   npx tsx scripts/check-openapi.ts            (the document as served)
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
/** No telemetry and no update check: the linter must not reach the network. */
const OFFLINE_ENV = {
  ...process.env,
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  NO_COLOR: "1",
};

export interface LintProblem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  where: string;
}

/** `redocly lint --extends recommended`: every error and warning. */
export function lintOpenApi(file: string): LintProblem[] {
  const bin = path.join(ROOT, "node_modules/@redocly/cli/bin/cli.js");
  const run = spawnSync(
    process.execPath,
    [bin, "lint", "--extends", "recommended", "--format", "json", file],
    { cwd: ROOT, env: OFFLINE_ENV, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const start = run.stdout.indexOf("{");
  if (start < 0) throw new Error(`redocly lint gave no report: ${run.stderr.slice(0, 2000)}`);
  const report = JSON.parse(run.stdout.slice(start)) as {
    problems: {
      ruleId: string;
      severity: "error" | "warn";
      message: string;
      location: { pointer: string }[];
    }[];
  };
  return report.problems.map((p) => ({
    ruleId: p.ruleId,
    severity: p.severity,
    message: p.message,
    where: p.location[0]?.pointer ?? "",
  }));
}

/**
 * `swagger-parser validate`: null when valid, else its message. Run in a child Node process:
 * the validator's ESM dependencies load natively there (not inside Jest's module runtime).
 */
export function validateOpenApi(file: string): string | null {
  const script = [
    'require("@apidevtools/swagger-parser")',
    "  .validate(process.argv[1])",
    "  .then(() => process.exit(0), (e) => { process.stderr.write(String(e && e.message)); process.exit(1); });",
  ].join("\n");
  const run = spawnSync(process.execPath, ["-e", script, file], { cwd: ROOT, encoding: "utf8" });
  return run.status === 0 ? null : run.stderr.trim() || `exit ${run.status}`;
}

/** `openapi-typescript`: the generated declarations, or throws with its message. */
export function generateTypes(file: string, outFile: string): string {
  const bin = path.join(ROOT, "node_modules/openapi-typescript/bin/cli.js");
  const run = spawnSync(process.execPath, [bin, file, "-o", outFile], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`openapi-typescript failed: ${run.stderr.slice(0, 2000)}`);
  return readFileSync(outFile, "utf8");
}

/** Writes `doc` to a temporary file, hands it to `check`, removes it. */
export async function withDocumentFile<T>(
  doc: unknown,
  check: (file: string, dir: string) => Promise<T> | T,
): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "openapi-check-"));
  try {
    const file = path.join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(doc, null, 2));
    return await check(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { openApiDocument } = await import("../lib/api/openapi");
  const failed = await withDocumentFile(openApiDocument(), async (file, dir) => {
    const invalid = validateOpenApi(file);
    console.log(invalid ? `✘ swagger-parser: ${invalid}` : "✔ swagger-parser: valid");
    const problems = lintOpenApi(file);
    for (const p of problems) console.log(`  ${p.severity} ${p.ruleId} ${p.where}: ${p.message}`);
    console.log(
      `${problems.length ? "✘" : "✔"} redocly lint (recommended): ${problems.length} problems`,
    );
    let typesOk = true;
    try {
      generateTypes(file, path.join(dir, "openapi.d.ts"));
      console.log("✔ openapi-typescript: types generated");
    } catch (e) {
      typesOk = false;
      console.log(`✘ ${e instanceof Error ? e.message : String(e)}`);
    }
    return invalid !== null || problems.length > 0 || !typesOk;
  });
  if (failed) process.exitCode = 1;
}

if (require.main === module) void main();
