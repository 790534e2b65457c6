/**
 * The public route contract for snapshot reads (docs/route-contract.md rules 1–9), one test per rule, against
 * the real read layer and the fake upstream.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import * as flowsRoute from "@/app/api/stablecoin-flows/route";
import { resetConfigForTests, SPEC_TTL_SECONDS } from "@/lib/config";
import { MemoryKv } from "@/lib/kv/memory";
import { readSnapshot, SNAPSHOT_TTL_CLASS, snapshotKey } from "@/lib/snapshot/snapshots";
import {
  CANARY_DUNE_KEY,
  call,
  endFailureCooldowns,
  peek,
  startHarness,
  type Harness,
} from "../helpers/harness";

const ROOT = path.resolve(__dirname, "../../..");
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

describe("public route contract: cache-only snapshot reads", () => {
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
  const duneRequests = () => h.fake.requests().filter((r) => r.provider === "dune");

  it("rule 1: reads only the latest-results GET, never an execution, refresh or cancel", async () => {
    await call(flowsRoute.GET, "/api/stablecoin-flows");
    expect(duneRequests().length).toBeGreaterThan(0);
    for (const r of duneRequests()) {
      expect(r.method).toBe("GET");
      expect(r.upstreamPath).toMatch(/^\/query\/\d+\/results(\?|$)/);
    }
    const requestPath = [
      ...sourceFiles(path.join(ROOT, "lib/snapshot")),
      ...sourceFiles(path.join(ROOT, "lib/providers")),
    ];
    for (const f of requestPath)
      expect(readFileSync(f, "utf8")).not.toMatch(/\/execute|\/execution\/|\/cancel/);
  });

  it("rule 2: the read it may make is the results read (no other Dune path is ever requested)", async () => {
    await readSnapshot("supplyByChain");
    expect(duneRequests().map((r) => r.upstreamPath.split("?")[0])).toEqual([
      "/query/4000001/results",
    ]);
  });

  it("rule 3: one shared entry per query; per-wallet views filter locally", async () => {
    const wallets = ["0x" + "a".repeat(40), "0x" + "b".repeat(40), "0x" + "c".repeat(40)];
    for (const w of wallets) await call(flowsRoute.GET, `/api/stablecoin-flows?wallet=${w}`);
    expect(duneRequests().filter((r) => r.upstreamPath.startsWith("/query/4000002/"))).toHaveLength(
      1,
    );
    expect(await peek(snapshotKey("4000002"))).toBeDefined();
    for (const w of wallets) expect(snapshotKey("4000002")).not.toContain(w);
  });

  it("rule 4: concurrent reads of one query are coalesced into one read", async () => {
    await Promise.all(Array.from({ length: 100 }, () => readSnapshot("cexFlows")));
    expect(duneRequests()).toHaveLength(1);
  });

  it("rule 5: a cached snapshot is served with no provider call", async () => {
    await readSnapshot("protocolFlows");
    h.fake.clearRequests();
    const again = await readSnapshot("protocolFlows");
    expect(again.ok && again.source).toBe("cache");
    expect(h.fake.requests()).toHaveLength(0);
  });

  it("rule 6: empty or error results are never cached", async () => {
    h.fake.setScenario("dune", "empty");
    expect((await readSnapshot("chainMigration")).ok).toBe(false);
    h.fake.setScenario("dune", "500");
    expect((await readSnapshot("chainMigration")).ok).toBe(false);
    expect(await peek(snapshotKey("4000004"))).toBeUndefined();
    h.fake.resetScenarios();
    await endFailureCooldowns(); // after a failure the next read asks again once the cooldown ends
    expect((await readSnapshot("chainMigration")).ok).toBe(true);
  });

  it("rule 7: no public route module can reach query execution", () => {
    for (const f of [
      ...sourceFiles(path.join(ROOT, "app")),
      ...sourceFiles(path.join(ROOT, "lib")),
    ]) {
      if (
        f.includes(`${path.sep}lib${path.sep}operator${path.sep}`) ||
        f.endsWith(`config${path.sep}operator.ts`)
      )
        continue;
      expect(readFileSync(f, "utf8")).not.toMatch(
        /from ["'][^"']*(lib\/operator|config\/operator)[^"']*["']/,
      );
    }
  });

  it("rule 8: query ids come from configuration, with the TTL of their class", async () => {
    process.env.DUNE_QUERY_ISSUER_EXPOSURE = "4000001";
    resetConfigForTests();
    await readSnapshot("issuerExposure");
    expect(duneRequests()[0]?.upstreamPath).toMatch(/^\/query\/4000001\/results/);
    delete process.env.DUNE_QUERY_ISSUER_EXPOSURE;
    resetConfigForTests();
    const unconfigured = await readSnapshot("issuerExposure");
    expect(unconfigured).toMatchObject({ ok: false, reason: "not_configured" });

    await h.reset();
    const kv = new MemoryKv();
    const set = jest.spyOn(kv, "set");
    for (const name of Object.keys(SNAPSHOT_TTL_CLASS) as (keyof typeof SNAPSHOT_TTL_CLASS)[]) {
      await readSnapshot(name, { kv });
    }
    const ttls = set.mock.calls.map((c) => c[2]);
    expect(ttls).toEqual([
      SPEC_TTL_SECONDS.breakdown,
      SPEC_TTL_SECONDS.movement,
      SPEC_TTL_SECONDS.leaderboard,
      SPEC_TTL_SECONDS.migration,
      SPEC_TTL_SECONDS.exposureFacts,
    ]);
    expect(SPEC_TTL_SECONDS.exposureFacts).toBe(6 * 3600);
  });

  it("rule 9: the key travels in the request header only", async () => {
    await readSnapshot("supplyByChain");
    for (const r of duneRequests()) {
      expect(r.headers["x-dune-api-key"]).toBe(CANARY_DUNE_KEY);
      expect(r.path).not.toContain(CANARY_DUNE_KEY);
    }
  });
});
