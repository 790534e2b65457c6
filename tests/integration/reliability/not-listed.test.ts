/**
 * "Not listed / not found" is an answer, not a failure: an exchange's own "pair not listed"
 * (Binance HTTP 400 code -1121, Kraken `EQuery:Unknown asset pair`, Coinbase 404 `NotFound`) and
 * CoinGecko's 404 for an id it does not know are cached like a valid empty answer — asked once
 * per negative TTL, not once per failure cooldown — and leave the provider healthy in
 * `/api/health`. Counts and states at explicit clock readings (the readers' `now`), no timing.
 */
import * as health from "@/app/api/health/route";
import { FAILURE_COOLDOWN_MS } from "@/lib/snapshot/freshness";
import { readOrderBook, type Exchange } from "@/lib/snapshot/exit-cost";
import { readTickers } from "@/lib/snapshot/live";
import { policyFor } from "@/lib/snapshot/policy";
import { markerKey } from "@/lib/snapshot/read-through";
import { MS_PER_SECOND } from "@/lib/domain/constants";
import { FULL_MARKET_UNKNOWN_COINGECKO_IDS, type AnyProvider } from "../../fake-upstream/server";
import {
  adminKv,
  call,
  fillsSettled,
  json,
  startHarness,
  upstreamCalls,
  type Harness,
} from "../helpers/harness";

jest.setTimeout(60_000);

/** Pairs no exchange lists, each in the exchange's own spelling. */
const UNLISTED: Record<Exchange, string> = {
  binance: "ZZZZUSDT",
  kraken: "ZZZZUSD",
  coinbase: "ZZZZ-USD",
};
const UNKNOWN_ID = FULL_MARKET_UNKNOWN_COINGECKO_IDS[0]!;

/** Reads at clock readings: inside the negative TTL but after several failure cooldowns. */
function readingsWithinNegativeTtl(t0: number, negativeSeconds: number): number[] {
  const steps = Math.floor((negativeSeconds * MS_PER_SECOND) / FAILURE_COOLDOWN_MS);
  return Array.from({ length: steps }, (_, i) => t0 + i * FAILURE_COOLDOWN_MS);
}

interface SourceHealth {
  provider: string;
  lastCall: { outcome: string } | null;
  backoff: unknown;
}

async function sourceHealth(provider: AnyProvider): Promise<SourceHealth | undefined> {
  const report = await json<{ sources: SourceHealth[] }>(await call(health.GET, "/api/health"));
  return report.sources.find((s) => s.provider === provider);
}

describe("not listed / not found is an answer", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file", {}, { market: "full" });
  });
  beforeEach(async () => {
    await h.reset();
  });
  afterAll(async () => {
    await h.close();
  });

  it.each(Object.keys(UNLISTED) as Exchange[])(
    "%s: an unlisted pair is an empty book, asked once per negative TTL",
    async (exchange) => {
      const t0 = Date.now();
      const policy = policyFor(`exit:book:${exchange}`);
      expect(policy.empty.kind).toBe("negative");
      const seconds = policy.empty.kind === "negative" ? policy.empty.seconds : 0;
      for (const at of readingsWithinNegativeTtl(t0, seconds)) {
        const read = await readOrderBook(exchange, UNLISTED[exchange], { now: () => at });
        expect(read.value).toEqual({ bids: [], asks: [] });
        expect(read.settled).toBe(true);
      }
      expect(upstreamCalls(h.fake, exchange)).toHaveLength(1);
      expect(await sourceHealth(exchange)).toMatchObject({
        lastCall: { outcome: "ok" },
        backoff: null,
      });
    },
  );

  it("CoinGecko: an id it does not know has no tickers, asked once per negative TTL", async () => {
    const t0 = Date.now();
    const policy = policyFor("live:tickers");
    const seconds = policy.empty.kind === "negative" ? policy.empty.seconds : 0;
    expect(seconds).toBeGreaterThan(0);
    for (const at of readingsWithinNegativeTtl(t0, seconds)) {
      const read = await readTickers(UNKNOWN_ID, { now: () => at });
      expect(read.value).toEqual([]);
    }
    expect(upstreamCalls(h.fake, "coingecko")).toHaveLength(1);
    expect(await sourceHealth("coingecko")).toMatchObject({
      lastCall: { outcome: "ok" },
      backoff: null,
    });
  });

  it("a genuine error (500) stays a failure: retried after the cooldown, shown as backing off", async () => {
    h.fake.setScenario("binance", "500");
    const t0 = Date.now();
    await expect(readOrderBook("binance", UNLISTED.binance, { now: () => t0 })).rejects.toThrow();
    const later = t0 + FAILURE_COOLDOWN_MS;
    // The store's "cooling" marker lapses in real time: removed, as if the cooldown had passed.
    const kv = adminKv();
    await kv.delete(markerKey(`exit:v1:binance:book:${UNLISTED.binance}`));
    await kv.close();
    await expect(
      readOrderBook("binance", UNLISTED.binance, { now: () => later }),
    ).rejects.toThrow();
    await fillsSettled(); // the retry after the cooldown runs detached
    expect(upstreamCalls(h.fake, "binance")).toHaveLength(2);
    expect(await sourceHealth("binance")).toMatchObject({
      lastCall: { outcome: "http" },
      backoff: { consecutiveFailures: 2, cooldownMs: 2 * FAILURE_COOLDOWN_MS },
    });
  });
});
