import {
  DEX_QUIRKS,
  startFakeUpstream,
  type FakeUpstream,
  type HistoryEpisode,
} from "@/tests/fake-upstream/server";
import { getJson, HOUR, NOW, type Json, type Pair } from "./harness";

type Ticker = {
  market: { identifier: string };
  cost_to_move_up_usd?: number;
  cost_to_move_down_usd?: number;
};
type Book = { bids: [string, string][]; asks: [string, string][] };
type Kyber = { data: { routeSummary: { amountOut: string; amountOutUsd: string } } };

const USDC_BASE = DEX_QUIRKS.noLiquidityPool.tokenAddress;
const USDT_ETH = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
const USDC_ETH = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const SPAN = { fromMs: NOW, toMs: NOW + 6 * HOUR };
const INSIDE = NOW + HOUR;
const AFTER = NOW + 6 * HOUR;

let fake: FakeUpstream;
let url: (path: string) => string;

beforeAll(async () => {
  fake = await startFakeUpstream({ now: () => NOW });
  url = (p) => fake.origin + p;
});
afterAll(() => fake.close());
afterEach(() => {
  fake.setHistory([]);
  fake.setNow(null);
});

const tickers = async () =>
  (await getJson<{ tickers: Ticker[] }>(url("/coingecko/api/v3/coins/tether/tickers?depth=true")))
    .body.tickers;
const pairs = async (chain: string, address: string) =>
  (await getJson<Pair[]>(url(`/dexscreener/token-pairs/v1/${chain}/${address}`))).body;
const binanceBook = async () =>
  getJson<Book>(url("/binance/api/v3/depth?symbol=USDCUSDT&limit=100"));
const kyber = async () =>
  (
    await getJson<Kyber>(
      url(
        `/kyberswap/ethereum/api/v1/routes?tokenIn=${USDC_ETH}&tokenOut=${USDT_ETH}&amountIn=1000000000000`,
      ),
    )
  ).body.data.routeSummary;

/** The answers at `at` with `episodes`, and without any. */
async function around<T>(episodes: HistoryEpisode[], at: number, read: () => Promise<T>) {
  fake.setNow(at);
  const plain = await read();
  fake.setHistory(episodes);
  return { plain, changed: await read() };
}

