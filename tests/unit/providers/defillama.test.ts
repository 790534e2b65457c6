import type { AggregateAsset } from "@/lib/domain/types";
import {
  fetchStablecoins,
  fetchSupplyHistory,
  fetchTotalSupplyHistory,
  ProviderError,
  ProviderInputError,
} from "@/lib/providers";
import {
  pointProvidersAt,
  rejectionOf,
  sampleJson,
  sampleText,
  sendJson,
  startFakeServer,
  type FakeServer,
} from "./helpers";

const CURRENT = "defillama-stablecoins.json";
const LEGACY = "defillama-stablecoins-2024-12-legacy.json";
const CHARTS = "defillama-stablecoincharts-all.reconstructed.json";
const CANONICAL_CHAIN = /^[a-z0-9][a-z0-9._-]*$/;

/** Just enough of the raw sample to compute expectations independently of the client. */
interface SampleAsset {
  id: string;
  pegType: string;
  circulating: Record<string, number>;
  chainCirculating: Record<string, unknown>;
}

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

async function load(sample: string): Promise<Map<string, AggregateAsset>> {
  server.setHandler((_req, res) => sendJson(res, sampleText(sample)));
  const { assets } = await fetchStablecoins();
  return new Map(assets.map((a) => [a.id, a]));
}

function byId(assets: Map<string, AggregateAsset>, id: string): AggregateAsset {
  const asset = assets.get(id);
  if (!asset) throw new Error(`asset ${id} missing`);
  return asset;
}

describe("fetchStablecoins (current sample)", () => {
  it("calls /stablecoins?includePrices=true and keeps every asset in upstream order", async () => {
    const assets = await load(CURRENT);
    expect(server.requests[0]?.pathname).toBe("/stablecoins");
    expect(server.requests[0]?.query.get("includePrices")).toBe("true");
    const raw = sampleJson(CURRENT) as { peggedAssets: SampleAsset[] };
    expect([...assets.keys()]).toEqual(raw.peggedAssets.map((a) => a.id));
    for (const rawAsset of raw.peggedAssets) {
      const asset = byId(assets, rawAsset.id);
      expect(asset.circulatingUsd).toBe(rawAsset.circulating[rawAsset.pegType]);
      for (const chain of Object.keys(asset.chainCirculating))
        expect(chain).toMatch(CANONICAL_CHAIN);
      expect(new Set(asset.chains).size).toBe(asset.chains.length);
    }
  });

  it("maps USDT: ids, backing, price, history, canonical merged chains", async () => {
    const usdt = byId(await load(CURRENT), "1");
    expect(usdt).toMatchObject({
      name: "Tether",
      symbol: "USDT",
      geckoId: "tether",
      pegType: "peggedUSD",
      backing: "fiat-backed",
      circulatingUsd: 187046513494.91772,
      circulatingPrevDayUsd: 187012667101.38956,
      circulatingPrevWeekUsd: 187232023537.71277,
      circulatingPrevMonthUsd: 185534986634.9744,
      deprecated: false,
      delisted: false,
      yieldBearing: false,
    });
    expect(usdt.priceUsd).toBeCloseTo(0.9996, 4);
    expect(usdt.chainCirculating.optimism).toBeDefined();
    expect(usdt.chainCirculating["op-mainnet"]).toBeUndefined();
    expect(usdt.chainCirculating["op mainnet"]).toBeUndefined();
    expect(usdt.chainCirculating.bnb?.currentUsd).toBeGreaterThan(0);
    expect(usdt.chains.slice(0, 3)).toEqual(["ethereum", "tron", "bnb"]);
    expect(usdt.chains).toContain("optimism");
    // `{}` history on a chain → null; a real current 0 stays 0.
    expect(usdt.chainCirculating.redbelly).toMatchObject({ prevWeekUsd: null, prevMonthUsd: null });
    expect(usdt.chainCirculating.harmony?.currentUsd).toBe(0);
  });

  it("turns `{}` history into null (JUP, 335) and keeps null price / gecko_id", async () => {
    const assets = await load(CURRENT);
    const jup = byId(assets, "335");
    expect(jup.circulatingPrevWeekUsd).toBeNull();
    expect(jup.circulatingPrevMonthUsd).toBeNull();
    expect(jup.circulatingPrevDayUsd).not.toBeNull();
    expect(jup.chainCirculating.solana).toMatchObject({ prevWeekUsd: null, prevMonthUsd: null });
    expect(byId(assets, "17").priceUsd).toBeNull();
    expect(byId(assets, "31").geckoId).toBeNull();
    expect(byId(assets, "237").yieldBearing).toBe(true);
    expect(byId(assets, "33").deprecated).toBe(true);
    expect(byId(assets, "6").backing).toBe("algorithmic");
    expect(byId(assets, "5").backing).toBe("crypto-backed");
  });

  it("reads values from the asset's own peg type (EURC, peggedEUR)", async () => {
    const eurc = byId(await load(CURRENT), "50");
    expect(eurc.pegType).toBe("peggedEUR");
    expect(eurc.circulatingUsd).toBeGreaterThan(0);
    expect(eurc.circulatingPrevWeekUsd).not.toBeNull();
  });
});

