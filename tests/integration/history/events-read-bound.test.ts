/**
 * The market-wide event log reads every sampled coin's own history a few coins at a time: each
 * store read's time includes the decoding of the others in flight, so 24 coins' chunks at once
 * pushed reads past the store's per-operation budget and the log answered
 * `history_store_unavailable` from a healthy file store of 300 coins.
 */
import * as eventsRoute from "@/app/api/stablecoin-events/route";
import { getKv } from "@/lib/kv";
import { call, startHarness, type Harness } from "../helpers/harness";

/** The log's bound on own-history reads at once (lib/history-api/events.ts). */
const MAX_READS_IN_FLIGHT = 32;
/** Own-history keys (lib/history/keys.ts); the depeg log's price-history reads are not counted. */
const SAMPLES_PREFIX = "samples:v1:";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("file", {}, { market: "full" });
});
afterAll(async () => {
  await h?.close();
});

it("keeps the market-wide log's store reads in flight bounded", async () => {
  const kv = getKv();
  const get = kv.get.bind(kv);
  let inFlight = 0;
  let most = 0;
  let reads = 0;
  jest.spyOn(kv, "get").mockImplementation(async (key) => {
    if (!key.startsWith(SAMPLES_PREFIX)) return get(key);
    inFlight += 1;
    reads += 1;
    most = Math.max(most, inFlight);
    try {
      return await get(key);
    } finally {
      inFlight -= 1;
    }
  });
  const res = await call(eventsRoute.GET, "/api/stablecoin-events");
  expect(res.status).toBe(200);
  expect(reads).toBeGreaterThan(MAX_READS_IN_FLIGHT * 4); // the whole market was read
  expect(most).toBeLessThanOrEqual(MAX_READS_IN_FLIGHT);
});
