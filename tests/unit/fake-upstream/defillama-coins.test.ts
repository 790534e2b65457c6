import {
  DEFILLAMA_COINS_OFFSETS_BPS,
  fullMarketKnownIds,
  startFakeUpstream,
  type FakeUpstream,
} from "../../fake-upstream/server";
import { FULL_MARKET_UNKNOWN_COINGECKO_IDS } from "../../fake-upstream/server";

const NOW = Date.UTC(2026, 3, 19, 1, 58, 47);
let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream({ now: () => NOW });
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => fake.setMarket("fixture"));

const get = async (path: string) => {
  const res = await fetch(`${fake.baseUrls.DEFILLAMA_COINS_API_URL}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

describe("fake DefiLlama coins API", () => {
  it("prices keys verbatim, drops unknown ones, and moves LUSD by its offset", async () => {
    const keys = [
      "coingecko:usd-coin",
      "ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7",
      "coingecko:liquity-usd",
      "coingecko:no-such-coin",
    ];
    const { status, body } = await get(`/prices/current/${keys.join(",")}`);
    expect(status).toBe(200);
    expect(Object.keys(body.coins)).toEqual(keys.slice(0, 3));
    expect(DEFILLAMA_COINS_OFFSETS_BPS["liquity-usd"]).toBeGreaterThan(50);
    expect(body.coins["coingecko:usd-coin"].timestamp).toBe(Math.floor(NOW / 1000) - 40);
  });

  it("prices every full-world coin, those CoinGecko lacks included", async () => {
    fake.setMarket("full");
    const ids = [...fullMarketKnownIds().slice(0, 50), ...FULL_MARKET_UNKNOWN_COINGECKO_IDS];
    const { body } = await get(`/prices/current/${ids.map((i) => `coingecko:${i}`).join(",")}`);
    expect(Object.keys(body.coins)).toHaveLength(ids.length);
  });

  it("/chart: hourly records after their marks, none after now, and the 500-point limit", async () => {
    const start = Date.UTC(2026, 3, 18, 0) / 1000;
    const ok = await get(
      `/chart/coingecko:usd-coin,coingecko:dai?start=${start}&span=48&period=1h`,
    );
    const usdc = ok.body.coins["coingecko:usd-coin"].prices as { timestamp: number }[];
    expect(usdc.length).toBe(26); // 00:00 on the 18th to 01:00 on the 19th
    usdc.forEach((p, i) => {
      expect(p.timestamp - (start + i * 3600)).toBeGreaterThanOrEqual(0);
      expect(p.timestamp - (start + i * 3600)).toBeLessThan(240);
    });
    const over = await get(`/chart/coingecko:usd-coin,coingecko:dai?start=${start}&span=251`);
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/exceeds the maximum of 500/);
    const both = await get(`/chart/coingecko:dai?start=${start}&end=${start}&span=2`);
    expect(both.body.message).toBe("use either start or end parameter, not both");
  });
});
