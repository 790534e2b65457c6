/**
 * Upstream fault matrix: provider × scenario × every public route that uses the provider.
 * Each row, with nothing cached for the failing provider:
 *   1. the route answers with a partial body and a user-safe warning, or its documented status
 *      (503 + Retry-After), and the provider call ended with the fault's own outcome (a hang,
 *      a slow or a dripping body ends as `timeout`: the provider budget fired). Elapsed time
 *      is recorded against phases × PROVIDER_TIMEOUT_MS + MARGIN_MS for the report, not
 *      asserted (no timed assertions: `npm run bench` measures latency under faults);
 *   2. nothing is cached for the failing provider (no write, no entry under its keys);
 *   3. no request reached the redirect target (the key never leaves for another origin);
 *   4. once the fault is gone and its cooldown over (a failed read leaves the key alone for
 *      `FAILURE_COOLDOWN_MS` on every instance), the next request uses the good answer;
 *   5. /api/health still answers.
 * Every row's expected and observed result goes to test-results/reliability/fault-matrix.json.
 */
import { getConfig, resetConfigForTests } from "@/lib/config";
import { createKv, setKvForTests } from "@/lib/kv";
import { telemetry } from "@/lib/telemetry";
import { writeReliabilityReport } from "@/scripts/reliability-report";
import {
  PROVIDERS,
  type Provider,
  type Scenario,
  type TransformScenario,
  type ScenarioOptions,
} from "../../fake-upstream/server";
import { freePort } from "../../helpers/redis-server";
import {
  endFailureCooldowns,
  forgetProcessState,
  peek,
  startHarness,
  type Harness,
} from "../helpers/harness";
import { validateAgainstOpenApi } from "../helpers/openapi";
import {
  HEALTH,
  PROVIDER_LABEL,
  RecordingKv,
  ROUTES,
  keyOfProvider,
  parseJson,
  timed,
  unsafeWarningReasons,
  warningsOf,
  writeResults,
  type Expectation,
  type RouteSpec,
} from "./helpers";

/** Small provider budget so hang/drip rows stay fast. */
const PROVIDER_TIMEOUT_MS = 300;
/**
 * A 1 MiB body cap (every fake answer is < 250 KB) and a 2 MiB oversized body: the cap is
 * enforced while streaming, without the in-process fake spending the budget producing 11 MiB.
 */
const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Slack on top of the provider budget: KV file I/O (fsync'd writes of the other providers'
 * answers), JSON work and a loaded 2-core CI runner. Lock waits (3 s) never apply in-process.
 * The store itself has the harness's 2 s budget, so a loaded runner's slow file write is not
 * mistaken for a fault; entries are inspected through `peek` (an admin store).
 */
const MARGIN_MS = 700;

/** The answer-changing scenarios are not faults (tests/integration/routes/snapshot-quality.test.ts). */
type FaultName = Exclude<Scenario, TransformScenario> | "refused";
const COMMON_FAULTS: FaultName[] = [
  "refused",
  "hang",
  "slow",
  "drip",
  "500",
  "502",
  "503",
  "429",
  "malformed",
  "wrong-shape",
  "empty",
  "oversized",
  "redirect",
];
const faultsFor = (p: Provider): FaultName[] =>
  p === "dune" ? [...COMMON_FAULTS, "never-run", "unauthorized"] : COMMON_FAULTS;

const FAULT_OPTIONS: Partial<Record<FaultName, ScenarioOptions>> = {
  slow: { delayMs: PROVIDER_TIMEOUT_MS * 2 },
  drip: { chunkBytes: 8, intervalMs: 100 },
  "503": { retryAfter: "5" },
  oversized: { sizeBytes: 2 * MAX_BODY_BYTES },
};

const ENV_OF: Record<Provider, string> = {
  defillama: "STABLECOINS_API_URL",
  coingecko: "COINGECKO_API_URL",
  dexscreener: "DEXSCREENER_API_URL",
  dune: "DUNE_API_URL",
  "defillama-coins": "DEFILLAMA_COINS_API_URL",
};

/**
 * Documented exceptions to the route's usual expectation. DexScreener `empty` (`[]` for a token)
 * means "no pools on that chain": a valid answer, not a failure (lib/assets/context.ts) — no
 * warning.
 */
