/**
 * Coins without a CoinGecko id in the depeg log (issue 26 §3), full recorded market, counted at
 * the fake upstream: the refresher's `coin-hourly` task keys such a coin by the address of its
 * cached aggregate detail (no item, no call while that is unknown); once its hourly series is
 * stored, the market-wide log lists it (and the episode the fake gives flexUSD) at no extra call.
 */
import * as depegsRoute from "@/app/api/stablecoin-depegs/route";
import * as jsonFeedRoute from "@/app/depegs.json/route";
import type { ResolvedAsset } from "@/lib/assets/resolve";
import { HOURLY_HISTORY_POINTS, CHART_MAX_POINTS_PER_CALL } from "@/lib/domain/chart-plan";
import type { AggregateAsset } from "@/lib/domain/types";
import { coinHourlyTask } from "@/lib/refresh/families";
import { readCoinChainBalances } from "@/lib/snapshot/chains";
import { readHourlySeries } from "@/lib/snapshot/coin-hourly";
import { validateAgainstOpenApi } from "../helpers/openapi";
import {
  call,
  forgetProcessState,
  json,
  startHarness,
  upstreamCalls,
  type Harness,
} from "../helpers/harness";

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** flexUSD (DefiLlama 21): no CoinGecko id, Ethereum-first; the fake's `/chart` dips it −180 bps. */
const FLEX = "21";
const FLEX_KEY = "ethereum:0x16f4c46e667a295044e97e807d1cfe9a9d599790";
/** D (308): no CoinGecko id and no address in its detail: never a key. */
const NO_ADDRESS = "308";
const MAX_REBUILD_CALLS = 10;
const FIRST_FILL_CALLS = Math.ceil(HOURLY_HISTORY_POINTS / CHART_MAX_POINTS_PER_CALL);

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

const chartCalls = () =>
  upstreamCalls(h.fake, "defillama-coins").filter((r) => r.upstreamPath.startsWith("/chart/"));
const detailCalls = () =>
  upstreamCalls(h.fake, "defillama").filter((r) => r.upstreamPath.startsWith("/stablecoin/"));
const get = async (url: string) => {
  const res = await call(depegsRoute.GET, url);
  expect(res.status).toBe(200);
  const body = await json<Body>(res);
  expect(validateAgainstOpenApi("/api/stablecoin-depegs", 200, body)).toEqual([]);
  return body;
};
const flexEvent = (body: Body) => (body.events as Body[]).find((e) => e.defillama_id === FLEX);

describe("refresher: the coin-hourly task covers coins keyed by their address", () => {
  const coin = (rank: number, id: string, coingeckoId: string | null) => ({
    rank,
    asset: { defillamaId: id, coingeckoId, overlay: null } as unknown as ResolvedAsset,
    entry: { id } as unknown as AggregateAsset,
  });
  const market = {
    coins: [coin(1, "2", "usd-coin"), coin(40, FLEX, null), coin(90, NO_ADDRESS, null)],
  };

  it("no item (no call) while the key is unknown; then one by the address key, honestly costed", async () => {
    const cold = await coinHourlyTask.itemsFor(market, {});
    expect(cold.map((i) => i.id)).toEqual(["coingecko:usd-coin"]);
    expect(upstreamCalls(h.fake)).toEqual([]);

    await Promise.all([FLEX, NO_ADDRESS].map((id) => readCoinChainBalances(id)));
    h.fake.clearRequests();
    const items = await coinHourlyTask.itemsFor(market, {});
    expect(items.map((i) => [i.id, i.coins, i.rank, i.cost, i.coldCost])).toEqual([
      ["coingecko:usd-coin", ["2"], 1, { "defillama-coins": 1 }, expect.any(Object)],
      [FLEX_KEY, [FLEX], 40, { "defillama-coins": 1 }, { "defillama-coins": FIRST_FILL_CALLS - 1 }],
    ]);
    // Planning is cache-only.
    expect(upstreamCalls(h.fake)).toEqual([]);

    await items[1]!.warm({});
    const calls = chartCalls();
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.length).toBeLessThanOrEqual(FIRST_FILL_CALLS);
    expect(calls.every((r) => decodeURIComponent(r.upstreamPath).includes(FLEX_KEY))).toBe(true);
  });
});

