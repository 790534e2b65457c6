/**
 * The exit-cost clients against recorded payloads: order books of Binance, Kraken (HTTP 200
 * errors, pair key read positionally) and Coinbase (trimmed zeros, order counts), and KyberSwap
 * routes (raw amounts, `priceLimit` above 2^53, "route not found" as an answer, other errors
 * as failures). Only the paths and parameters of docs/upstream.md reach the upstream.
 */
import { fetchBinanceBook } from "@/lib/providers/binance/client";
import { fetchCoinbaseBook } from "@/lib/providers/coinbase/client";
import { fetchKrakenBook } from "@/lib/providers/kraken/client";
import { fetchDexQuote, KYBERSWAP_CLIENT_ID } from "@/lib/providers/kyberswap/client";
import { isProviderError, isProviderInputError } from "@/lib/providers";
import {
  pointProvidersAt,
  rejectionOf,
  sampleText,
  sendJson,
  startFakeServer,
  type FakeServer,
} from "./helpers";

const USDE = "0x4c9EDD5852cd905f086C759E8383e09bff1E68B3";
const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

let server: FakeServer;
let restore: () => void;
beforeEach(async () => {
  server = await startFakeServer();
  restore = pointProvidersAt(server.baseUrl);
});
afterEach(async () => {
  restore();
  await server.close();
});

const serve = (file: string, status = 200) =>
  server.setHandler((_req, res) => sendJson(res, sampleText(file), status));

describe("CEX order books", () => {
  it("Binance: /api/v3/depth?symbol=&limit=500, string levels kept as sent", async () => {
    serve("binance-depth-usdcusdt.reconstructed.json");
    const book = await fetchBinanceBook("USDCUSDT");
    expect(server.requests[0]?.pathname).toBe("/api/v3/depth");
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({
      symbol: "USDCUSDT",
      limit: "500",
    });
    expect(book.bids[0]).toEqual(["0.99970000", "29187615.17000000"]);
    expect(book.bids).toHaveLength(50);
    expect(book.asks).toHaveLength(50);
  });

  it("Binance: a pair it does not list (HTTP 400, -1121) is an empty book; a bad symbol is never sent", async () => {
    serve("binance-error-400-invalid-symbol.oas-example.json", 400);
    expect(await fetchBinanceBook("NOPEUSDT")).toEqual({ bids: [], asks: [] });
    const bad = await rejectionOf(fetchBinanceBook("USD+USDT"));
    expect(isProviderInputError(bad)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("Binance: other error codes, 451 and 403 stay failures", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, { code: -1100, msg: "Illegal characters" }, 400),
    );
    expect(await rejectionOf(fetchBinanceBook("USDCUSDT"))).toMatchObject({ status: 400 });
    for (const status of [451, 403]) {
      serve("binance-error-400-invalid-symbol.oas-example.json", status);
      const e = await rejectionOf(fetchBinanceBook("USDCUSDT"));
      expect(isProviderError(e) && e.status).toBe(status);
    }
  });

  it("Kraken: the single result key is read whatever Kraken names the pair", async () => {
    server.setHandler((_req, res) =>
      sendJson(
        res,
        sampleText("kraken-depth-usdcusd.reconstructed.json").replace('"USDCUSD"', '"USDCZUSD"'),
      ),
    );
    const book = await fetchKrakenBook("USDCUSD");
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({
      pair: "USDCUSD",
      count: "500",
    });
    expect(book.bids.length).toBeGreaterThan(0);
    expect(book.asks[0]).toEqual(["0.99980", "2042382.086"]);
  });

  it("Kraken: 'Unknown asset pair' (HTTP 200) is an empty book, not a failure", async () => {
    serve("kraken-error-unknown-pair.oas-example.json");
    expect(await fetchKrakenBook("NOPEUSD")).toEqual({ bids: [], asks: [] });
  });

  it("Kraken: any other error with HTTP 200 is a failure, its text not passed on", async () => {
    server.setHandler((_req, res) => sendJson(res, { error: ["EService:Unavailable"] }));
    const e = await rejectionOf(fetchKrakenBook("USDCUSD"));
    expect(isProviderError(e)).toBe(true);
    expect(String((e as Error).message)).not.toMatch(/EService/);
  });

  it("Coinbase: /products/{id}/book?level=2, trimmed decimals and order counts", async () => {
    serve("coinbase-book-usdt-usd-level2.reconstructed.json");
    const book = await fetchCoinbaseBook("USDT-USD");
    expect(server.requests[0]?.pathname).toBe("/products/USDT-USD/book");
    expect(server.requests[0]?.query.get("level")).toBe("2");
    expect(book.bids[0]).toEqual(["0.99976", "2982843.9"]);
  });

  it("Coinbase: a product it does not list (HTTP 404 NotFound) is an empty book; other 404s fail", async () => {
    serve("coinbase-error-404-notfound.reconstructed.json", 404);
    expect(await fetchCoinbaseBook("NOPE-USD")).toEqual({ bids: [], asks: [] });
    server.setHandler((_req, res) => sendJson(res, "<html>Not Found</html>", 404));
    expect(isProviderError(await rejectionOf(fetchCoinbaseBook("NOPE-USD")))).toBe(true);
  });

  it("cuts a whole level-2 book to 500 levels a side", async () => {
    const bids = Array.from({ length: 2_000 }, (_, i) => [(0.9999 - i * 1e-5).toFixed(5), "10", 1]);
    server.setHandler((_req, res) => sendJson(res, { bids, asks: [], sequence: 1 }));
    expect((await fetchCoinbaseBook("USDT-USD")).bids).toHaveLength(500);
  });
});

