/**
 * The market-wide depeg log's coin set at explicit inputs (issue 26 §3): a coin without a
 * CoinGecko id is a candidate, covered once its DefiLlama coins hourly series is stored; its
 * events carry a stable `llama-<DefiLlama id>` id, a null `coingecko_id` and its selector.
 */
import { coveredCoins, marketCoins } from "@/lib/depegs";
import { marketCoinEvents, type CachedSeriesReader, type CoinRef } from "@/lib/depegs/coin-events";
import { jsonFeed } from "@/lib/depegs/feeds";
import { depegEventId, eventJson } from "@/lib/depegs/json";
import { depegEventSchema } from "@/lib/depegs/schema";
import type { AggregateAsset } from "@/lib/domain/types";

const HOUR_MS = 3_600_000;
const NOW = Date.UTC(2026, 10, 25, 12);
const FLEX_KEY = "ethereum:0x16f4c46e667a295044e97e807d1cfe9a9d599790";

function asset(id: string, symbol: string, geckoId: string | null, circulatingUsd: number) {
  return {
    id,
    name: symbol,
    symbol,
    geckoId,
    pegType: "peggedUSD",
    backing: null,
    priceUsd: 1,
    circulatingUsd,
    circulatingPrevDayUsd: null,
    circulatingPrevWeekUsd: null,
    circulatingPrevMonthUsd: null,
    chainCirculating: {},
    chains: ["Ethereum"],
    deprecated: false,
    delisted: false,
    yieldBearing: false,
  } satisfies AggregateAsset;
}

const ASSETS: AggregateAsset[] = [
  asset("2", "USDC", "usd-coin", 70e9),
  asset("21", "flexUSD", null, 165e6),
  // A shared symbol: the larger USDS holds `usds`, this one is reached by its DefiLlama id.
  asset("31", "USDS", null, 18e6),
  asset("209", "USDS", "usds", 8e9),
  asset("500", "TINY", null, 10_000),
];

/** 72 hourly points at 1.00 with a −200 bps plateau 40…35 hours before the last. */
function episodeSeries(coin: CoinRef) {
  const points = Array.from({ length: 72 }, (_, i) => {
    const hoursAgo = 71 - i;
    const off = hoursAgo <= 40 && hoursAgo >= 35;
    return { timestampMs: NOW - hoursAgo * HOUR_MS, priceUsd: off ? 0.98 : 1 };
  });
  return [
    {
      coinId: coin.coingeckoId ?? `llama-${coin.defillamaId}`,
      resolution: "hourly" as const,
      source: "defillama:coins" as const,
      points,
      asOfMs: NOW,
    },
  ];
}
/** A store holding the series of the given coin keys only. */
const storedFor =
  (keys: readonly string[]): CachedSeriesReader =>
  async (coin) =>
    coin.coinKey !== null && keys.includes(coin.coinKey) ? episodeSeries(coin) : [];

describe("marketCoins (explicit inputs)", () => {
  const coins = marketCoins(ASSETS);
  const byId = (id: string) => coins.find((c) => c.defillamaId === id);

  it("lists coins without a CoinGecko id, largest first, above the floor only", () => {
    expect(coins.map((c) => c.defillamaId)).toEqual(["2", "209", "21", "31"]);
    expect(byId("2")).toMatchObject({ coinKey: "coingecko:usd-coin", selector: "usdc" });
    // No static key: its address key comes from the cached detail (withCachedKeys).
    expect(byId("21")).toMatchObject({ coingeckoId: null, coinKey: null, selector: "flexusd" });
    expect(byId("31")?.selector).toBe("31");
    expect(byId("209")?.selector).toBe("usds");
  });

  it("covers a coin without a CoinGecko id only when its hourly series is stored", async () => {
    const refs = coins.map((c) => (c.defillamaId === "21" ? { ...c, coinKey: FLEX_KEY } : c));
    const events = await Promise.all(
      refs.map((c) => marketCoinEvents(c, null, "90d", undefined, [storedFor([FLEX_KEY])])),
    );
    const covered = coveredCoins(events);
    // USDC and USDS (CoinGecko ids) stay listed without history; USDS #31 has no series.
    expect(covered.map((c) => c.coin.defillamaId)).toEqual(["2", "209", "21"]);
    const flex = covered.find((c) => c.coin.defillamaId === "21")!;
    expect(flex.events).toHaveLength(1);
    expect(covered.find((c) => c.coin.defillamaId === "2")?.events).toBeNull();
  });

  it("counts a stored empty series (a valid empty answer) towards a complete log, never as events", async () => {
    const flex = { ...marketCoins(ASSETS).find((c) => c.defillamaId === "21")!, coinKey: FLEX_KEY };
    const emptyStored: CachedSeriesReader = async (coin) =>
      episodeSeries(coin).map((series) => ({ ...series, points: [] }));
    const r = await marketCoinEvents(flex, null, "90d", undefined, [emptyStored]);
    expect(r.complete).toBe(true);
    expect(r.series).toEqual([]);
    expect(r.events).toBeNull();
    const missing = await marketCoinEvents(flex, null, "90d", undefined, [storedFor([])]);
    expect(missing.complete).toBe(false);
  });

  it("gives its events a stable llama- id, a null coingecko_id and the selector link", async () => {
    const flex = { ...marketCoins(ASSETS).find((c) => c.defillamaId === "21")!, coinKey: FLEX_KEY };
    const usdc = marketCoins(ASSETS).find((c) => c.defillamaId === "2")!;
    const [flexEvents, usdcEvents] = await Promise.all(
      [flex, usdc].map((c) =>
        marketCoinEvents(c, null, "90d", undefined, [storedFor([FLEX_KEY, "coingecko:usd-coin"])]),
      ),
    );
    const start = NOW - 40 * HOUR_MS;
    const ev = flexEvents!.events![0]!;
    expect(depegEventId(flex, ev.event)).toBe("llama-21:hourly:20261123T200000Z");
    // Coins with a CoinGecko id keep their ids.
    expect(depegEventId(usdc, usdcEvents!.events![0]!.event)).toBe(
      "usd-coin:hourly:20261123T200000Z",
    );
    const json = eventJson(flex, ev, flexEvents!.series);
    expect(json).toMatchObject({
      id: "llama-21:hourly:20261123T200000Z",
      coingecko_id: null,
      defillama_id: "21",
      selector: "flexusd",
      start: new Date(start).toISOString(),
      resolution: "hourly",
    });
    expect(json.sources[0]).toMatchObject({ name: "DefiLlama coins", role: "opened" });
    expect(depegEventSchema.safeParse(json).success).toBe(true);

    const feed = jsonFeed({ events: [json], asOf: json.start, origin: "https://x.test" });
    expect(feed.items[0]).toMatchObject({
      id: "urn:stablecoin-intel:depeg:llama-21:hourly:20261123T200000Z",
      url: "https://x.test/stablecoins/flexusd",
    });
  });
});
