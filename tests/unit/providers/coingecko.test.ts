import { fetchCoinContracts } from "@/lib/providers/coingecko/client";
import { fetchMarketChart, fetchMarkets, fetchTickers, ProviderInputError } from "@/lib/providers";
import { telemetry } from "@/lib/telemetry";
import {
  pointProvidersAt,
  rejectionOf,
  sampleText,
  sendJson,
  startFakeServer,
  type FakeServer,
  type RecordedRequest,
} from "./helpers";

const DEMO_KEY = "CG-demo-secret-key-1234";
const PRO_KEY = "CG-pro-secret-key-5678";
/** CoinGecko's body for an unknown coin id (HTTP 404). */
const COIN_NOT_FOUND = { error: "coin not found" };
const USDC_TICKER_ADDRESS = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

let server: FakeServer;
let restoreEnv: () => void;

async function setup(extraEnv: Record<string, string | undefined> = {}) {
  server = await startFakeServer();
  restoreEnv = pointProvidersAt(server.baseUrl, extraEnv);
}

afterEach(async () => {
  restoreEnv();
  await server.close();
});

function only(requests: RecordedRequest[]): RecordedRequest {
  expect(requests).toHaveLength(1);
  const [request] = requests;
  if (!request) throw new Error("no request");
  return request;
}

