/**
 * The refresher warms exit cost through the read path (lib/refresh/exit-warm.ts, no route
 * builder) with the same keys a request reads: after a pass, the largest coin's exit-cost answer
 * makes no call to an order book or the DEX aggregator. With KyberSwap's real limits (3 a second,
 * 120 a minute: a reserve of 24 for the refresher), the pass fits them — its quotes are read one
 * at a time, waiting for the next second rather than refused — so that answer carries no
 * `exit_dex_budget` or stale-quote warning.
 */
import * as exitCost from "@/app/api/stablecoin-exit-cost/route";
import { getKv } from "@/lib/kv";
import { runRefreshPass } from "@/lib/refresh/pass";
import { aggregateTask, exitCostTask } from "@/lib/refresh/families";
import { call, json, startHarness, upstreamCalls, type Harness } from "../helpers/harness";

jest.setTimeout(120_000);

const EXIT_SOURCES = ["binance", "kraken", "coinbase", "kyberswap"];

let h: Harness;
beforeAll(async () => {
  h = await startHarness("file", {
    DEX_QUOTES_CALLS_PER_SECOND: "3",
    DEX_QUOTES_CALLS_PER_MINUTE: "120",
  });
});
afterAll(async () => h.close());

it("a pass warms USDT's ladder within KyberSwap's limits; its answer then calls nothing", async () => {
  const result = await runRefreshPass({
    trigger: "script",
    leadMs: 60_000,
    kv: getKv(),
    tasks: [aggregateTask, exitCostTask],
  });
  expect(result.outcome).not.toBe("locked");
  if (result.outcome === "locked") return;
  expect(result.run.families["exit-cost"]!.warmed).toBeGreaterThan(0);

  h.fake.clearRequests();
  const body = await json<{ warning_codes: string[]; venues: { kind: string }[] }>(
    await call(exitCost.GET, "/api/stablecoin-exit-cost?q=usdt"),
  );
  expect(body.venues.some((v) => v.kind === "dex")).toBe(true);
  expect(body.warning_codes.filter((c) => c.startsWith("exit_"))).toEqual([]);
  const asked = EXIT_SOURCES.flatMap((p) => upstreamCalls(h.fake, p).map((r) => r.upstreamPath));
  expect(asked).toEqual([]);
});
