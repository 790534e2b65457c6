/**
 * Issue 25 §5: a scheduled snapshot that is truncated, partial, missing rows or old says so on
 * every route that uses it (warning + code), its answers are kept by shared caches 60 s at
 * most, and `/api/health` names the code. Empty or invalid snapshots are never stored, and
 * concurrent requests share one read. Real routes, the file store, the fake upstream's Dune
 * result scenarios (tests/fake-upstream/README.md).
 */
import * as flowsRoute from "@/app/api/stablecoin-flows/route";
import * as healthRoute from "@/app/api/health/route";
import * as intelRoute from "@/app/api/stablecoin-intel/route";
import * as issuersRoute from "@/app/api/stablecoin-issuers/route";
import * as riskRoute from "@/app/api/stablecoin-risk/route";
import { SPEC_TTL_SECONDS } from "@/lib/config";
import { readSnapshot, snapshotKey } from "@/lib/snapshot/snapshots";
import { DEMO_DUNE_QUERY_IDS, type Scenario } from "../../fake-upstream/server";
import {
  call,
  forgetProcessState,
  json,
  peek,
  startHarness,
  type Harness,
} from "../helpers/harness";
import { validateAgainstOpenApi } from "../helpers/openapi";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Handler = (request: Request) => Promise<Response>;

/** Each route that reads a snapshot, and which snapshots it reads. */
const ROUTES: { path: string; url: string; handler: Handler; snapshots: number }[] = [
  {
    path: "/api/stablecoin-flows",
    url: "/api/stablecoin-flows",
    handler: flowsRoute.GET,
    snapshots: 3,
  },
  {
    path: "/api/stablecoin-issuers",
    url: "/api/stablecoin-issuers",
    handler: issuersRoute.GET,
    snapshots: 1,
  },
  {
    path: "/api/stablecoin-intel",
    url: "/api/stablecoin-intel?q=USDC",
    handler: intelRoute.GET,
    snapshots: 1,
  },
  {
    path: "/api/stablecoin-risk",
    url: "/api/stablecoin-risk?q=USDC",
    handler: riskRoute.GET,
    snapshots: 2,
  },
];

/** The longest a shared cache may keep an answer built on such a snapshot. */
const MAX_SHARED_SECONDS = 60;
function sharedLifetimeSeconds(cacheControl: string | null): number {
  if (!cacheControl || cacheControl.includes("no-store")) return 0;
  const m = /s-maxage=(\d+)/.exec(cacheControl);
  return m ? Number(m[1]) : Number.POSITIVE_INFINITY;
}