describe("fetchMarkets", () => {
  beforeEach(() => setup());

  it("parses the recorded markets sample into quotes", async () => {
    server.setHandler((_req, res) => sendJson(res, sampleText("coingecko-coins-markets.json")));
    const quotes = await fetchMarkets(["tether", "usd-coin"]);
    const request = only(server.requests);
    expect(request.pathname).toBe("/coins/markets");
    expect(request.query.get("vs_currency")).toBe("usd");
    expect(request.query.get("ids")).toBe("tether,usd-coin");
    expect(quotes).toHaveLength(16);
    expect(quotes[0]).toEqual({
      coingeckoId: "tether",
      symbol: "usdt",
      name: "Tether",
      priceUsd: 1,
      marketCapUsd: 186658096925,
      volume24hUsd: 74539429772,
      priceChange24hPct: -0.00338,
      lastUpdated: "2026-04-19T01:58:47.286Z",
    });
  });

  it("parses the OAS example (nulls, extra fields)", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, sampleText("coingecko-coins-markets.oas-example.json")),
    );
    const [btc] = await fetchMarkets(["bitcoin"]);
    expect(btc).toMatchObject({
      coingeckoId: "bitcoin",
      priceUsd: 77671,
      priceChange24hPct: -0.95302,
    });
  });

  it("accepts numbers as strings and nulls", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, [
        { id: "x", symbol: "x", name: "X", current_price: "0.9991", market_cap: null },
      ]),
    );
    const [quote] = await fetchMarkets(["x"]);
    expect(quote).toMatchObject({
      priceUsd: 0.9991,
      marketCapUsd: null,
      volume24hUsd: null,
      lastUpdated: null,
    });
  });

  it("a zero or negative current price is no price (null), never 0", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, [
        { id: "z", symbol: "z", name: "Z", current_price: 0, market_cap: 5 },
        { id: "n", symbol: "n", name: "N", current_price: "-0.5", market_cap: 5 },
      ]),
    );
    const quotes = await fetchMarkets(["z", "n"]);
    expect(quotes.map((q) => q.priceUsd)).toEqual([null, null]);
  });

  it("splits long id lists and skips the call for an empty list", async () => {
    server.setHandler((_req, res) => sendJson(res, []));
    await expect(fetchMarkets([])).resolves.toEqual([]);
    expect(server.requests).toHaveLength(0);
    await fetchMarkets(Array.from({ length: 251 }, (_, i) => `coin-${i}`));
    // One call per 250 ids, each asking for a whole page (CoinGecko's default page is 100 rows).
    expect(server.requests).toHaveLength(2);
    expect(server.requests.map((r) => r.query.get("ids")?.split(",").length)).toEqual([250, 1]);
    expect(server.requests.map((r) => r.query.get("per_page"))).toEqual(["250", "250"]);
  });

  it("refuses ids that are not registry ids before any request", async () => {
    for (const id of ["usd coin", "../admin", "a/b", "x&y=1", ".."]) {
      await expect(fetchMarkets([id])).rejects.toBeInstanceOf(ProviderInputError);
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe("CoinGecko key handling", () => {
  it("sends no key header when no key is configured", async () => {
    await setup();
    server.setHandler((_req, res) => sendJson(res, []));
    await fetchMarkets(["tether"]);
    const request = only(server.requests);
    expect(request.headers["x-cg-demo-api-key"]).toBeUndefined();
    expect(request.headers["x-cg-pro-api-key"]).toBeUndefined();
  });

  it("sends the demo key only as x-cg-demo-api-key, never in the URL or an error", async () => {
    await setup({ COINGECKO_API_KEY: DEMO_KEY });
    server.setHandler((_req, res) =>
      sendJson(res, sampleText("coingecko-error-429.reconstructed.json"), 429, {
        "retry-after": "60",
      }),
    );
    const error = await rejectionOf(fetchMarkets(["tether"]));
    const request = only(server.requests);
    expect(request.headers["x-cg-demo-api-key"]).toBe(DEMO_KEY);
    expect(request.headers["x-cg-pro-api-key"]).toBeUndefined();
    expect(request.url).not.toContain(DEMO_KEY);
    expect(error).toMatchObject({ kind: "http", status: 429, retryAfterSeconds: 60 });
    expect(String(error)).not.toContain(DEMO_KEY);
    expect(JSON.stringify(error)).not.toContain(DEMO_KEY);
    expect(JSON.stringify(telemetry.providerCalls())).not.toContain(DEMO_KEY);
    expect(telemetry.lastOutcome("coingecko")).toMatchObject({
      endpoint: "/coins/markets",
      outcome: "http",
      status: 429,
    });
  });

  it("sends the pro key as x-cg-pro-api-key on the pro plan", async () => {
    await setup({ COINGECKO_API_KEY: PRO_KEY, COINGECKO_API_PLAN: "pro" });
    server.setHandler((_req, res) =>
      sendJson(res, sampleText("coingecko-error-10005-plan-restricted.reconstructed.json"), 401),
    );
    const error = await rejectionOf(fetchTickers("tether"));
    const request = only(server.requests);
    expect(request.headers["x-cg-pro-api-key"]).toBe(PRO_KEY);
    expect(request.headers["x-cg-demo-api-key"]).toBeUndefined();
    expect(request.url).not.toContain(PRO_KEY);
    expect(error).toMatchObject({ kind: "http", status: 401 });
    expect((error as Error).message).not.toContain(PRO_KEY);
  });
});

describe("fetchMarketChart", () => {
  beforeEach(() => setup());

  it("parses the OAS sample into ms-timestamped series", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, sampleText("coingecko-market-chart.oas-example.json")),
    );
    const chart = await fetchMarketChart("bitcoin", 1);
    const request = only(server.requests);
    expect(request.pathname).toBe("/coins/bitcoin/market_chart");
    expect(request.query.get("vs_currency")).toBe("usd");
    expect(request.query.get("days")).toBe("1");
    expect(chart.prices).toEqual([
      { timestampMs: 1779027899041, priceUsd: 77953.82550382407 },
      { timestampMs: 1779028199661, priceUsd: 78052.87543398788 },
    ]);
    expect(chart.marketCaps[0]).toEqual({
      timestampMs: 1779027899041,
      valueUsd: 1560631481361.8042,
    });
    expect(chart.volumes).toHaveLength(2);
  });

  it("sorts by time and drops non-finite points", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, {
        prices: [[3000, 1.001], [1000, 0.999], [2000, null], [4000]],
        market_caps: [],
        total_volumes: null,
      }),
    );
    const chart = await fetchMarketChart("tether", 7);
    expect(chart.prices).toEqual([
      { timestampMs: 1000, priceUsd: 0.999 },
      { timestampMs: 3000, priceUsd: 1.001 },
    ]);
    expect(chart.marketCaps).toEqual([]);
    expect(chart.volumes).toEqual([]);
    expect(chart.droppedPrices).toBe(2);
  });

  it("drops zero, negative and non-finite prices with a count", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, {
        prices: [
          [1000, 1],
          [2000, 0],
          [3000, -0.2],
          [4000, null],
          [5000, 0.9995],
          [6000, 1e-320],
        ],
        market_caps: [],
        total_volumes: [],
      }),
    );
    const chart = await fetchMarketChart("tether", 7);
    // 1e-320 is a (denormal) positive number: tiny, but a measurement; the peg rule flags it.
    expect(chart.prices.map((p) => p.priceUsd)).toEqual([1, 0.9995, 1e-320]);
    expect(chart.droppedPrices).toBe(3);
  });

  it("refuses other windows", async () => {
    await expect(fetchMarketChart("tether", 14 as 7)).rejects.toBeInstanceOf(ProviderInputError);
    expect(server.requests).toHaveLength(0);
  });

  it("an id CoinGecko does not know (404 'coin not found') is an empty chart, not a failure", async () => {
    server.setHandler((_req, res) => sendJson(res, JSON.stringify(COIN_NOT_FOUND), 404));
    expect(await fetchMarketChart("nope", 7)).toEqual({
      prices: [],
      droppedPrices: 0,
      marketCaps: [],
      volumes: [],
    });
  });

  it("any other 404 (a CDN page, another error) stays a failure", async () => {
    server.setHandler((_req, res) => sendJson(res, JSON.stringify({ error: "Not Found" }), 404));
    expect(await rejectionOf(fetchMarketChart("nope", 7))).toMatchObject({ name: "ProviderError" });
  });
});

