import { readFileSync } from "node:fs";
import path from "node:path";
import {
  DEMO_DUNE_QUERY_IDS,
  startFakeUpstream,
  TRACKED_COINGECKO_IDS,
  type FakeUpstream,
} from "@/tests/fake-upstream/server";
import { trackedTokens } from "@/tests/fake-upstream/data/assets";
import { DUNE_KEY, getJson, HOUR, NOW, SAMPLES, type Json, type Pair } from "./harness";

let fake: FakeUpstream;
let B: FakeUpstream["baseUrls"];

beforeAll(async () => {
  fake = await startFakeUpstream({ now: () => NOW });
  B = fake.baseUrls;
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.resetScenarios();
  fake.clearRequests();
});

describe("fake upstream: the allow-listed upstream paths", () => {
  it("exposes every provider's base URL under one origin", () => {
    expect(B).toEqual({
      STABLECOINS_API_URL: `${fake.origin}/llama`,
      COINGECKO_API_URL: `${fake.origin}/coingecko/api/v3`,
      DEXSCREENER_API_URL: `${fake.origin}/dexscreener`,
      DUNE_API_URL: `${fake.origin}/dune/api/v1`,
      DEFILLAMA_COINS_API_URL: `${fake.origin}/llama-coins`,
      BINANCE_API_URL: `${fake.origin}/binance`,
      KRAKEN_API_URL: `${fake.origin}/kraken`,
      COINBASE_API_URL: `${fake.origin}/coinbase`,
      DEX_QUOTES_API_URL: `${fake.origin}/kyberswap`,
    });
  });

  it("answers every allow-listed path with 200 JSON", async () => {
    const urls = [
      `${B.STABLECOINS_API_URL}/stablecoins?includePrices=true`,
      `${B.STABLECOINS_API_URL}/stablecoincharts/all?stablecoin=1`,
      `${B.DEFILLAMA_COINS_API_URL}/prices/current/coingecko:usd-coin,coingecko:tether`,
      `${B.DEFILLAMA_COINS_API_URL}/chart/coingecko:usd-coin?start=1776384000&span=48&period=1h`,
      `${B.COINGECKO_API_URL}/coins/markets?vs_currency=usd&ids=${TRACKED_COINGECKO_IDS.join(",")}`,
      ...TRACKED_COINGECKO_IDS.flatMap((id) => [
        ...[1, 7, 30].map(
          (d) => `${B.COINGECKO_API_URL}/coins/${id}/market_chart?vs_currency=usd&days=${d}`,
        ),
        `${B.COINGECKO_API_URL}/coins/${id}/tickers?depth=true`,
      ]),
      ...Object.values(DEMO_DUNE_QUERY_IDS).map(
        (q) => `${B.DUNE_API_URL}/query/${q}/results?limit=1000&offset=0`,
      ),
    ];
    for (const url of urls) {
      const { status } = await getJson(url, DUNE_KEY);
      expect([url, status]).toEqual([url, 200]);
    }
  });

  it("serves DexScreener pairs for every tracked address (case-insensitive)", async () => {
    for (const t of trackedTokens()) {
      for (const [chain, list] of Object.entries(t.addresses)) {
        for (const a of list) {
          const { status, body } = await getJson<Pair[]>(
            `${B.DEXSCREENER_API_URL}/token-pairs/v1/${chain}/${a.address.toLowerCase()}`,
          );
          expect(status).toBe(200);
          expect(body.length).toBeGreaterThanOrEqual(3);
          for (const p of body) {
            const involved = [p.baseToken.address, p.quoteToken.address].map((x) =>
              x.toLowerCase(),
            );
            expect(involved).toContain(a.address.toLowerCase());
            expect(typeof p.priceUsd).toBe("string");
          }
        }
      }
    }
  });
});

