import { readAggregate } from "@/lib/snapshot/live";
import {
  getCoinSupplyHistory,
  getMarketSupplyHistory,
  MARKET_TOP_COINS,
} from "@/lib/supply-history";
import { startHarness, upstreamCalls, type Harness } from "../helpers/harness";
import { SLOW_MACHINE_ENV } from "../helpers/slow-machine";

describe("supply history (coin and market)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness("file", SLOW_MACHINE_ENV);
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.reset();
  });

  it("a coin's 7d and 30d changes are the series' own and match the aggregate's anchors", async () => {
    const coin = await getCoinSupplyHistory("usdc");
    expect(coin).not.toBeNull();
    const usdc = (await readAggregate()).value.assets.find((a) => a.id === "2")!;
    const circulatingUsd = usdc.circulatingUsd!;
    const s = coin!.summary;
    expect(s.currentUsd).toBeCloseTo(circulatingUsd, 0);
    expect(s.changes["7d"].changeUsd).toBeCloseTo(circulatingUsd - usdc.circulatingPrevWeekUsd!, 0);
    expect(s.changes["30d"].changeUsd).toBeCloseTo(
      circulatingUsd - usdc.circulatingPrevMonthUsd!,
      0,
    );
    // …and the drawn series holds exactly the points the changes were read from.
    const at = (ms: number | null) =>
      coin!.points.find((p) => p.timestampMs === ms)?.circulatingUsd;
    expect(at(s.changes["7d"].previousAtMs)).toBe(s.changes["7d"].previousUsd);
    expect(at(s.changes["30d"].previousAtMs)).toBe(s.changes["30d"].previousUsd);
    expect(coin!.warnings).toEqual([]);
  });

  it("the market total stacks the top coins, the rest as other, with no gap in the sum", async () => {
    const m = await getMarketSupplyHistory();
    expect(m.coins).toHaveLength(MARKET_TOP_COINS);
    expect(m.rows.length).toBeGreaterThan(30);
    for (const r of m.rows) {
      const parts = Object.values(r.coins).reduce<number>((a, b) => a + (b ?? 0), 0);
      if (r.otherUsd !== null) expect(parts + r.otherUsd).toBeCloseTo(r.totalUsd, 2);
    }
    const last = m.rows[m.rows.length - 1]!;
    expect(m.summary.currentUsd).toBe(last.totalUsd);
    const totalCalls = upstreamCalls(h.fake, "defillama").filter(
      (r) => r.upstreamPath === "/stablecoincharts/all",
    );
    expect(totalCalls).toHaveLength(1);
  });

  it("says the history is unavailable (never zero) when the aggregate fails", async () => {
    h.fake.setScenario("defillama", "503");
    const coin = await getCoinSupplyHistory("usdc");
    expect(coin!.points).toEqual([]);
    expect(coin!.summary.currentUsd).toBeNull();
    expect(coin!.warnings[0]).toMatch(/^DefiLlama \(aggregate\):/);
    const m = await getMarketSupplyHistory();
    expect(m.rows).toEqual([]);
    expect(m.warnings[0]).toMatch(/^DefiLlama \(aggregate\):/);
  });
});
