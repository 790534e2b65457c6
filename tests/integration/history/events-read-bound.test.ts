/**
 * The market-wide logs read the store a few coins at a time: each store read's time includes the
 * decoding of the others in flight, so 24 coins' chunks at once pushed reads past the store's
 * per-operation budget and the event log answered `history_store_unavailable` from a healthy file
 * store of 300 coins; the depeg log peeked every coin's three price series at once.
 */
import * as depegsRoute from "@/app/api/stablecoin-depegs/route";
import * as eventsRoute from "@/app/api/stablecoin-events/route";
import { getKv } from "@/lib/kv";
import { STORE_READS_AT_ONCE } from "@/lib/kv/scan";
import { call, startHarness, type Harness } from "../helpers/harness";

/** Own-history keys (lib/history/keys.ts). */
const SAMPLES_PREFIX = "samples:v1:";

let h: Harness;
beforeAll(async () => {
  h = await startHarness("file", {}, { market: "full" });
});
afterAll(async () => {
  await h?.close();
});

/** Counts the store reads `counted` selects while `run` runs, and the most in flight at once. */
async function countReads(counted: (key: string) => boolean, run: () => Promise<Response>) {
  const kv = getKv();
  const get = kv.get.bind(kv);
  const seen = { reads: 0, most: 0 };
  let inFlight = 0;
  const spy = jest.spyOn(kv, "get").mockImplementation(async (key) => {
    if (!counted(key)) return get(key);
    inFlight += 1;
    seen.reads += 1;
    seen.most = Math.max(seen.most, inFlight);
    try {
      return await get(key);
    } finally {
      inFlight -= 1;
    }
  });
  try {
    expect((await run()).status).toBe(200);
  } finally {
    spy.mockRestore();
  }
  return seen;
}

it("keeps the market-wide event log's own-history reads in flight bounded", async () => {
  const seen = await countReads(
    (key) => key.startsWith(SAMPLES_PREFIX),
    () => call(eventsRoute.GET, "/api/stablecoin-events"),
  );
  expect(seen.reads).toBeGreaterThan(STORE_READS_AT_ONCE * 4); // the whole market was read
  expect(seen.most).toBeLessThanOrEqual(STORE_READS_AT_ONCE);
});

it("keeps the market-wide depeg log's store reads in flight bounded", async () => {
  const seen = await countReads(
    () => true,
    () => call(depegsRoute.GET, "/api/stablecoin-depegs"),
  );
  expect(seen.reads).toBeGreaterThan(STORE_READS_AT_ONCE * 4); // every coin's series were peeked
  expect(seen.most).toBeLessThanOrEqual(STORE_READS_AT_ONCE);
});