describe("fake upstream history mode", () => {
  it("serves every answer at the simulated clock, and back at its own clock after setNow(null)", async () => {
    const chart = async () =>
      (
        await getJson<{ prices: [number, number][] }>(
          url("/coingecko/api/v3/coins/tether/market_chart?vs_currency=usd&days=1"),
        )
      ).body.prices.at(-1)?.[0];
    fake.setNow(NOW + 5 * HOUR);
    expect(fake.now()).toBe(NOW + 5 * HOUR);
    expect(await chart()).toBe(NOW + 5 * HOUR);
    fake.setNow(null);
    expect(await chart()).toBe(NOW);
  });

  it("changes nothing without episodes, nor outside an episode's span", async () => {
    const { plain, changed } = await around(
      [{ kind: "depth", coin: "tether", venues: ["cex:binance"], factor: 0.4, ...SPAN }],
      AFTER,
      tickers,
    );
    expect(changed).toEqual(plain);
  });

  it("depth: scales the named exchange's ticker depth and book sizes, and a chain's pool liquidity", async () => {
    const ep: HistoryEpisode[] = [
      {
        kind: "depth",
        coin: "tether",
        venues: ["cex:binance", "dex:ethereum"],
        factor: 0.4,
        ...SPAN,
      },
    ];
    const t = await around(ep, INSIDE, tickers);
    t.changed.forEach((c, i) => {
      const before = t.plain[i] as Ticker;
      const by = c.market.identifier === "binance" ? 0.4 : 1;
      if (before.cost_to_move_up_usd === undefined) return;
      expect(c.cost_to_move_up_usd).toBeCloseTo(before.cost_to_move_up_usd * by, 6);
    });
    fake.setHistory([]);
    const p = await around(ep, INSIDE, () => pairs("ethereum", USDT_ETH));
    p.changed.forEach((c, i) => {
      const before = p.plain[i] as Pair;
      if (before.liquidity) expect(c.liquidity?.usd).toBeCloseTo(before.liquidity.usd * 0.4, 4);
    });
    fake.setHistory([]);
    const usdc: HistoryEpisode[] = [{ ...ep[0]!, coin: "usd-coin" } as HistoryEpisode];
    const b = await around(usdc, INSIDE, binanceBook);
    expect(Number(b.changed.body.bids[0]![1])).toBeCloseTo(
      Number(b.plain.body.bids[0]![1]) * 0.4,
      4,
    );
    expect(b.changed.body.bids[0]![0]).toBe(b.plain.body.bids[0]![0]);
  });

  it("depth: an exchange is named by its tickers' identifier or its market name as samples spell it", async () => {
    const byName: HistoryEpisode[] = [
      { kind: "depth", coin: "tether", venues: ["cex:coinbase-exchange"], factor: 0.5, ...SPAN },
    ];
    const t = await around(byName, INSIDE, tickers);
    const gdax = (list: Ticker[]) => list.find((x) => x.market.identifier === "gdax");
    expect(gdax(t.changed)?.cost_to_move_up_usd).toBeCloseTo(
      (gdax(t.plain)?.cost_to_move_up_usd ?? Number.NaN) * 0.5,
      6,
    );
  });

  it("venue-down: the exchange leaves the tickers and its book answers 503", async () => {
    const ep: HistoryEpisode[] = [{ kind: "venue-down", exchange: "binance", ...SPAN }];
    const t = await around(ep, INSIDE, tickers);
    expect(t.plain.some((x) => x.market.identifier === "binance")).toBe(true);
    expect(t.changed.some((x) => x.market.identifier === "binance")).toBe(false);
    expect(t.changed).toEqual(t.plain.filter((x) => x.market.identifier !== "binance"));
    expect((await fetch(url("/binance/api/v3/depth?symbol=USDCUSDT"))).status).toBe(503);
    expect((await fetch(url("/kraken/0/public/Depth?pair=USDCUSD"))).status).toBe(200);
  });

  it("sale-price: KyberSwap outputs and CEX bids pay the factor, asks stay", async () => {
    const ep: HistoryEpisode[] = [{ kind: "sale-price", coin: "usd-coin", factor: 0.985, ...SPAN }];
    const k = await around(ep, INSIDE, kyber);
    expect(Number(k.changed.amountOut) / Number(k.plain.amountOut)).toBeCloseTo(0.985, 8);
    fake.setHistory([]);
    const b = await around(ep, INSIDE, binanceBook);
    expect(Number(b.changed.body.bids[0]![0])).toBeCloseTo(
      Number(b.plain.body.bids[0]![0]) * 0.985,
      6,
    );
    expect(b.changed.body.asks).toEqual(b.plain.body.asks);
  });

  it("pool-price: the coin's price in every pool of one chain moves by the factor", async () => {
    const ep: HistoryEpisode[] = [
      { kind: "pool-price", coin: "usd-coin", chain: "base", factor: 0.965, ...SPAN },
    ];
    const p = await around(ep, INSIDE, () => pairs("base", USDC_BASE));
    const coinPrice = (x: Json) => {
      const pair = x as Pair & { priceNative: string };
      const base = pair.baseToken.address.toLowerCase() === USDC_BASE.toLowerCase();
      return base ? Number(pair.priceUsd) : Number(pair.priceUsd) / Number(pair.priceNative);
    };
    p.changed.forEach((c, i) =>
      expect(coinPrice(c) / coinPrice(p.plain[i] as Json)).toBeCloseTo(0.965, 3),
    );
    fake.setHistory([]);
    const other = await around(ep, INSIDE, () => pairs("ethereum", USDC_ETH));
    expect(other.changed).toEqual(other.plain);
  });

  it("no-pools: the coin's pools leave its answers on every chain, other coins' stay", async () => {
    const ep: HistoryEpisode[] = [{ kind: "no-pools", coin: "usd-coin", ...SPAN }];
    for (const [chain, address] of [
      ["ethereum", USDC_ETH],
      ["base", USDC_BASE],
    ] as const) {
      const p = await around(ep, INSIDE, () => pairs(chain, address));
      expect(p.plain.length).toBeGreaterThan(0);
      expect(p.changed).toEqual([]);
      fake.setHistory([]);
    }
    const other = await around(ep, INSIDE, () => pairs("ethereum", USDT_ETH));
    expect(other.changed).toEqual(other.plain);
    fake.setHistory([]);
    const after = await around(ep, AFTER, () => pairs("ethereum", USDC_ETH));
    expect(after.changed).toEqual(after.plain);
  });

  it("chart-price: market_chart points inside the span move once the span is over", async () => {
    const ep: HistoryEpisode[] = [
      {
        kind: "chart-price",
        coin: "tether",
        factor: 0.96,
        fromMs: NOW - 3 * HOUR,
        toMs: NOW - HOUR,
      },
    ];
    const chart = async () =>
      (
        await getJson<{ prices: [number, number][] }>(
          url("/coingecko/api/v3/coins/tether/market_chart?vs_currency=usd&days=30"),
        )
      ).body.prices;
    const during = await around(ep, NOW - 2 * HOUR, chart);
    expect(during.changed).toEqual(during.plain);
    fake.setHistory([]);
    const c = await around(ep, NOW + 2 * HOUR, chart);
    c.changed.forEach(([t, price], i) => {
      const before = c.plain[i]![1];
      const inside = t >= NOW - 3 * HOUR && t < NOW - HOUR;
      expect(price).toBeCloseTo(inside ? before * 0.96 : before, 8);
    });
    expect(c.changed.filter(([t]) => t >= NOW - 3 * HOUR && t < NOW - HOUR)).toHaveLength(2);
  });

  it("control endpoints set the clock and the episodes, and refuse bad bodies", async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${fake.controlUrl}/${path}`, { method: "POST", body: JSON.stringify(body) });
    expect((await post("clock", { nowMs: NOW + HOUR })).status).toBe(200);
    expect(fake.now()).toBe(NOW + HOUR);
    expect((await post("clock", { nowMs: "soon" })).status).toBe(400);
    const episodes = [{ kind: "venue-down", exchange: "binance", ...SPAN }];
    expect((await post("history", { episodes })).status).toBe(200);
    const state = (await getJson<Json>(`${fake.controlUrl}/state`)).body;
    expect(state).toMatchObject({ nowMs: NOW + HOUR, history: episodes });
    expect((await post("history", { episodes: [{ kind: "meteor" }] })).status).toBe(400);
    expect((await post("reset", {})).status).toBe(200);
    expect((await getJson<Json>(`${fake.controlUrl}/state`)).body).toMatchObject({
      nowMs: null,
      history: [],
    });
  });
});