describe("fake upstream: DefiLlama data", () => {
  it("serves the recorded /stablecoins body verbatim", async () => {
    const res = await fetch(`${B.STABLECOINS_API_URL}/stablecoins?includePrices=true`);
    expect(await res.text()).toBe(
      readFileSync(path.join(SAMPLES, "defillama-stablecoins.json"), "utf8"),
    );
  });

  it("builds a 60-day chart through the recorded anchors, ending today", async () => {
    const sample = JSON.parse(
      readFileSync(path.join(SAMPLES, "defillama-stablecoins.json"), "utf8"),
    ) as {
      peggedAssets: Array<{
        id: string;
        circulating: { peggedUSD: number };
        circulatingPrevWeek: { peggedUSD: number };
        circulatingPrevMonth: { peggedUSD: number };
      }>;
    };
    const usdc = sample.peggedAssets.find((a) => a.id === "2");
    const { body } = await getJson<
      Array<{ date: string; totalCirculatingUSD: { peggedUSD: number } }>
    >(`${B.STABLECOINS_API_URL}/stablecoincharts/all?stablecoin=2`);
    expect(body).toHaveLength(60);
    const today = Math.floor(NOW / 86_400_000) * 86_400;
    expect(body.at(-1)?.date).toBe(String(today));
    expect(typeof body[0]?.date).toBe("string");
    expect(body.at(-1)?.totalCirculatingUSD.peggedUSD).toBeCloseTo(
      usdc?.circulating.peggedUSD ?? 0,
      1,
    );
    expect(body.at(-8)?.totalCirculatingUSD.peggedUSD).toBeCloseTo(
      usdc?.circulatingPrevWeek.peggedUSD ?? 0,
      1,
    );
    expect(body.at(-31)?.totalCirculatingUSD.peggedUSD).toBeCloseTo(
      usdc?.circulatingPrevMonth.peggedUSD ?? 0,
      1,
    );
  });

  it("gives JUP (id 335, {} history) a short series, the aggregate 60 days, unknown id a text 404", async () => {
    expect(
      (await getJson<unknown[]>(`${B.STABLECOINS_API_URL}/stablecoincharts/all?stablecoin=335`))
        .body.length,
    ).toBeLessThan(7);
    expect(
      (await getJson<unknown[]>(`${B.STABLECOINS_API_URL}/stablecoincharts/all`)).body,
    ).toHaveLength(60);
    const res = await fetch(`${B.STABLECOINS_API_URL}/stablecoincharts/all?stablecoin=99999`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("Invalid request");
  });
});

describe("fake upstream: CoinGecko data", () => {
  it("filters markets by ids, adds synthetic tracked entries, drops unknown ids", async () => {
    const { body } = await getJson<Array<{ id: string; current_price: number }>>(
      `${B.COINGECKO_API_URL}/coins/markets?vs_currency=usd&ids=usd-coin,frax,no-such-coin,first-digital-usd`,
    );
    expect(body.map((e) => e.id).sort()).toEqual(["first-digital-usd", "frax", "usd-coin"]);
    const all = await getJson<Array<{ id: string }>>(
      `${B.COINGECKO_API_URL}/coins/markets?vs_currency=usd&ids=${TRACKED_COINGECKO_IDS.join(",")}`,
    );
    expect(all.body.map((e) => e.id).sort()).toEqual([...TRACKED_COINGECKO_IDS].sort());
    const keys = (e: object) => Object.keys(e).sort();
    expect(keys(all.body.find((e) => e.id === "frax") ?? {})).toEqual(
      keys(all.body.find((e) => e.id === "tether") ?? {}),
    );
  });

  it("has 5-minute points for days=1 and hourly for 7/30, ending now at the markets price", async () => {
    const price = (
      await getJson<Array<{ current_price: number }>>(
        `${B.COINGECKO_API_URL}/coins/markets?vs_currency=usd&ids=usd-coin`,
      )
    ).body[0]?.current_price;
    for (const [days, n, step] of [
      [1, 289, 300_000],
      [7, 169, HOUR],
      [30, 721, HOUR],
    ] as const) {
      const { body } = await getJson<{
        prices: [number, number][];
        market_caps: unknown[];
        total_volumes: unknown[];
      }>(`${B.COINGECKO_API_URL}/coins/usd-coin/market_chart?vs_currency=usd&days=${days}`);
      expect(body.prices).toHaveLength(n);
      expect(body.market_caps).toHaveLength(n);
      expect(body.total_volumes).toHaveLength(n);
      expect(body.prices.at(-1)).toEqual([NOW, price]);
      expect((body.prices[1]?.[0] ?? 0) - (body.prices[0]?.[0] ?? 0)).toBe(step);
    }
  });

  it("puts the USDC depeg (0.9850, ~4 days ago) in 7d/30d but not 24h, and DAI +60 bps in 30d only", async () => {
    const chart = async (id: string, days: number) =>
      (
        await getJson<{ prices: [number, number][] }>(
          `${B.COINGECKO_API_URL}/coins/${id}/market_chart?vs_currency=usd&days=${days}`,
        )
      ).body.prices;
    const min = (ps: [number, number][]) => Math.min(...ps.map((p) => p[1]));
    const max = (ps: [number, number][]) => Math.max(...ps.map((p) => p[1]));
    expect(min(await chart("usd-coin", 1))).toBeGreaterThan(0.9994);
    const week = await chart("usd-coin", 7);
    expect(min(week)).toBe(0.985);
    expect(week.filter((p) => p[1] < 0.99).map((p) => (NOW - p[0]) / HOUR)).toEqual([
      96, 95, 94, 93, 92,
    ]);
    expect(min(await chart("usd-coin", 30))).toBe(0.985);
    expect(max(await chart("dai", 7))).toBeLessThan(1.0005);
    expect(max(await chart("dai", 30))).toBe(1.006);
    const tether = await chart("tether", 30);
    expect(min(tether)).toBeGreaterThanOrEqual(0.9997);
    expect(max(tether)).toBeLessThanOrEqual(1.0003);
  });

  it("serves 5-8 tickers with depth on all but one, some null trust scores; 404 for unknown coins", async () => {
    for (const id of TRACKED_COINGECKO_IDS) {
      const { body } = await getJson<{ tickers: Array<Json> }>(
        `${B.COINGECKO_API_URL}/coins/${id}/tickers?depth=true`,
      );
      expect(body.tickers.length).toBeGreaterThanOrEqual(5);
      expect(body.tickers.length).toBeLessThanOrEqual(8);
      expect(body.tickers.filter((t) => !("cost_to_move_up_usd" in t))).toHaveLength(1);
      expect(body.tickers.some((t) => t.trust_score === null)).toBe(true);
    }
    const noDepth = await getJson<{ tickers: Array<Json> }>(
      `${B.COINGECKO_API_URL}/coins/tether/tickers`,
    );
    expect(noDepth.body.tickers.every((t) => !("cost_to_move_up_usd" in t))).toBe(true);
    expect((await getJson(`${B.COINGECKO_API_URL}/coins/nope/tickers?depth=true`)).status).toBe(
      404,
    );
  });
});

describe("fake upstream: request log and unknown paths", () => {
  it("answers unknown paths and POSTs with a loud 501 and logs them", async () => {
    const r1 = await fetch(`${B.COINGECKO_API_URL}/simple/price?ids=tether`);
    expect(r1.status).toBe(501);
    expect(await r1.json()).toEqual({
      error: "fake-upstream: no fixture for GET /coingecko/api/v3/simple/price?ids=tether",
    });
    const r2 = await fetch(`${B.DUNE_API_URL}/query/4000001/execute`, {
      method: "POST",
      headers: DUNE_KEY,
    });
    expect(r2.status).toBe(501);
    await r2.text();
    const r3 = await fetch(`${fake.origin}/nowhere`);
    expect(r3.status).toBe(501);
    await r3.text();
    const log = fake.requests();
    expect(log.map((e) => [e.method, e.provider, e.upstreamPath, e.status])).toEqual([
      ["GET", "coingecko", "/simple/price?ids=tether", 501],
      ["POST", "dune", "/query/4000001/execute", 501],
      ["GET", "unknown", "/nowhere", 501],
    ]);
  });

  it("records method, full path and lowercased headers", async () => {
    await (
      await fetch(`${B.DUNE_API_URL}/query/4000001/results?limit=5`, {
        headers: { "X-Dune-API-Key": "abc" },
      })
    ).text();
    const [e] = fake.requests();
    expect(e?.method).toBe("GET");
    expect(e?.path).toBe("/dune/api/v1/query/4000001/results?limit=5");
    expect(e?.provider).toBe("dune");
    expect(e?.headers["x-dune-api-key"]).toBe("abc");
    expect(e?.status).toBe(200);
    expect(typeof e?.at).toBe("number");
  });

  it("is deterministic for a fixed clock", async () => {
    const other = await startFakeUpstream({ now: () => NOW });
    try {
      for (const p of [
        "/coingecko/api/v3/coins/dai/market_chart?vs_currency=usd&days=30",
        "/dexscreener/token-pairs/v1/base/0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
      ]) {
        const a = await (await fetch(fake.origin + p)).text();
        const b = await (await fetch(other.origin + p)).text();
        expect(a).toBe(b);
      }
      const q = "/dune/api/v1/query/4000005/results";
      const a = (await getJson<Json>(fake.origin + q, DUNE_KEY)).body;
      const b = (await getJson<Json>(other.origin + q, DUNE_KEY)).body;
      expect(a).toEqual(b);
    } finally {
      await other.close();
    }
  });
});