describe("KyberSwap routes", () => {
  it("reads raw amounts and gas; the JSON-number priceLimit above 2^53 does not matter", async () => {
    serve("kyberswap-routes-base-usdc.json");
    expect(sampleText("kyberswap-routes-base-usdc.json")).toMatch(/"priceLimit": \d{20,}/);
    const q = await fetchDexQuote("base", USDC, USDE, "1000000000");
    expect(q.kind).toBe("route");
    const r = server.requests[0]!;
    expect(r.pathname).toBe("/base/api/v1/routes");
    expect(Object.fromEntries(r.query)).toEqual({
      tokenIn: USDC,
      tokenOut: USDE,
      amountIn: "1000000000",
    });
    expect(r.headers["x-client-id"]).toBe(KYBERSWAP_CLIENT_ID);
  });

  it("the 1M USDe sample: 25-digit amountIn kept exactly", async () => {
    serve("kyberswap-routes-usde-usdc-1m.reconstructed.json");
    expect(await fetchDexQuote("ethereum", USDE, USDC, "1000000000000000000000000")).toEqual({
      kind: "route",
      amountInRaw: "1000000000000000000000000",
      amountOutRaw: "999269571788",
      gasUsd: expect.closeTo(1.5049, 4),
    });
  });

  it("'route not found' (HTTP 400, 4008) is an answer: no route", async () => {
    serve("kyberswap-routes-error-4008-route-not-found.reconstructed.json", 400);
    expect(await fetchDexQuote("ethereum", USDE, USDC, "1")).toEqual({
      kind: "no-route",
      code: 4008,
    });
  });

  it("other 400 codes and 5xx are failures", async () => {
    server.setHandler((_req, res) => sendJson(res, { code: 4000, message: "bad request" }, 400));
    expect(isProviderError(await rejectionOf(fetchDexQuote("ethereum", USDE, USDC, "1")))).toBe(
      true,
    );
    server.setHandler((_req, res) =>
      sendJson(res, { code: 500, message: "internal server error" }, 500),
    );
    const e = await rejectionOf(fetchDexQuote("ethereum", USDE, USDC, "1"));
    expect(isProviderError(e) && e.status).toBe(500);
  });
});