describe("fetchTickers", () => {
  beforeEach(() => setup());

  it("an id CoinGecko does not know (404 'coin not found') has no tickers, not a failure", async () => {
    server.setHandler((_req, res) => sendJson(res, JSON.stringify(COIN_NOT_FOUND), 404));
    expect(await fetchTickers("nope")).toEqual([]);
  });

  it("a 500 or 429 stays a failure", async () => {
    for (const status of [500, 429]) {
      server.setHandler((_req, res) => sendJson(res, JSON.stringify(COIN_NOT_FOUND), status));
      expect(await rejectionOf(fetchTickers("nope"))).toMatchObject({ kind: "http", status });
    }
  });

  it("parses the reconstructed stablecoin sample (no depth fields, null trust score)", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, sampleText("coingecko-tickers-usd-coin.reconstructed.json")),
    );
    const [ticker] = await fetchTickers("usd-coin");
    const request = only(server.requests);
    expect(request.pathname).toBe("/coins/usd-coin/tickers");
    expect(request.query.get("depth")).toBe("true");
    expect(ticker).toEqual({
      exchange: "Binance",
      exchangeId: "binance",
      base: "USDC",
      target: "USDT",
      lastPrice: 1.00087,
      lastPriceUsd: 0.999569,
      volumeUsd: 2088986570,
      costToMoveUpUsd: null,
      costToMoveDownUsd: null,
      isStale: false,
      isAnomaly: false,
      trustScore: null,
      isDex: false,
    });
  });

  it("parses the OAS sample with ±2 % depth", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, sampleText("coingecko-tickers.oas-example.json")),
    );
    const [ticker] = await fetchTickers("bitcoin");
    expect(ticker).toMatchObject({
      costToMoveUpUsd: 19320706.3958517,
      costToMoveDownUsd: 16360235.3694131,
    });
  });

  it("flags DEX tickers (contract-address pairs or DEX venues)", async () => {
    const market = (identifier: string) => ({ name: identifier, identifier });
    server.setHandler((_req, res) =>
      sendJson(res, {
        tickers: [
          {
            base: USDC_TICKER_ADDRESS,
            target: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
            market: market("x"),
            trust_score: "green",
          },
          { base: "USDC", target: "USDT", market: market("uniswap_v3") },
          {
            base: "USDC",
            target: "USDT",
            market: market("kraken"),
            is_stale: true,
            is_anomaly: true,
          },
        ],
      }),
    );
    const tickers = await fetchTickers("usd-coin");
    expect(tickers.map((t) => t.isDex)).toEqual([true, true, false]);
    expect(tickers[0]?.trustScore).toBe("green");
    expect(tickers[2]).toMatchObject({
      isStale: true,
      isAnomaly: true,
      lastPrice: null,
      volumeUsd: null,
    });
  });
});

describe("fetchCoinContracts", () => {
  beforeEach(() => setup());

  it("asks for coin detail without the heavy parts and returns one contract per platform", async () => {
    server.setHandler((_req, res) =>
      sendJson(
        res,
        JSON.stringify({
          id: "usd",
          platforms: { base: "0xabc", "arbitrum-one": "0xdef", "": "" },
          detail_platforms: {
            base: { decimal_place: 6, contract_address: "0xabc" },
            "": { decimal_place: null, contract_address: "" },
          },
        }),
      ),
    );
    const contracts = await fetchCoinContracts("usd");
    const request = only(server.requests);
    expect(request.pathname).toBe("/coins/usd");
    for (const flag of [
      "localization",
      "tickers",
      "market_data",
      "community_data",
      "developer_data",
      "sparkline",
    ])
      expect(request.query.get(flag)).toBe("false");
    expect(contracts).toEqual([
      { platform: "base", address: "0xabc", decimals: 6 },
      { platform: "arbitrum-one", address: "0xdef", decimals: null },
    ]);
  });

  it.each([
    [{ "": "" }, { "": { decimal_place: null, contract_address: "" } }],
    [{}, {}],
    [null, null],
  ])("reads a native coin (%j) as no contracts", async (platforms, detail) => {
    server.setHandler((_req, res) =>
      sendJson(res, JSON.stringify({ id: "x", platforms, detail_platforms: detail })),
    );
    expect(await fetchCoinContracts("x")).toEqual([]);
  });

  it("rejects a malformed body as a schema failure", async () => {
    server.setHandler((_req, res) => sendJson(res, JSON.stringify({ platforms: "nope" })));
    const e = await rejectionOf(fetchCoinContracts("x"));
    expect(e).toMatchObject({ name: "ProviderError", kind: "schema" });
  });
});