describe("fetchStablecoins (legacy 2024 sample)", () => {
  it("parses, maps bare 0 history to null and canonicalises old labels", async () => {
    const assets = await load(LEGACY);
    expect(assets.size).toBe(10);
    const ausd = byId(assets, "205");
    expect(ausd.circulatingPrevMonthUsd).toBeNull();
    expect(ausd.circulatingPrevWeekUsd).not.toBeNull();
    expect(ausd.chainCirculating.ethereum?.prevMonthUsd).toBeNull();
    const rusd = byId(assets, "217");
    expect(rusd).toMatchObject({ circulatingPrevWeekUsd: null, circulatingPrevMonthUsd: null });
    const usdt = byId(assets, "1");
    expect(usdt.chainCirculating.optimism).toBeDefined();
    expect(usdt.chainCirculating.zksync).toBeDefined();
    expect(usdt.chainCirculating.bnb).toBeDefined();
    expect(byId(assets, "18").backing).toBe("crypto-backed"); // priceSource null
    expect(byId(assets, "25").priceUsd).toBeNull();
  });
});

describe("fetchStablecoins (synthetic quirks)", () => {
  it("merges labels that map to one chain and tolerates missing optional fields", async () => {
    const asset = {
      id: 999,
      name: "Test Dollar",
      symbol: "TUSD",
      gecko_id: null,
      pegType: "peggedUSD",
      pegMechanism: "something-else",
      circulating: { peggedUSD: 300 },
      circulatingPrevDay: 0,
      circulatingPrevWeek: {},
      chainCirculating: {
        "OP Mainnet": {
          current: { peggedUSD: 100 },
          circulatingPrevDay: {},
          circulatingPrevWeek: {},
        },
        Optimism: {
          current: { peggedUSD: 50 },
          circulatingPrevDay: { peggedUSD: 40 },
          circulatingPrevWeek: 0,
        },
        BSC: { current: { peggedUSD: 200 } },
      },
    };
    server.setHandler((_req, res) => sendJson(res, { peggedAssets: [asset] }));
    const { assets } = await fetchStablecoins();
    expect(assets[0]).toMatchObject({
      id: "999",
      geckoId: null,
      backing: null,
      priceUsd: null,
      circulatingUsd: 300,
      circulatingPrevDayUsd: null,
      circulatingPrevWeekUsd: null,
      circulatingPrevMonthUsd: null,
      chains: ["bnb", "optimism"],
      chainCirculating: {
        optimism: { currentUsd: 150, prevDayUsd: 40, prevWeekUsd: null, prevMonthUsd: null },
        bnb: { currentUsd: 200, prevDayUsd: null, prevWeekUsd: null, prevMonthUsd: null },
      },
    });
  });

  it("a zero or negative aggregate price is no price (null)", async () => {
    const asset = (id: number, price: unknown) => ({
      id,
      name: `A${id}`,
      symbol: `A${id}`,
      pegType: "peggedUSD",
      circulating: { peggedUSD: 10 },
      price,
    });
    server.setHandler((_req, res) =>
      sendJson(res, { peggedAssets: [asset(1, 0), asset(2, -1), asset(3, "0"), asset(4, 0.99)] }),
    );
    const { assets } = await fetchStablecoins();
    expect(assets.map((a) => a.priceUsd)).toEqual([null, null, null, 0.99]);
  });

  it("chain labels named like Object.prototype members are ordinary unknown chains", async () => {
    // Raw text: `__proto__` is an own key of the JSON object, as the wire carries it.
    const body = `{"peggedAssets":[{"id":"7","name":"Odd","symbol":"ODD","pegType":"peggedUSD",
      "circulating":{"peggedUSD":400},"chainCirculating":{
        "__proto__":{"current":{"peggedUSD":100}},
        "constructor":{"current":{"peggedUSD":100}},
        "toString":{"current":{"peggedUSD":100}},
        "Ethereum":{"current":{"peggedUSD":100}}},
      "chains":["Ethereum","__proto__","constructor","toString"]}]}`;
    server.setHandler((_req, res) => sendJson(res, body));
    const [odd] = (await fetchStablecoins()).assets;
    expect(Object.keys(odd!.chainCirculating).sort()).toEqual(
      ["__proto__", "constructor", "ethereum", "tostring"].sort(),
    );
    expect(Object.hasOwn(odd!.chainCirculating, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(odd!.chainCirculating)).toBe(Object.prototype);
    expect(odd!.chainCirculating.constructor).toEqual({
      currentUsd: 100,
      prevDayUsd: null,
      prevWeekUsd: null,
      prevMonthUsd: null,
    });
    expect(odd!.chains).toEqual(["ethereum", "__proto__", "constructor", "tostring"]);
    expect(({} as Record<string, unknown>).currentUsd).toBeUndefined();
  });

  it("a chain without a current record is left out, not counted as 0", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, {
        peggedAssets: [
          {
            id: 8,
            name: "B",
            symbol: "B",
            pegType: "peggedUSD",
            circulating: { peggedUSD: 10 },
            chainCirculating: { Ethereum: { current: { peggedUSD: 10 } }, Base: { current: {} } },
          },
        ],
      }),
    );
    const [b] = (await fetchStablecoins()).assets;
    expect(Object.keys(b!.chainCirculating)).toEqual(["ethereum"]);
  });

  it("an asset without a current circulating record has an unknown supply, not 0", async () => {
    server.setHandler((_req, res) =>
      sendJson(res, {
        peggedAssets: [{ id: 9, name: "C", symbol: "C", pegType: "peggedUSD", circulating: {} }],
      }),
    );
    const [c] = (await fetchStablecoins()).assets;
    expect(c!.circulatingUsd).toBeNull();
  });

  it("rejects a wrong shape as schema", async () => {
    server.setHandler((_req, res) => sendJson(res, { peggedAssets: [{ id: "1" }] }));
    expect(await rejectionOf(fetchStablecoins())).toMatchObject({ kind: "schema" });
  });

  it("maps the plain-text 404 to kind http", async () => {
    server.setHandler((_req, res) => {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("Invalid request");
    });
    const error = await rejectionOf(fetchStablecoins());
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: "http", status: 404 });
  });
});

