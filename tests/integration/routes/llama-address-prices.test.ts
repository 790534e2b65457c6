/**
 * A coin without a CoinGecko id gets its second price from the DefiLlama coins API by its
 * `<chain>:<address>` key (issue 26 §2), counted at the fake upstream (full recorded market):
 * the key comes from the coin's cached `/stablecoin/{id}` detail (its `address`), never from a
 * detail call on the request path; the refresher's first fill of the price set reads those
 * details, so such a coin is priced on its first answer after the refresher's first pass.
 */
import * as intelRoute from "@/app/api/stablecoin-intel/route";
import type { ResolvedAsset } from "@/lib/assets/resolve";
import type { AggregateAsset } from "@/lib/domain/types";
import { intelResponseSchema } from "@/lib/intel/schema";
import { getKv } from "@/lib/kv";
import { aggregateTask, coinDetailTask, coinPricesTask } from "@/lib/refresh/families";
import { runRefreshPass } from "@/lib/refresh/pass";
import { readCoinChainBalances } from "@/lib/snapshot/chains";
import { llamaAsset } from "../../fake-upstream/data/samples";
import { validateAgainstOpenApi } from "../helpers/openapi";
import { call, json, startHarness, upstreamCalls, type Harness } from "../helpers/harness";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** flexUSD: no CoinGecko id, Ethereum-first (bare address); USP: Avalanche (`avax:` key). */
const COINS = [
  { id: "21", slug: "ethereum" },
  { id: "97", slug: "avax" },
];

let h: Harness;
beforeAll(async () => {
  h = await startHarness("file", {}, { market: "full" });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  h.fake.setMarket("full");
  await h.reset();
});

const intel = async (q: string) => {
  const res = await call(intelRoute.GET, `/api/stablecoin-intel?q=${q}`);
  expect(res.status).toBe(200);
  const body = await json<Body>(res);
  expect(intelResponseSchema.safeParse(body).success).toBe(true);
  expect(validateAgainstOpenApi("/api/stablecoin-intel", 200, body)).toEqual([]);
  return body;
};
const secondPrice = (body: Body) =>
  (body.data.prices as Body[]).find((p) => p.source === "defillama-coins")!;
const detailCalls = () =>
  upstreamCalls(h.fake, "defillama").filter((r) => r.upstreamPath.startsWith("/stablecoin/"));
const priceCalls = () => upstreamCalls(h.fake, "defillama-coins");
const askedKeys = () =>
  priceCalls().flatMap((r) =>
    decodeURIComponent(r.upstreamPath.replace("/prices/current/", "")).split(","),
  );

describe("DefiLlama coins price by address, for coins without a CoinGecko id", () => {
  it("cold: no detail call on the request path, and the price is null (not zero)", async () => {
    const body = await intel("21");
    expect(body.metadata.resolved.coingecko_id).toBeNull();
    expect(detailCalls()).toEqual([]);
    expect(secondPrice(body)).toEqual({ source: "defillama-coins", price_usd: null, as_of: null });
    expect(askedKeys().some((k) => !k.startsWith("coingecko:"))).toBe(false);
  });

  it("after its detail is cached: priced by <chain>:<address> in the one market-wide set", async () => {
    for (const c of COINS) await readCoinChainBalances(c.id);
    expect(detailCalls()).toHaveLength(COINS.length);
    h.fake.clearRequests();

    for (const c of COINS) {
      const body = await intel(c.id);
      const asset = llamaAsset(c.id, "full")!;
      expect(asset.gecko_id).toBeNull();
      const second = secondPrice(body);
      expect([c.id, typeof second.price_usd]).toEqual([c.id, "number"]);
      expect(second.as_of).toEqual(expect.any(String));
      expect(Math.abs(second.price_usd / asset.price! - 1)).toBeLessThan(5e-4);
      // data.price stays the aggregate's (no fallback to this price; see docs/api.md).
      const d = body.data;
      expect(d.price_source).toBe("aggregate");
      expect(d.price).toBe(d.price_sources[d.price_source]);
      expect(body.warning_codes).toContain("market_not_listed");
    }
    // No detail call on the request path; one price set (a few chunked calls) for both coins.
    expect(detailCalls()).toEqual([]);
    expect(priceCalls().length).toBeGreaterThan(0);
    expect(priceCalls().length).toBeLessThanOrEqual(4);
    expect(priceCalls().every((r) => r.upstreamPath.startsWith("/prices/current/"))).toBe(true);
    const keys = askedKeys();
    for (const c of COINS) expect(keys.some((k) => k.startsWith(`${c.slug}:0x`))).toBe(true);
    // Only keys the service may send (no unmappable address made it into the path).
    expect(keys.some((k) => k.startsWith("cardano:"))).toBe(false);
  });
});

describe("refresher: the coin-address warm task", () => {
  const coin = (rank: number, id: string, coingeckoId: string | null) => ({
    rank,
    asset: { defillamaId: id, coingeckoId, overlay: null } as unknown as ResolvedAsset,
    entry: { id } as unknown as AggregateAsset,
  });

  it("one aggregate call per coin without a CoinGecko id; it warms the detail a request peeks", async () => {
    const items = await coinDetailTask.itemsFor({
      coins: [coin(1, "2", "usd-coin"), coin(40, "21", null), coin(90, "97", null)],
    });
    expect(items.map((i) => [i.id, i.rank, i.cost])).toEqual([
      ["21", 40, { defillama: 1 }],
      ["97", 90, { defillama: 1 }],
    ]);
    await items[0]!.warm({});
    expect(detailCalls()).toHaveLength(1);
    h.fake.clearRequests();
    const body = await intel("21");
    expect(secondPrice(body).price_usd).toEqual(expect.any(Number));
    expect(detailCalls()).toEqual([]);
  });
});

describe("refresher: the first pass prices address-keyed coins", () => {
  /** Due within this long: warmed now (the refresher's lead). */
  const LEAD_MS = 60_000;
  /** ZeUSD: no CoinGecko id, no overlay contract; priced by `<chain>:<address>` only. */
  const ZEUSD = "225";

  it("ZeUSD carries the DefiLlama coins price on its first answer after the first pass", async () => {
    expect(llamaAsset(ZEUSD, "full")!.gecko_id).toBeNull();
    const out = await runRefreshPass({
      trigger: "script",
      leadMs: LEAD_MS,
      kv: getKv(),
      tasks: [aggregateTask, coinPricesTask],
    });
    expect(out.outcome).toBe("ok");
    h.fake.clearRequests();
    const body = await intel(ZEUSD);
    expect(body.asset).toBe("ZeUSD");
    const second = secondPrice(body);
    expect(second.price_usd).toEqual(expect.any(Number));
    expect(second.as_of).toEqual(expect.any(String));
    // Answered from the pass' entries: no detail and no price call on the request path.
    expect(detailCalls()).toEqual([]);
    expect(priceCalls()).toEqual([]);
  });
});
