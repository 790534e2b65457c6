/**
 * Prices for every coin in batched calls (issue 26 §2), counted at the fake upstream: one
 * `/coins/markets` call (≤ 250 ids) serves every coin of the full recorded market, one
 * DefiLlama coins entry gives each its second price, disagreement beyond 50 bps is said, and
 * hourly series are filled within the 500-point limit and then extended with the new hours only.
 */
import * as intelRoute from "@/app/api/stablecoin-intel/route";
import { resetConfigForTests } from "@/lib/config";
import { MS_PER_HOUR } from "@/lib/domain/chart-plan";
import { intelResponseSchema } from "@/lib/intel/schema";
import { readMarketQuotes } from "@/lib/assets/market-batches";
import { readAggregate } from "@/lib/snapshot/live";
import { readHourlySeries } from "@/lib/snapshot/coin-hourly";
import { readQuoteBatch } from "@/lib/snapshot/market-batch";
import { RateBudgetError } from "@/lib/budget/calls";
import { fullMarketKnownIds } from "../../fake-upstream/server";
import { call, json, startHarness, upstreamCalls, type Harness } from "../helpers/harness";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Coins of different ranks, shared symbols, a CoinGecko id the market provider lacks. */
const COINS = ["usdt", "usdc", "2", "ylds", "usd%2B", "frax", "gho"];

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
  return json<Body>(res);
};

describe("one /coins/markets call serves every coin", () => {
  it("N coins' intel cost one markets call with every CoinGecko id, and one price set", async () => {
    await readAggregate(); // a visitor arriving from the home page: the aggregate is read
    const bodies = [];
    for (const q of COINS) bodies.push(await intel(q));
    const markets = upstreamCalls(h.fake, "coingecko").filter((r) =>
      r.upstreamPath.startsWith("/coins/markets"),
    );
    expect(markets).toHaveLength(1);
    const ids = new URL(`http://x${markets[0]!.upstreamPath}`).searchParams.get("ids")!.split(",");
    expect(ids.length).toBeGreaterThan(200);
    expect(ids.length).toBeLessThanOrEqual(250);
    expect(new URL(`http://x${markets[0]!.upstreamPath}`).searchParams.get("per_page")).toBe("250");
    // The second price: one entry for the market, a few chunked calls, not one per coin.
    const prices = upstreamCalls(h.fake, "defillama-coins");
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.length).toBeLessThanOrEqual(4);
    expect(prices.every((r) => r.upstreamPath.startsWith("/prices/current/"))).toBe(true);
    for (const b of bodies) {
      expect(intelResponseSchema.safeParse(b).success).toBe(true);
      const second = (b.data.prices as Body[]).find((p) => p.source === "defillama-coins")!;
      expect(second.price_usd).toEqual(expect.any(Number));
      expect(second.as_of).toEqual(expect.any(String));
    }
    // YLDS: the market provider does not know it; DefiLlama coins still prices it.
    const ylds = bodies[3]!;
    expect(ylds.warning_codes).toContain("market_not_found");
    expect((ylds.data.prices as Body[])[0]).toEqual({
      source: "market",
      price_usd: null,
      as_of: null,
    });
  });

  it("the batch is one entry: a fill asks one call per chunk of 250 ids, within the budget", async () => {
    await readAggregate();
    const read = await readMarketQuotes();
    expect(read.value.quotes.length).toBeGreaterThan(200);
    expect(upstreamCalls(h.fake, "coingecko")).toHaveLength(1);
    const again = await readMarketQuotes();
    expect(again.source).toBe("cache");
    expect(upstreamCalls(h.fake, "coingecko")).toHaveLength(1);
  });

  it("spends one budget call per chunk, all before the first call", async () => {
    const ids = [...fullMarketKnownIds(), ...Array.from({ length: 60 }, (_, i) => `extra-${i}`)];
    expect(ids.length).toBeGreaterThan(250);
    const withBudget = async (perMinute: number) => {
      await h.reset();
      process.env.COINGECKO_CALLS_PER_MINUTE = String(perMinute);
      resetConfigForTests();
      return readQuoteBatch(async () => ids);
    };
    try {
      // Two chunks, a budget of one: refused, and no call made.
      await expect(withBudget(1)).rejects.toBeInstanceOf(RateBudgetError);
      expect(upstreamCalls(h.fake, "coingecko")).toHaveLength(0);
      const read = await withBudget(2);
      expect(upstreamCalls(h.fake, "coingecko")).toHaveLength(2);
      expect(read.value.ids).toHaveLength(ids.length);
      expect(read.value.quotes).toHaveLength(fullMarketKnownIds().length);
    } finally {
      process.env.COINGECKO_CALLS_PER_MINUTE = "1000000";
      resetConfigForTests();
    }
  });
});