function expectationOf(route: RouteSpec, p: Provider, fault: FaultName): Expectation {
  if (p === "dexscreener" && fault === "empty") return "silent";
  return route.uses[p]!;
}

/**
 * A live provider's well-formed empty answer is an answer, not a failure: it is stored for its
 * negative TTL (lib/snapshot/policy.ts, negative caching). Scheduled snapshots (Dune) and the
 * aggregate never store one.
 */
const negativelyCached = (p: Provider, fault: FaultName) =>
  fault === "empty" && (p === "coingecko" || p === "dexscreener" || p === "defillama-coins");

/** The provider-call outcome (telemetry) each fault must produce: proves the fault was the intended one. */
const OUTCOME_OF: Record<FaultName, string> = {
  refused: "network",
  hang: "timeout",
  slow: "timeout",
  drip: "timeout",
  "500": "http",
  "502": "http",
  "503": "http",
  "429": "http",
  "451": "http",
  malformed: "schema",
  "wrong-shape": "schema",
  empty: "ok",
  oversized: "too_large",
  redirect: "network",
  "never-run": "http",
  unauthorized: "http",
  ok: "ok",
};

interface Row {
  provider: Provider;
  scenario: FaultName;
  route: string;
  expected: { status: number; warning: boolean; budgetMs: number; outcome: string };
  observed: {
    status: number;
    outcomes: string[];
    elapsedMs: number;
    warning: string | null;
    unsafeWarnings: string[];
    /** The degraded body still matches the route's OpenAPI response schema. */
    contractErrors: string[];
    holderFlag: unknown;
    retryAfter: string | null;
    cacheControl: string | null;
    badCacheKeys: string[];
    redirectHits: number;
    upstreamCalls: number;
    recoveredStatus: number;
    recoveredWarning: string | null;
    healthStatus: number;
  };
  pass?: boolean;
}
const rows: Row[] = [];

const cases = PROVIDERS.flatMap((p) =>
  ROUTES.filter((r) => r.uses[p]).flatMap((route) =>
    faultsFor(p).map((fault) => ({ p, route, fault })),
  ),
);

