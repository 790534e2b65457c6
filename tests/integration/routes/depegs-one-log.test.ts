/**
 * One depeg log (full recorded market): an event has one start, one end and one confirmation
 * wherever it is shown. The one-coin view (`?q=`, the coin page's panel) and the market-wide log
 * (`/depegs`, the feeds) read the same series and compute the coin's events with the same function,
 * so once the coin's series are stored the two list the same events.
 */
import * as depegsRoute from "@/app/api/stablecoin-depegs/route";
import { clearResponseMemo } from "@/lib/api/response-memo";
import { staticCoinKey } from "@/lib/assets/market-batches";
import { readHourlySeries } from "@/lib/snapshot/coin-hourly";
import { call, json, startHarness, type Harness } from "../helpers/harness";
import { SLOW_MACHINE_ENV } from "../helpers/slow-machine";

interface Event {
  id: string;
  asset: string;
  coingecko_id: string | null;
  start: string;
  end: string | null;
  worst_deviation_bps: number;
  confirmation: unknown;
  sources: unknown;
}
interface Body {
  events: Event[];
}

const COIN = { selector: "usdc", coingeckoId: "usd-coin" };

async function events(url: string): Promise<Event[]> {
  const res = await call(depegsRoute.GET, url);
  expect(res.status).toBe(200);
  return (await json<Body>(res)).events;
}

/** What a reader compares across places: identity, span, depth, confirmation, sources. */
const shown = (e: Event) => ({
  id: e.id,
  start: e.start,
  end: e.end,
  worst_deviation_bps: e.worst_deviation_bps,
  confirmation: e.confirmation,
  sources: e.sources,
});

describe("the depeg log is one log", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file", SLOW_MACHINE_ENV, { market: "full" });
  });
  afterAll(async () => {
    await h.close();
  });

  it("the coin's view lists exactly the coin's events of the market-wide log", async () => {
    // Every series the coin has, stored: the market provider's (read by the coin's view) and
    // DefiLlama coins hourly (kept warm by the refresher).
    await events(`/api/stablecoin-depegs?q=${COIN.selector}`);
    const key = staticCoinKey({ coingeckoId: COIN.coingeckoId });
    expect(key).not.toBeNull();
    await readHourlySeries([key!]);

    const market = (await events("/api/stablecoin-depegs")).filter(
      (e) => e.coingecko_id === COIN.coingeckoId,
    );
    // The first `?q=` answer may still be in the one-second answer memo: build the view again.
    clearResponseMemo();
    const one = await events(`/api/stablecoin-depegs?q=${COIN.selector}`);
    expect(market.length).toBeGreaterThan(0);
    expect(one.map(shown)).toEqual(market.map(shown));
  });
});
