import {
  FULL_MARKET_UNKNOWN_COINGECKO_IDS,
  fullMarketAddressHasPools,
  fullMarketHasNoTickers,
  fullMarketKnownIds,
  startFakeUpstream,
  type FakeUpstream,
} from "@/tests/fake-upstream/server";
import { getJson, NOW, type Json } from "./harness";

const DETAIL_QUERY =
  "?localization=false&tickers=false&market_data=false&community_data=false&developer_data=false&sparkline=false";

let fake: FakeUpstream;
let B: FakeUpstream["baseUrls"];

beforeAll(async () => {
  fake = await startFakeUpstream({ now: () => NOW, market: "full" });
  B = fake.baseUrls;
});
afterAll(async () => {
  await fake.close();
});

type Asset = { id: string; symbol: string; gecko_id: string | null; price: number | null };
type Detail = { platforms: Record<string, string>; detail_platforms: Record<string, Json> };

describe("fake upstream: full-market world", () => {
  it("serves the whole recorded aggregate", async () => {
    const { body } = await getJson<{ peggedAssets: Asset[] }>(
      `${B.STABLECOINS_API_URL}/stablecoins`,
    );
    expect(body.peggedAssets).toHaveLength(322);
    const symbols = body.peggedAssets.map((a) => a.symbol);
    expect(symbols).toEqual(expect.arrayContaining(["USD+", "eUSD(v2)"]));
    expect(symbols.filter((s) => s === "USDS")).toHaveLength(5);
  });

  it("knows most but not all gecko ids, one unknown in the top 50", async () => {
    const { body } = await getJson<{ peggedAssets: Asset[] }>(
      `${B.STABLECOINS_API_URL}/stablecoins`,
    );
    const ids = new Set(body.peggedAssets.map((a) => a.gecko_id).filter((g) => g !== null));
    const known = fullMarketKnownIds();
    expect(known.length).toBeGreaterThan(ids.size * 0.9);
    const top50 = body.peggedAssets.slice(0, 50).map((a) => a.gecko_id);
    expect(FULL_MARKET_UNKNOWN_COINGECKO_IDS.some((id) => top50.includes(id))).toBe(true);
    for (const id of FULL_MARKET_UNKNOWN_COINGECKO_IDS) {
      expect(known).not.toContain(id);
      const detail = await getJson(`${B.COINGECKO_API_URL}/coins/${id}${DETAIL_QUERY}`);
      expect(detail.status).toBe(404);
    }
  });

  it("answers /coins/markets in pages of at most 100 by default, unknown ids absent", async () => {
    const ids = [...fullMarketKnownIds().slice(0, 150), ...FULL_MARKET_UNKNOWN_COINGECKO_IDS];
    const first = await getJson<Json[]>(
      `${B.COINGECKO_API_URL}/coins/markets?vs_currency=usd&ids=${ids.join(",")}`,
    );
    expect(first.body).toHaveLength(100);
    const second = await getJson<Json[]>(
      `${B.COINGECKO_API_URL}/coins/markets?vs_currency=usd&ids=${ids.join(",")}&page=2`,
    );
    expect(second.body).toHaveLength(50);
    for (const row of [...first.body, ...second.body])
      expect(typeof row.current_price).toBe("number");
  });

  it("serves coin detail with platforms (EVM and native forms)", async () => {
    const usdt = await getJson<Detail>(`${B.COINGECKO_API_URL}/coins/tether${DETAIL_QUERY}`);
    expect(usdt.body.platforms.ethereum).toBe("0xdAC17F958D2ee523a2206206994597C13D831ec7");
    expect(Object.keys(usdt.body.platforms).length).toBeGreaterThan(3);
    const usdPlus = await getJson<Detail>(`${B.COINGECKO_API_URL}/coins/usd${DETAIL_QUERY}`);
    expect(usdPlus.status).toBe(200);
    let native = 0;
    for (const id of fullMarketKnownIds()) {
      const { body } = await getJson<Detail>(`${B.COINGECKO_API_URL}/coins/${id}${DETAIL_QUERY}`);
      const keys = Object.keys(body.platforms);
      if (keys.length === 0 || (keys.length === 1 && keys[0] === "")) native += 1;
      else expect(Object.keys(body.detail_platforms)).toEqual(keys);
    }
    expect(native).toBeGreaterThan(0);
  });

  it("has coins without tickers and bridged addresses without pools", async () => {
    const noTickers = fullMarketKnownIds().filter(fullMarketHasNoTickers);
    expect(noTickers.length).toBeGreaterThan(0);
    const t = await getJson<{ tickers: unknown[] }>(
      `${B.COINGECKO_API_URL}/coins/${noTickers[0]}/tickers?depth=true`,
    );
    expect(t.body.tickers).toEqual([]);

    const usdPlus = await getJson<Detail>(`${B.COINGECKO_API_URL}/coins/usd${DETAIL_QUERY}`);
    const chains: Record<string, string> = {
      base: "base",
      "arbitrum-one": "arbitrum",
      "optimistic-ethereum": "optimism",
      "polygon-pos": "polygon",
      blast: "blast",
      zksync: "zksync",
      avalanche: "avalanche",
    };
    const answers: boolean[] = [];
    for (const [platform, address] of Object.entries(usdPlus.body.platforms)) {
      const chain = chains[platform];
      if (!chain) continue;
      const { body } = await getJson<unknown[]>(
        `${B.DEXSCREENER_API_URL}/token-pairs/v1/${chain}/${address}`,
      );
      expect(body.length > 0).toBe(fullMarketAddressHasPools(chain, address));
      answers.push(body.length > 0);
    }
    expect(answers).toContain(true);
    expect(answers).toContain(false);
  });

  it("switches worlds through the control endpoint", async () => {
    const res = await fetch(`${fake.controlUrl}/market`, {
      method: "POST",
      body: JSON.stringify({ market: "fixture" }),
    });
    expect(res.status).toBe(200);
    const { body } = await getJson<{ peggedAssets: Asset[] }>(
      `${B.STABLECOINS_API_URL}/stablecoins`,
    );
    expect(body.peggedAssets).toHaveLength(21);
    fake.setMarket("full");
    expect(fake.market()).toBe("full");
  });
});