describe("fetchSupplyHistory", () => {
  it("parses the charts sample into sorted USD points (date = unix seconds string)", async () => {
    server.setHandler((_req, res) => sendJson(res, sampleText(CHARTS)));
    const points = await fetchSupplyHistory("1");
    expect(server.requests[0]?.pathname).toBe("/stablecoincharts/all");
    expect(server.requests[0]?.query.get("stablecoin")).toBe("1");
    expect(points).toHaveLength(4);
    expect(points[0]).toEqual({ timestampMs: 1761955200000, circulatingUsd: 306995683284.32 });
    const times = points.map((p) => p.timestampMs);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("refuses an id that is not a DefiLlama id before any request", async () => {
    for (const id of ["1/../x", "usdt", "", "1?x=1"]) {
      await expect(fetchSupplyHistory(id)).rejects.toBeInstanceOf(ProviderInputError);
    }
    expect(server.requests).toHaveLength(0);
  });
});

describe("fetchTotalSupplyHistory", () => {
  it("asks /stablecoincharts/all without an id and keeps only the peggedUSD total", async () => {
    const rows = [
      { date: "1761955200", totalCirculatingUSD: { peggedUSD: 300, peggedEUR: 7 } },
      { date: "1761868800", totalCirculatingUSD: { peggedUSD: 290 } },
      { date: "1761782400", totalCirculatingUSD: { peggedEUR: 5 } },
    ];
    server.setHandler((_req, res) => sendJson(res, JSON.stringify(rows)));
    const points = await fetchTotalSupplyHistory();
    expect(server.requests[0]?.pathname).toBe("/stablecoincharts/all");
    expect(server.requests[0]?.query.has("stablecoin")).toBe(false);
    expect(points).toEqual([
      { timestampMs: 1761868800000, circulatingUsd: 290 },
      { timestampMs: 1761955200000, circulatingUsd: 300 },
    ]);
  });
});