describe("the market-wide depeg log lists coins without a CoinGecko id", () => {
  it("once its hourly series is stored: covered, with its event, rebuilt in ≤ 10 calls", async () => {
    const before = await get("/api/stablecoin-depegs");
    expect(flexEvent(before)).toBeUndefined();
    expect(before.coins).not.toContain("FLEXUSD");

    // What the refresher's coin-address and coin-hourly tasks warm.
    await readCoinChainBalances(FLEX);
    await readHourlySeries([FLEX_KEY]);
    forgetProcessState();
    h.fake.clearRequests();

    const body = await get("/api/stablecoin-depegs");
    expect(body.coins).toContain("FLEXUSD");
    expect(body.history_unavailable).not.toContain("FLEXUSD");
    const ev = flexEvent(body)!;
    expect(ev).toMatchObject({
      asset: "FLEXUSD",
      coingecko_id: null,
      defillama_id: FLEX,
      selector: "flexusd",
      direction: "below",
      resolution: "hourly",
      confirmation: { status: "not_required" },
    });
    expect(ev.id).toMatch(/^llama-21:hourly:\d{8}T\d{4}00Z$/);
    expect(ev.worst_deviation_bps).toBeCloseTo(-180, 0);
    expect(ev.sources[0]).toMatchObject({ name: "DefiLlama coins", role: "opened" });
    // Coins with a CoinGecko id keep their ids.
    const others = (body.events as Body[]).filter((e) => e.defillama_id !== FLEX);
    for (const e of others) expect(e.id.startsWith(`${e.coingecko_id}:`)).toBe(true);
    // Cache-only: no detail or chart call on the rebuild path.
    expect(upstreamCalls(h.fake).length).toBeLessThanOrEqual(MAX_REBUILD_CALLS);
    expect(detailCalls()).toEqual([]);
    expect(upstreamCalls(h.fake, "defillama-coins")).toEqual([]);

    // The feed links the event to the coin's canonical page, with a stable id.
    const feed = await json<Body>(await call(jsonFeedRoute.GET, "/depegs.json"));
    const item = (feed.items as Body[]).find((i) => i._depeg.defillama_id === FLEX)!;
    expect(item.id).toBe(`urn:stablecoin-intel:depeg:${ev.id}`);
    expect(item.url).toMatch(/\/stablecoins\/flexusd$/);
  });

  it("q: reads its hourly series through the read layer once its key is known", async () => {
    const cold = await get(`/api/stablecoin-depegs?q=${FLEX}`);
    expect(cold.history_unavailable).toEqual(["FLEXUSD"]);
    expect(cold.warning_codes).toEqual(["coins_history_unavailable"]);
    expect([detailCalls(), chartCalls()]).toEqual([[], []]);

    await readCoinChainBalances(FLEX);
    forgetProcessState(); // the cold answer's one-second memo
    h.fake.clearRequests();
    const body = await get(`/api/stablecoin-depegs?q=${FLEX}`);
    expect([body.history_unavailable, body.warning_codes]).toEqual([[], []]);
    expect(flexEvent(body)?.id).toMatch(/^llama-21:hourly:/);
    expect(body.series.granularity).toBe("hourly");
    expect(chartCalls().length).toBeGreaterThan(0);
    expect(chartCalls().length).toBeLessThanOrEqual(FIRST_FILL_CALLS);

    h.fake.clearRequests();
    forgetProcessState();
    const again = await get(`/api/stablecoin-depegs?q=${FLEX}`);
    expect(flexEvent(again)?.id).toBe(flexEvent(body)?.id);
    expect(chartCalls()).toEqual([]);
  });
});
