/**
 * Import-graph boundaries, run by `scripts/check-boundaries.ts` (part of `npm test`): the
 * execution gate (docs/execution-gate.md) and the one-way imports of the architecture. Paths are
 * relative to the repo root; `@/*` resolves through tsconfig.json.
 *
 * - Nothing served (app/, components/, lib/ outside lib/operator/, root Next entry files) may
 *   reach the executor or the operator config, directly or transitively.
 * - Only scripts/prime-snapshots.ts (and the operator tests) may import the executor.
 * - Only lib/operator/gate.ts (and the operator tests) may import lib/config/operator.ts.
 * - Nothing in lib/ outside lib/api/ imports lib/api/ (the HTTP layer of app/api routes).
 * - The refresher (lib/refresh) calls the read path, never a route builder.
 */
const SERVED = "^(app|components|lib)/|^(instrumentation|middleware|proxy)\\.(ts|tsx|js|mjs)$";
const OPERATOR_DIR = "^lib/operator/";
const OPERATOR_TESTS = "^tests/(unit|integration)/operator/";
const EXECUTOR = "^lib/operator/executor\\.ts$";
const OPERATOR_CONFIG = "^lib/config/operator\\.ts$";
const API_DIR = "^lib/api/";
/** The route builders (lib/<route>): what app/ calls, never what the read path or the refresher calls. */
const ROUTE_BUILDERS =
  "^lib/(badge|chains|depegs|exit-cost|flows|intel|issuers|peg-history|pools|risk|supply|supply-history)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "served-code-cannot-reach-executor",
      comment:
        "The query executor costs credits: nothing reachable from a route, page, component or " +
        "shared lib module may depend on it, even transitively.",
      severity: "error",
      from: { path: SERVED, pathNot: OPERATOR_DIR },
      to: { path: EXECUTOR, reachable: true },
    },
    {
      name: "served-code-cannot-reach-operator-config",
      comment:
        "lib/config/operator.ts reads the write key and the gate variables: never on a request path.",
      severity: "error",
      from: { path: SERVED, pathNot: OPERATOR_DIR },
      to: { path: OPERATOR_CONFIG, reachable: true },
    },
    {
      name: "only-prime-script-imports-executor",
      comment: "scripts/prime-snapshots.ts is the only caller of the executor.",
      severity: "error",
      from: { pathNot: `^scripts/prime-snapshots\\.ts$|${OPERATOR_TESTS}` },
      to: { path: EXECUTOR },
    },
    {
      name: "only-gate-imports-operator-config",
      comment: "lib/operator/gate.ts is the only reader of the gate variables.",
      severity: "error",
      from: { pathNot: `^lib/operator/gate\\.ts$|${OPERATOR_TESTS}` },
      to: { path: OPERATOR_CONFIG },
    },
    {
      name: "lib-does-not-import-api",
      comment:
        "Imports point one way (app → components → lib): lib/api is the HTTP layer the routes use; " +
        "domain, read and provider code never depends on it (type-only imports included).",
      severity: "error",
      from: { path: "^lib/", pathNot: API_DIR },
      to: { path: API_DIR },
    },
    {
      name: "refresher-imports-no-route-builder",
      comment:
        "lib/refresh warms keys through the read path (lib/snapshot readers, lib/assets), never " +
        "through a route builder (lib/<route>), so a route's shape never decides what is warmed.",
      severity: "error",
      from: { path: "^lib/refresh/" },
      to: { path: ROUTE_BUILDERS },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: {
      path: "(^|/)(node_modules|\\.next|\\.data|\\.git|test-results|playwright-report|coverage)/",
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    moduleSystems: ["es6", "cjs"],
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".json"],
    },
  },
};