describe("price_sources_disagree", () => {
  it("LUSD's DefiLlama coins price is 80 bps off its market price: said, with both prices", async () => {
    h.fake.setMarket("fixture");
    const body = await intel("lusd");
    expect(body.warning_codes).toContain("price_sources_disagree");
    const byName = Object.fromEntries((body.data.prices as Body[]).map((p) => [p.source, p]));
    expect(
      Math.abs(byName["defillama-coins"].price_usd - byName.market.price_usd) * 10_000,
    ).toBeGreaterThan(50);
    const usdc = await intel("usdc");
    expect(usdc.warning_codes).not.toContain("price_sources_disagree");
  });
});

describe("hourly series from the DefiLlama coins API", () => {
  it("first fill within 500 points per call, then one batched call for the new hours", async () => {
    const keys = ["coingecko:usd-coin", "coingecko:frax"];
    const t0 = Date.now();
    const first = await readHourlySeries(keys, { now: () => t0 });
    const charts = () =>
      upstreamCalls(h.fake, "defillama-coins").map((r) => new URL(`http://x${r.upstreamPath}`));
    const fill = charts();
    expect(fill).toHaveLength(10); // 2 coins × ⌈2,160 / 500⌉
    for (const u of fill) {
      const coins = decodeURIComponent(u.pathname).replace("/chart/", "").split(",");
      expect(coins.length * Number(u.searchParams.get("span"))).toBeLessThanOrEqual(500);
    }
    const usdc = first.get("coingecko:usd-coin")!;
    expect(usdc.series?.source).toBe("defillama-coins");
    expect(usdc.series!.points.length).toBeGreaterThan(2000);
    // USDC's −150 bps episode ~95 h ago is in the hourly series.
    expect(Math.min(...usdc.series!.points.map((p) => p.priceUsd))).toBeCloseTo(0.985, 6);

    h.fake.clearRequests();
    const t1 = t0 + 3 * MS_PER_HOUR;
    const later = await readHourlySeries(keys, { now: () => t1 });
    // Served stale at once while one extension runs for both coins.
    expect(later.get("coingecko:usd-coin")!.stale).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    const ext = charts();
    expect(ext).toHaveLength(1);
    expect(decodeURIComponent(ext[0]!.pathname)).toBe("/chart/coingecko:frax,coingecko:usd-coin");
    expect(ext[0]!.searchParams.get("span")).toBe("3");
    expect(Number(ext[0]!.searchParams.get("start")) * 1000).toBe(
      Math.floor(t0 / MS_PER_HOUR) * MS_PER_HOUR + MS_PER_HOUR,
    );
  });

  it("a coin whose calls fail has no series (null, with the error), the others keep theirs", async () => {
    h.fake.setScenario("defillama-coins", "500", { match: "coingecko:dai" });
    const reads = await readHourlySeries(["coingecko:dai", "coingecko:tether"]);
    expect(reads.get("coingecko:dai")!.series).toBeNull();
    expect(reads.get("coingecko:dai")!.error).toBeDefined();
    expect(reads.get("coingecko:tether")!.series!.points.length).toBeGreaterThan(2000);
  });
});
