/**
 * The boundary checks of `scripts/check-boundaries.ts` must be able to FAIL: each one is run on
 * a throwaway directory with a planted offending file and must name it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { checkImportGraph, scanBuildOutput, scanSources } from "../../../scripts/check-boundaries";

jest.setTimeout(60_000);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "boundaries-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function put(relative: string, text: string): void {
  const file = path.join(dir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function cleanBuild(): void {
  put("BUILD_ID", "test-build");
  put(
    "server/app/api/stablecoin-intel/route.js",
    'module.exports = { GET: () => fetch("/query/1/results") };',
  );
  put("server/chunks/ssr/app_page.js", "export const page = 1; // executed once");
  put("static/chunks/main.js", 'console.log("hello"); const executeLater = 1;');
  put("static/media/font.woff2", "\u0000binary/execute");
}

describe("bundle scan (b)", () => {
  it("passes on a clean build and says what it scanned", () => {
    cleanBuild();
    const result = scanBuildOutput(dir);
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.summary).toMatch(/^3 files/); // the font is binary: not scanned
  });

  it.each([
    [
      "static/chunks/evil.js",
      'fetch(base + "/query/" + id + "/execute", { method: "POST" })',
      "execute path",
    ],
    [
      "server/app/api/x/route.js",
      "const k = process.env.DUNE_WRITE_API_KEY;",
      "DUNE_WRITE_API_KEY",
    ],
    [
      "server/chunks/abc.js",
      'if (ack === "I_UNDERSTAND_THIS_COSTS_CREDITS") {}',
      "I_UNDERSTAND_THIS_COSTS_CREDITS",
    ],
    ["server/chunks/abc.js.map", '{"sourcesContent":["DUNE_EXECUTION_ACK"]}', "DUNE_EXECUTION_ACK"],
    ["static/chunks/poll.js", 'get("/execution/" + id + "/status")', "/execution/"],
  ])("fails on a planted %s", (file, content, label) => {
    cleanBuild();
    put(file, content);
    const result = scanBuildOutput(dir);
    expect(result.ok).toBe(false);
    expect(result.problems.some((p) => p.startsWith(`${file}:`) && p.includes(label))).toBe(true);
  });

  it("is skipped (not passed silently) without a build, and fails when a build is required", () => {
    expect(scanBuildOutput(dir)).toMatchObject({ ok: true, skipped: true });
    expect(scanBuildOutput(dir).summary).toMatch(/SKIPPED/);
    expect(scanBuildOutput(dir, { requireBuild: true }).ok).toBe(false);
  });

  it("fails on a build with nothing to scan", () => {
    put("BUILD_ID", "empty");
    const result = scanBuildOutput(dir);
    expect(result.ok).toBe(false);
    expect(result.problems.join("\n")).toMatch(/nothing was scanned/);
  });
});

describe("source scan (c)", () => {
  function cleanSources(): void {
    put(
      "lib/providers/dune/client.ts",
      'export const path = "/query/{query_id}/results"; const m = { method: "GET" };',
    );
    put("lib/snapshot/snapshots.ts", "export const x = 1;");
    put(
      "app/api/health/route.ts",
      'export const { POST } = guard(); const init = { method: "GET" };',
    );
    put("components/Button.tsx", 'fetch("/api/feedback", { method: "POST" });');
  }

  it("passes on clean sources (a POST that has nothing to do with Dune outside lib is fine)", () => {
    cleanSources();
    expect(scanSources(dir)).toMatchObject({ ok: true, problems: [] });
  });

  it.each([
    ["lib/providers/dune/run.ts", 'const p = "/query/{id}/execute";', "execute path"],
    ["lib/snapshot/refresh.ts", "const p = `/execution/${id}/status`;", "execution path"],
    ["app/api/x/route.ts", 'const p = "/execution/1/cancel";', "cancel path"],
    ["lib/providers/http2.ts", 'fetch(url, { method: "POST" });', "POST request"],
    ["components/Admin.tsx", "fetch(duneUrl, { method: 'post' }); // Dune", "POST request"],
  ])("fails on a planted %s", (file, content, label) => {
    cleanSources();
    put(file, content);
    const result = scanSources(dir);
    expect(result.ok).toBe(false);
    expect(result.problems.some((p) => p.startsWith(`${file}:`) && p.includes(label))).toBe(true);
  });
});

describe("import graph (a)", () => {
  function fixture(routeImportsHelper: boolean): void {
    put(
      "tsconfig.json",
      JSON.stringify({
        compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] }, module: "esnext" },
      }),
    );
    put("lib/config/operator.ts", "export const WRITE = 1;");
    put(
      "lib/operator/gate.ts",
      'import { WRITE } from "@/lib/config/operator";\nexport const gate = WRITE;',
    );
    put("lib/operator/executor.ts", 'import { gate } from "./gate";\nexport const execute = gate;');
    put(
      "lib/helper.ts",
      'import { execute } from "@/lib/operator/executor";\nexport const helper = execute;',
    );
    put(
      "scripts/prime-snapshots.ts",
      'import { execute } from "../lib/operator/executor";\nexport const p = execute;',
    );
    put(
      "app/api/x/route.ts",
      routeImportsHelper
        ? 'import { helper } from "@/lib/helper";\nexport const GET = helper;'
        : "export const GET = 1;",
    );
  }

  it("fails, naming the route and the path, when served code reaches the executor", () => {
    fixture(true);
    const result = checkImportGraph(dir);
    expect(result.ok).toBe(false);
    const text = result.problems.join("\n");
    expect(text).toMatch(
      /served-code-cannot-reach-executor: app\/api\/x\/route\.ts -> lib\/operator\/executor\.ts/,
    );
    expect(text).toMatch(/served-code-cannot-reach-operator-config: app\/api\/x\/route\.ts/);
    expect(text).toMatch(
      /only-prime-script-imports-executor: lib\/helper\.ts -> lib\/operator\/executor\.ts/,
    );
    expect(text).not.toMatch(/scripts\/prime-snapshots\.ts ->/);
  });

  it("passes when only the prime script imports the executor", () => {
    fixture(false);
    rmSync(path.join(dir, "lib/helper.ts"));
    const result = checkImportGraph(dir);
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
  });
});

describe("import graph (a): lib does not import lib/api", () => {
  function fixture(libImportsApi: boolean): void {
    put(
      "tsconfig.json",
      JSON.stringify({
        compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] }, module: "esnext" },
      }),
    );
    put("lib/api/time.ts", "export const iso = (ms: number) => new Date(ms).toISOString();");
    put("lib/api/response.ts", 'import { iso } from "./time";\nexport const ok = iso;');
    put("lib/domain/time.ts", "export const iso = (ms: number) => String(ms);");
    put(
      "lib/intel/index.ts",
      libImportsApi
        ? 'import type { iso } from "@/lib/api/time";\nexport type Iso = typeof iso;'
        : 'import { iso } from "@/lib/domain/time";\nexport const at = iso;',
    );
    put(
      "app/api/x/route.ts",
      'import { ok } from "@/lib/api/response";\nimport { at } from "@/lib/intel";\nexport const GET = [ok, at];',
    );
  }

  it("fails, naming the importer, when lib/ imports lib/api (even a type)", () => {
    fixture(true);
    const result = checkImportGraph(dir);
    expect(result.ok).toBe(false);
    expect(result.problems.join("\n")).toMatch(
      /lib-does-not-import-api: lib\/intel\/index\.ts -> lib\/api\/time\.ts/,
    );
  });

  it("passes when only app/ and lib/api/ import lib/api", () => {
    fixture(false);
    expect(checkImportGraph(dir).problems).toEqual([]);
  });
});
