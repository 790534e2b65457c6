/**
 * GET /api/stablecoin-chains (issue 28) against the fake upstream: the ranking, one chain's
 * coins (native/bridged split, chain-local peg), the recorded chain-local depeg (DAI on
 * arbitrum at 0.968) on the chain view and the coin's pools API, and the goals: every chain of
 * the whole recorded aggregate with ≥ 10 M USD answers with data, its coins summing to its total
 * within 0.5 %.
 */
import * as route from "@/app/api/stablecoin-chains/route";
import * as intel from "@/app/api/stablecoin-intel/route";
import * as pools from "@/app/api/stablecoin-pools/route";
import { CHAIN_SUM_TOLERANCE } from "@/lib/domain/chain-supply";
import { validateAgainstOpenApi } from "../helpers/openapi";
import { call, json, startHarness, type Harness } from "../helpers/harness";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const GOAL_MIN_USD = 10_000_000;

async function get(url: string): Promise<{ status: number; body: Body }> {
  const res = await call(route.GET, url);
  return { status: res.status, body: await json<Body>(res) };
}

describe("GET /api/stablecoin-chains (fixture world)", () => {
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

  it("ranks every chain by USD supply, canonical lowercase names, valid against OpenAPI", async () => {
    const { status, body } = await get("/api/stablecoin-chains");
    expect(status).toBe(200);
    expect(validateAgainstOpenApi("/api/stablecoin-chains", 200, body)).toEqual([]);
    const chains = body.chains as Body[];
    const names = chains.map((c) => c.chain);
    expect(names).toEqual(
      expect.arrayContaining(["ethereum", "tron", "bnb", "optimism", "solana"]),
    );
    expect(names).not.toContain("bsc");
    expect(new Set(names).size).toBe(names.length);
    for (const c of chains) expect(c.chain).toBe(c.chain.toLowerCase());
    const totals = chains.map((c) => c.total_circulating_usd);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(chains.find((c) => c.chain === "bnb")!.name).toBe("BSC");
    const eth = chains.find((c) => c.chain === "ethereum")!;
    expect(eth.top_coins.length).toBe(3);
    expect(eth.change_7d_pct).not.toBeNull();
  });

  it("answers one chain by any spelling; 404 for an unknown chain, 400 for a malformed one", async () => {
    const a = await get("/api/stablecoin-chains?chain=BSC");
    const b = await get("/api/stablecoin-chains?chain=bnb");
    expect(a.status).toBe(200);
    expect(a.body.chain.chain).toBe("bnb");
    expect(b.body.chain.total_circulating_usd).toBe(a.body.chain.total_circulating_usd);
    expect((await get("/api/stablecoin-chains?chain=OP%20Mainnet")).body.chain.chain).toBe(
      "optimism",
    );
    const unknown = await get("/api/stablecoin-chains?chain=no-such-chain");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");
    expect((await get("/api/stablecoin-chains?chain=%3Cscript%3E")).status).toBe(400);
    // The documented pattern, checked on the value as given (never trimmed first).
    for (const padded of ["%20ethereum", "%09BSC", "%20usdc"])
      expect([padded, (await get(`/api/stablecoin-chains?chain=${padded}`)).status]).toEqual([
        padded,
        400,
      ]);
    const res = await call(route.POST, "/api/stablecoin-chains");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("shows one chain's coins with native/bridged split, peg and history", async () => {
    const { status, body } = await get("/api/stablecoin-chains?chain=arbitrum");
    expect(status).toBe(200);
    expect(validateAgainstOpenApi("/api/stablecoin-chains", 200, body)).toEqual([]);
    const coins = body.coins as Body[];
    const usdc = coins.find((c) => c.symbol === "USDC")!;
    expect(usdc.native_usd + usdc.bridged_usd).toBeCloseTo(usdc.circulating_usd, 0);
    expect(usdc.chain_local_peg.pools).toBeGreaterThan(0);
    expect(Math.abs(usdc.chain_local_peg.deviation_bps)).toBeLessThan(100);
    expect(body.history.length).toBeGreaterThan(10);
    // Coins past the measured ones are null, never zero.
    const tail = coins.slice(body.metadata.split_measured_coins);
    for (const c of tail) expect(c.native_usd).toBeNull();
    const sum = coins.reduce((s, c) => s + c.circulating_usd, 0);
    expect(Math.abs(sum - body.chain.total_circulating_usd) / sum).toBeLessThanOrEqual(
      CHAIN_SUM_TOLERANCE,
    );
  });

  it("flags the recorded chain-local depeg (DAI on arbitrum) and nothing else", async () => {
    const arb = await get("/api/stablecoin-chains?chain=arbitrum");
    expect(arb.body.flags).toEqual([
      expect.objectContaining({ code: "chain_local_depeg", chain: "arbitrum", asset: "DAI" }),
    ]);
    const dai = (arb.body.coins as Body[]).find((c) => c.symbol === "DAI")!;
    expect(dai.chain_local_peg.deviation_bps).toBeLessThan(-100);
    for (const chain of ["ethereum", "base", "optimism"]) {
      const { body } = await get(`/api/stablecoin-chains?chain=${chain}`);
      expect(body.flags).toEqual([]);
    }
    const res = await call(pools.GET, "/api/stablecoin-pools?q=dai");
    const p = await json<Body>(res);
    expect(validateAgainstOpenApi("/api/stablecoin-pools", 200, p)).toEqual([]);
    expect(p.flags).toEqual([
      expect.objectContaining({ code: "chain_local_depeg", chain: "arbitrum" }),
    ]);
    const eth = (p.chain_local_peg as Body[]).find((c) => c.chain === "ethereum")!;
    expect(Math.abs(eth.deviation_bps)).toBeLessThan(100);
    const usdc = await json<Body>(await call(pools.GET, "/api/stablecoin-pools?q=usdc"));
    expect(usdc.flags).toEqual([]);
    const daiIntel = await json<Body>(await call(intel.GET, "/api/stablecoin-intel?q=dai"));
    expect(daiIntel.flags).toEqual([
      expect.objectContaining({ code: "chain_local_depeg", chain: "arbitrum" }),
    ]);
    const usdcIntel = await json<Body>(await call(intel.GET, "/api/stablecoin-intel?q=usdc"));
    expect(usdcIntel.flags).toEqual([]);
  });

  it("falls back to coin sums with a warning when the chain list fails", async () => {
    h.fake.setScenario("defillama", "500", { match: "stablecoinchains" });
    const { status, body } = await get("/api/stablecoin-chains");
    expect(status).toBe(200);
    expect(body.warning_codes).toContain("chain_totals_unavailable");
    for (const c of body.chains as Body[]) expect(c.total_circulating_usd).toBe(c.coins_sum_usd);
  });
});

describe("GET /api/stablecoin-chains (the whole recorded aggregate)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file", {}, { market: "full" });
    await h.reset();
  });
  afterAll(async () => {
    await h.close();
  });

  it("every chain with ≥ 10 M USD answers with data; its coins sum to its total within 0.5 %", async () => {
    const { body } = await get("/api/stablecoin-chains");
    const big = (body.chains as Body[]).filter((c) => c.total_circulating_usd >= GOAL_MIN_USD);
    expect(big.length).toBeGreaterThan(60);
    expect(big.map((c) => c.chain)).toEqual(expect.arrayContaining(["tron", "solana", "sui"]));
    for (const c of big) {
      const { status, body: one } = await get(
        `/api/stablecoin-chains?chain=${encodeURIComponent(c.chain)}`,
      );
      expect(status).toBe(200);
      const coins = one.coins as Body[];
      expect(coins.length).toBeGreaterThan(0);
      const sum = coins.reduce((s, x) => s + x.circulating_usd, 0);
      const gap = Math.abs(sum - one.chain.total_circulating_usd) / one.chain.total_circulating_usd;
      expect({ chain: c.chain, withinTolerance: gap <= CHAIN_SUM_TOLERANCE }).toEqual({
        chain: c.chain,
        withinTolerance: true,
      });
      expect(one.history.length).toBeGreaterThan(0);
    }
  }, 120_000);
});
