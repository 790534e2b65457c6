import * as route from "@/app/api/stablecoin-flows/route";
import { snapshotKey } from "@/lib/snapshot/snapshots";
import { DEMO_REPEATED_WALLETS } from "../../fake-upstream/server";
import { validateAgainstOpenApi } from "../helpers/openapi";
import { KV_KINDS, call, json, peek, startHarness, type Harness } from "../helpers/harness";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const [walletA, walletB] = DEMO_REPEATED_WALLETS as readonly string[];

describe.each(KV_KINDS)("GET /api/stablecoin-flows (%s KV)", (kvKind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kvKind);
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
  });
  const get = (qs = "") => call(route.GET, `/api/stablecoin-flows${qs}`);

  it("returns the three scheduled datasets labelled scheduled/cached, valid against OpenAPI", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    const body = await json<Body>(res);
    expect(validateAgainstOpenApi("/api/stablecoin-flows", 200, body)).toEqual([]);
    expect(body.protocol_flows.length).toBeGreaterThan(0);
    expect(body.chain_migration.length).toBeGreaterThan(0);
    expect(body.cex_transfers.length).toBeGreaterThan(0);
    expect(body.metadata.freshness).toBe("scheduled/cached");
    expect(body.metadata.sources.map((s: Body) => s.dataset).sort()).toEqual([
      "cex_flows",
      "chain_migration",
      "protocol_flows",
    ]);
    // Pagination: the CEX query has more rows than one page of the fake.
    expect(body.metadata.cex_transfers_total).toBe(150);
  });

  it("labels only source-backed parties; the rest stay unlabeled wallets", async () => {
    const body = await json<Body>(await get());
    for (const t of body.cex_transfers as Body[]) {
      for (const p of [t.from, t.to]) {
        if (p.labelled) expect(p.label_source).toBeTruthy();
        else expect(p).toMatchObject({ label: "unlabeled wallet", label_source: null });
      }
      const unlabeledSide = t.direction === "cex_to_unlabeled" ? t.to : t.from;
      expect(unlabeledSide.labelled).toBe(false);
    }
  });

  it("filters by wallet (any case) from one shared cache entry; a second wallet costs zero provider calls", async () => {
    const a = await json<Body>(await get(`?wallet=${walletA!.toUpperCase().replace("0X", "0x")}`));
    expect(a.cex_transfers.length).toBeGreaterThan(0);
    for (const t of a.cex_transfers as Body[])
      expect([t.from.address, t.to.address]).toContain(walletA!.toLowerCase());
    const duneCallsAfterFirst = h.fake.requests().filter((r) => r.provider === "dune").length;
    h.fake.clearRequests();
    const b = await json<Body>(await get(`?wallet=${walletB}`));
    expect(b.cex_transfers.length).toBeGreaterThan(0);
    expect(h.fake.requests()).toHaveLength(0);
    expect(duneCallsAfterFirst).toBeGreaterThanOrEqual(3);
    for (const id of ["4000002", "4000003", "4000004"]) {
      expect(await peek(snapshotKey(id))).toBeDefined();
    }
    expect(await peek(`${snapshotKey("4000002")}:${walletA}`)).toBeUndefined();
  });

  it("filters by asset locally", async () => {
    const body = await json<Body>(await get("?q=usdc"));
    expect(body.filters.asset).toBe("USDC");
    for (const r of [
      ...body.protocol_flows,
      ...body.cex_transfers,
      ...body.chain_migration,
    ] as Body[]) {
      expect(r.token_symbol).toBe("USDC");
    }
  });

  it.each([
    "0x123",
    "0xZZZ0000000000000000000000000000000000000",
    "abc",
    `${"0x".padEnd(43, "a")}`,
  ])("answers 400 for wallet=%s", async (w) => {
    const res = await get(`?wallet=${w}`);
    expect(res.status).toBe(400);
    expect(h.fake.requests()).toHaveLength(0);
  });

  it("answers 404 for an unknown asset", async () => {
    expect((await get("?q=nope-coin")).status).toBe(404);
  });

  it("degrades to empty datasets with the warning when the on-chain provider is unreachable", async () => {
    h.fake.setScenario("dune", "503");
    const res = await get();
    expect(res.status).toBe(200);
    const body = await json<Body>(res);
    expect(body.warnings).toEqual([
      "Dune (on-chain-scheduled): on-chain snapshot data is unavailable.",
    ]);
    expect(body.cex_transfers).toEqual([]);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