const CASES: [Scenario, string, RegExp][] = [
  ["truncated", "onchain_truncated", / snapshot has more rows than the service reads/],
  ["partial", "onchain_partial", / snapshot comes from a run that did not complete/],
  ["rows-dropped", "onchain_rows_dropped", /: 3 rows of the [\w-]+ snapshot failed validation/],
  ["old-execution", "onchain_scheduler_stale", / snapshot is 168 hours old \(last run /],
];

describe("scheduled snapshots say when they are incomplete or old", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file");
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
  });
  const duneCalls = () => h.fake.requests().filter((r) => r.provider === "dune");

  it.each(CASES)("%s: every route using the snapshot warns %s", async (scenario, code, text) => {
    h.fake.setScenario("dune", scenario);
    for (const r of ROUTES) {
      const res = await call(r.handler, r.url);
      expect(res.status).toBe(200);
      expect(sharedLifetimeSeconds(res.headers.get("cache-control"))).toBeLessThanOrEqual(
        MAX_SHARED_SECONDS,
      );
      const body = await json<Body>(res);
      expect(validateAgainstOpenApi(r.path, 200, body)).toEqual([]);
      const codes = (body.warning_codes as string[]).filter((c) => c === code);
      expect({ route: r.path, n: codes.length }).toEqual({ route: r.path, n: r.snapshots });
      const sentences = (body.warnings as string[]).filter((w) => text.test(w));
      expect(sentences).toHaveLength(r.snapshots);
      for (const w of sentences) expect(w.startsWith("Dune (on-chain-scheduled): ")).toBe(true);
      // Data still served: the snapshot is used, with the warning beside it.
      expect(body.metadata.sources.some((s: Body) => s.name === "Dune")).toBe(true);
    }
    const health = await json<Body>(await call(healthRoute.GET, "/api/health"));
    expect(validateAgainstOpenApi("/api/health", 200, health)).toEqual([]);
    const dune = (health.sources as Body[]).find((s) => s.provider === "dune")!;
    expect(dune.warning_codes).toContain(code);
    expect(health.status).toBe("degraded");
  });

  it("a healthy snapshot carries no such warning and health names no code", async () => {
    const body = await json<Body>(await call(flowsRoute.GET, "/api/stablecoin-flows"));
    expect(body.warning_codes).toEqual([]);
    const health = await json<Body>(await call(healthRoute.GET, "/api/health"));
    expect((health.sources as Body[]).find((s) => s.provider === "dune")!.warning_codes).toEqual(
      [],
    );
  });

  it("the age grows while the copy is cached: stale is decided at read time, not at fetch", async () => {
    const ttlSeconds = SPEC_TTL_SECONDS.breakdown;
    // Not stale when fetched (TTL + 2 h old), stale before the cached copy expires.
    h.fake.setScenario("dune", "old-execution", { executionAgeMs: (ttlSeconds + 7_200) * 1_000 });
    const t0 = Date.now();
    const first = await readSnapshot("supplyByChain", { now: () => t0 });
    expect(first.ok && first.issues).toEqual([]);
    h.fake.clearRequests();
    const later = await readSnapshot("supplyByChain", {
      now: () => t0 + (ttlSeconds - 60) * 1_000,
    });
    expect(later.ok && later.source).toBe("cache");
    expect(later.ok && later.issues.map((i) => i.reason)).toEqual(["scheduler_stale"]);
    expect(duneCalls()).toHaveLength(0);
  });

  it("rule 6: an invalid snapshot (every row fails validation) is never stored; the next request reads again", async () => {
    h.fake.setScenario("dune", "invalid-rows");
    const body = await json<Body>(await call(flowsRoute.GET, "/api/stablecoin-flows"));
    // One sentence for the three snapshots (duplicates are dropped), one code.
    expect(body.warning_codes).toEqual(["onchain_invalid_rows"]);
    for (const id of Object.values(DEMO_DUNE_QUERY_IDS))
      expect(await peek(snapshotKey(id))).toBeUndefined();
    h.fake.resetScenarios();
    h.fake.clearRequests();
    forgetProcessState();
    const again = await json<Body>(await call(flowsRoute.GET, "/api/stablecoin-flows"));
    expect(again.warning_codes).toEqual([]);
    expect(duneCalls().length).toBeGreaterThanOrEqual(3);
  });

  it("concurrent requests share one read, for an empty result as for a stored one", async () => {
    h.fake.setScenario("dune", "empty");
    const empty = await Promise.all(Array.from({ length: 20 }, () => readSnapshot("cexFlows")));
    expect(empty.every((r) => !r.ok && r.reason === "empty")).toBe(true);
    expect(duneCalls()).toHaveLength(1);
    expect(await peek(snapshotKey(DEMO_DUNE_QUERY_IDS.DUNE_QUERY_CEX_FLOWS))).toBeUndefined();

    h.fake.setScenario("dune", "rows-dropped");
    h.fake.clearRequests();
    const reads = await Promise.all(Array.from({ length: 20 }, () => readSnapshot("cexFlows")));
    expect(duneCalls()).toHaveLength(1);
    for (const r of reads)
      expect(r.ok && r.issues).toEqual([expect.objectContaining({ droppedRows: 3 })]);
  });
});