describe("upstream fault matrix", () => {
  let h: Harness;
  let kv: RecordingKv;
  let closedPort: number;

  beforeAll(async () => {
    h = await startHarness("file", {
      PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
      PROVIDER_MAX_BODY_BYTES: String(MAX_BODY_BYTES),
    });
    await h.reset();
    kv = new RecordingKv(createKv(getConfig().kv, { timeoutMs: getConfig().kvTimeoutMs }));
    setKvForTests(kv);
    closedPort = await freePort();
    // Warm every provider's keys so each row only re-reads the failing provider.
    for (const r of ROUTES) expect((await timed(r.handler, r.url)).status).toBe(200);
    console.log(
      `fault matrix: ${cases.length} rows, budget ${PROVIDER_TIMEOUT_MS} ms + ${MARGIN_MS} ms`,
    );
  });

  afterAll(async () => {
    writeResults("fault-matrix", {
      generatedAt: new Date().toISOString(),
      providerTimeoutMs: PROVIDER_TIMEOUT_MS,
      maxBodyBytes: MAX_BODY_BYTES,
      marginMs: MARGIN_MS,
      rows,
    });
    await writeReliabilityReport();
    await h.close();
  });

  const setFault = (p: Provider, fault: FaultName) => {
    if (fault === "refused") {
      process.env[ENV_OF[p]] = `http://127.0.0.1:${closedPort}/closed`;
      resetConfigForTests();
    } else h.fake.setScenario(p, fault, FAULT_OPTIONS[fault] ?? {});
  };
  const clearFault = (p: Provider) => {
    process.env[ENV_OF[p]] = h.fake.baseUrls[ENV_OF[p] as keyof typeof h.fake.baseUrls];
    resetConfigForTests();
    h.fake.resetScenarios();
  };

  describe.each(PROVIDERS)("%s", (provider) => {
    it.each(cases.filter((c) => c.p === provider).map((c) => [c.fault, c.route.name, c] as const))(
      "%s × %s",
      async (fault, _name, { p, route }) => {
        const expectation = expectationOf(route, p, fault);
        const budgetMs = (route.phases?.[p] ?? 1) * PROVIDER_TIMEOUT_MS + MARGIN_MS;
        const label = PROVIDER_LABEL[p];
        await kv.forget(p);
        forgetProcessState();
        h.fake.clearRequests();
        telemetry.reset();
        kv.writes.length = 0;
        const hitsBefore = h.fake.redirectTargetHits().length;

        setFault(p, fault);
        let faulted;
        try {
          faulted = await timed(route.handler, route.url);
        } finally {
          clearFault(p);
        }
        const body = parseJson(faulted.text);
        const warnings = warningsOf(body);
        const providerWarning = warnings.find((w) => w.startsWith(`${label} (`)) ?? null;
        const badCacheKeys = kv.writes.filter((k) => keyOfProvider(k, p));
        for (const key of kv.known) {
          if (keyOfProvider(key, p) && (await peek(key)) !== undefined) badCacheKeys.push(key);
        }
        const upstreamCalls = h.fake.requests().filter((r) => r.provider === p).length;
        const storedEmpty = negativelyCached(p, fault) ? [...new Set(badCacheKeys)] : [];
        if (negativelyCached(p, fault)) {
          badCacheKeys.length = 0;
          // Recovery is checked once the negative TTL has lapsed (the stored empties forgotten).
          await kv.forget(p);
          forgetProcessState();
        }
        const outcomes = [
          ...new Set(
            telemetry
              .providerCalls()
              .filter((c) => c.provider === p)
              .map((c) => c.outcome),
          ),
        ].sort();

        await endFailureCooldowns();
        const recovered = await timed(route.handler, route.url);
        const recoveredWarning =
          warningsOf(parseJson(recovered.text)).find((w) => w.startsWith(`${label} (`)) ?? null;
        const healthStatus = (await timed(HEALTH, "/api/health")).status;

        const row: Row = {
          provider: p,
          scenario: fault,
          route: route.name,
          expected: {
            status: expectation === "unavailable" ? 503 : 200,
            warning: expectation !== "silent",
            budgetMs,
            outcome: OUTCOME_OF[fault],
          },
          observed: {
            status: faulted.status,
            outcomes,
            elapsedMs: faulted.elapsedMs,
            warning: providerWarning,
            unsafeWarnings: warnings.filter((w) => unsafeWarningReasons(w).length > 0),
            contractErrors: validateAgainstOpenApi(route.url.split("?")[0]!, faulted.status, body),
            holderFlag: body?.holderAnalyticsSupported,
            retryAfter: faulted.res.headers.get("retry-after"),
            cacheControl: faulted.res.headers.get("cache-control"),
            badCacheKeys: [...new Set(badCacheKeys)],
            redirectHits: h.fake.redirectTargetHits().length - hitsBefore,
            upstreamCalls,
            recoveredStatus: recovered.status,
            recoveredWarning,
            healthStatus,
          },
        };
        rows.push(row);

        const o = row.observed;
        expect(body).toBeDefined();
        expect(o.holderFlag).toBe(false);
        expect(o.status).toBe(row.expected.status);
        expect(o.unsafeWarnings).toEqual([]);
        expect(o.contractErrors).toEqual([]);
        if (expectation === "warn") expect(o.warning).not.toBeNull();
        if (expectation === "unavailable") {
          expect(body?.error).toMatchObject({ code: "upstream_unavailable" });
          expect(o.retryAfter).toMatch(/^\d+$/);
          expect(warnings.some((w) => w.startsWith(`${label} (`))).toBe(true);
        }
        if (o.warning !== null || o.status !== 200) expect(o.cacheControl).toBe("no-store");
        expect(o.outcomes).toEqual([row.expected.outcome]);
        expect(o.badCacheKeys).toEqual([]);
        if (negativelyCached(p, fault)) expect(storedEmpty.length).toBeGreaterThan(0);
        expect(o.redirectHits).toBe(0);
        if (fault !== "refused") expect(o.upstreamCalls).toBeGreaterThan(0);
        expect(o.recoveredStatus).toBe(200);
        expect(o.recoveredWarning).toBeNull();
        expect(o.healthStatus).toBe(200);
        row.pass = true;
      },
    );
  });
});
