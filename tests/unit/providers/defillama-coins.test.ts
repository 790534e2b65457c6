import { fetchCurrentPrices, fetchHourlyChart } from "@/lib/providers/defillama-coins/client";
import { ProviderInputError } from "@/lib/providers";
import {
  pointProvidersAt,
  rejectionOf,
  sampleText,
  sendJson,
  startFakeServer,
  type FakeServer,
} from "./helpers";

let server: FakeServer;
let restoreEnv: () => void;

beforeEach(async () => {
  server = await startFakeServer();
  restoreEnv = pointProvidersAt(server.baseUrl);
});
afterEach(async () => {
  restoreEnv();
  await server.close();
});

const SAMPLE_KEYS = [
  "coingecko:usd-coin",
  "coingecko:tether",
  "ethereum:0x6b175474e89094c44da98b954eedeac495271d0f",
  "coingecko:ethena-usde",
  "ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7",
  "base:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  "coingecko:no-such-coin",
];

describe("fetchCurrentPrices", () => {
  it("parses the prices sample, looked up by the key as sent; absent keys have no price", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, sampleText("defillama-coins-prices-current.reconstructed.json")),
    );
    const prices = await fetchCurrentPrices(SAMPLE_KEYS);
    expect(server.requests).toHaveLength(1);
    expect(decodeURIComponent(server.requests[0]!.pathname)).toBe(
      `/prices/current/${SAMPLE_KEYS.join(",")}`,
    );
    expect(prices.map((p) => p.key)).toEqual(SAMPLE_KEYS.slice(0, 6));
    expect(prices[0]).toEqual({
      key: "coingecko:usd-coin",
      priceUsd: 0.999815,
      timestampMs: 1776563943_000,
      confidence: 0.99,
    });
    // Mixed-case token keys come back verbatim.
    expect(prices.find((p) => p.key.startsWith("base:"))?.priceUsd).toBe(0.999815);
  });

  it("an error body (any status) is a failure, never an empty answer", async () => {
    server.setHandler((_req, res) => sendJson(res, { message: "internal error" }));
    expect(await rejectionOf(fetchCurrentPrices(["coingecko:tether"]))).toMatchObject({
      kind: "schema",
    });
  });

  it("refuses keys it could not have built, before any request", async () => {
    for (const keys of [[], ["usd coin"], ["coingecko:../x"], ["a:b,c"]])
      expect(await rejectionOf(fetchCurrentPrices(keys))).toBeInstanceOf(ProviderInputError);
    expect(server.requests).toHaveLength(0);
  });
});

describe("fetchHourlyChart", () => {
  const call = {
    coins: [
      "coingecko:usd-coin",
      "coingecko:ethena-usde",
      "ethereum:0x6b175474e89094c44da98b954eedeac495271d0f",
    ],
    startMs: 1776384000_000,
    span: 48,
  };

  it("parses the hourly sample: one series per asked coin, sorted, a skipped hour missing", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, sampleText("defillama-coins-chart-1h.reconstructed.json")),
    );
    const series = await fetchHourlyChart(call);
    const q = server.requests[0]!.query;
    expect([q.get("start"), q.get("span"), q.get("period")]).toEqual(["1776384000", "48", "1h"]);
    expect(series.get("coingecko:usd-coin")).toHaveLength(48);
    expect(series.get(call.coins[2]!)).toHaveLength(47);
    const usde = series.get("coingecko:ethena-usde")!;
    expect(Math.min(...usde.map((p) => p.priceUsd))).toBe(0.99618);
    expect(usde[0]!.timestampMs).toBeGreaterThanOrEqual(call.startMs);
  });

  it("the 400 'too many points' answer is an HTTP failure", async () => {
    server.setHandler((_req, res) =>
      sendJson(
        res,
        sampleText("defillama-coins-chart-error-400-too-many-points.reconstructed.json"),
        400,
      ),
    );
    expect(await rejectionOf(fetchHourlyChart(call))).toMatchObject({ kind: "http", status: 400 });
  });

  it("refuses a start off the hour grid or an empty span before any request", async () => {
    expect(
      await rejectionOf(fetchHourlyChart({ ...call, startMs: call.startMs + 1 })),
    ).toBeInstanceOf(ProviderInputError);
    expect(await rejectionOf(fetchHourlyChart({ ...call, span: 0 }))).toBeInstanceOf(
      ProviderInputError,
    );
    expect(server.requests).toHaveLength(0);
  });
});
