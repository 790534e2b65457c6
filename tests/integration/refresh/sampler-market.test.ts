/**
 * The history sampler over the full recorded market (~300 listed coins, fake upstream, real
 * Redis), every coin sampled (`HISTORY_MIN_CIRCULATING_USD=0`): after a refresher pass, sampling
 * the whole market stores one sample per coin and makes no provider call — what the pass could
 * not keep warm within its budgets is a gap in the sample, never a call.
 */
import { listedAssets } from "@/lib/assets/listed";
import { metaKey, rawChunkKey } from "@/lib/history/keys";
import { decodeRawChunk } from "@/lib/history/raw-chunk";
import { getKv } from "@/lib/kv";
import { runRefreshPass } from "@/lib/refresh/pass";
import { takeSamples } from "@/lib/refresh/sampler";
import { readAggregate } from "@/lib/snapshot/live";
import {
  adminKv,
  forgetProcessState,
  startHarness,
  upstreamCalls,
  type Harness,
} from "../helpers/harness";

jest.setTimeout(300_000);

const LEAD_MS = 60_000;
/** A day per slot: the pass and the checks after it fall in one slot (unless run at midnight). */
const INTERVAL_S = 86_400;
/** The recorded market's size, give or take the coins it lists. */
const MARKET_COINS = 250;

describe("history sampler over the full market (redis store)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(
      "redis",
      { HISTORY_SAMPLE_SECONDS: String(INTERVAL_S), HISTORY_MIN_CIRCULATING_USD: "0" },
      { market: "full" },
    );
  });
  afterAll(async () => h.close());

  it("samples every listed coin with no provider call", async () => {
    await runRefreshPass({ trigger: "script", leadMs: LEAD_MS, kv: getKv() });
    const now = Date.now();
    const coins = listedAssets((await readAggregate({ kv: getKv() })).value.assets).map(
      (a) => a.id,
    );
    expect(coins.length).toBeGreaterThan(MARKET_COINS);
    const admin = adminKv();
    try {
      // Whatever the pass sampled in its time, the whole market once more, as another instance.
      for (const coin of coins) {
        await admin.delete(rawChunkKey(coin, INTERVAL_S, now));
        await admin.delete(metaKey(coin));
      }
      forgetProcessState();
      h.fake.clearRequests();
      const run = await takeSamples({ kv: getKv(), now: () => now });
      expect(run).toMatchObject({ coins: coins.length, stored: coins.length, missed: 0 });
      expect(upstreamCalls(h.fake)).toEqual([]);
      for (const coin of coins) {
        const chunk = await admin.get(rawChunkKey(coin, INTERVAL_S, now));
        expect(decodeRawChunk(chunk)).toHaveLength(1);
      }
    } finally {
      await admin.close();
    }
  });
});
