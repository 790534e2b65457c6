import {
  chainLocalDepegFlags,
  chainLocalPegs,
  CHAIN_PEG_MIN_POOL_TVL_USD,
} from "@/lib/domain/chain-peg";
import {
  coinsMatchTotal,
  coinsOnChain,
  nativeBridgedSplit,
  rankChains,
  summariseChain,
} from "@/lib/domain/chain-supply";
import type { AggregateAsset, ChainCirculating } from "@/lib/domain/types";
import { dexPool } from "../../helpers/dex-pool";

const cc = (
  currentUsd: number,
  prev: Partial<Omit<ChainCirculating, "currentUsd">> = {},
): ChainCirculating => ({
  currentUsd,
  prevDayUsd: prev.prevDayUsd ?? null,
  prevWeekUsd: prev.prevWeekUsd ?? null,
  prevMonthUsd: prev.prevMonthUsd ?? null,
});

function asset(id: string, chains: Record<string, ChainCirculating>, pegType = "peggedUSD") {
  return {
    id,
    name: `Coin ${id}`,
    symbol: `C${id}`,
    geckoId: null,
    pegType,
    backing: null,
    priceUsd: 1,
    circulatingUsd: Object.values(chains).reduce((s, c) => s + c.currentUsd, 0),
    circulatingPrevDayUsd: null,
    circulatingPrevWeekUsd: null,
    circulatingPrevMonthUsd: null,
    chainCirculating: chains,
    chains: Object.keys(chains),
    deprecated: false,
    delisted: false,
    yieldBearing: false,
  } satisfies AggregateAsset;
}

const pool = dexPool;

describe("chain supply", () => {
  const assets = [
    asset("1", { tron: cc(60, { prevWeekUsd: 50 }), ethereum: cc(40, { prevWeekUsd: 40 }) }),
    asset("2", { ethereum: cc(60, { prevWeekUsd: 80 }), bnb: cc(0) }),
    asset("3", { ethereum: cc(1000) }, "peggedEUR"),
  ];

  it("lists a chain's USD coins largest first with dominance summing to 100 %", () => {
    const coins = coinsOnChain(assets, "ethereum");
    expect(coins.map((c) => c.id)).toEqual(["2", "1"]);
    expect(coins.map((c) => c.dominancePct)).toEqual([60, 40]);
    // A zero current figure and another peg type are not on the chain.
    expect(coinsOnChain(assets, "bnb")).toEqual([]);
  });

  it("computes window changes from the coins' earlier values; null without any", () => {
    const s = summariseChain("ethereum", coinsOnChain(assets, "ethereum"), null);
    expect(s.change7dUsd).toBe(100 - 120);
    expect(s.change7dPct).toBeCloseTo((-20 / 120) * 100, 10);
    expect(s.change1dPct).toBeNull();
    expect(s.totalUsd).toBe(100);
  });

  it("ranks chains by the listed total, else the coin sum; drops empty chains", () => {
    const ranked = rankChains(
      assets,
      new Map([
        ["ethereum", 100.2],
        ["tron", null],
        ["x", 0],
      ]),
    );
    expect(ranked.map((r) => [r.chain, r.totalUsd])).toEqual([
      ["ethereum", 100.2],
      ["tron", 60],
    ]);
    expect(coinsMatchTotal(ranked[0]!)).toBe(true);
    expect(coinsMatchTotal({ totalUsd: 100, coinsSumUsd: 99.4 })).toBe(false);
  });

  it("splits native vs bridged by the bridged share of the latest balance", () => {
    expect(nativeBridgedSplit([{ circulating: 200, bridgedTo: 50 }], 1000)).toEqual({
      nativeUsd: 750,
      bridgedUsd: 250,
      bridgedShare: 0.25,
    });
    // Two labels of one chain add up; a share above 1 is clamped.
    expect(
      nativeBridgedSplit(
        [
          { circulating: 100, bridgedTo: 0 },
          { circulating: 100, bridgedTo: 300 },
        ],
        10,
      ),
    ).toEqual({ nativeUsd: 0, bridgedUsd: 10, bridgedShare: 1 });
    expect(nativeBridgedSplit([{ circulating: 0, bridgedTo: 0 }], 10)).toBeNull();
    expect(nativeBridgedSplit([{ circulating: 10, bridgedTo: null }], 10)).toBeNull();
  });
});

describe("chain-local peg", () => {
  const big = CHAIN_PEG_MIN_POOL_TVL_USD * 10;
  const pools = [
    pool("arbitrum", 0.97, big, "0xa"),
    pool("arbitrum", 0.96, big * 3, "0xb"),
    pool("arbitrum", 0.5, CHAIN_PEG_MIN_POOL_TVL_USD - 1, "0xc"),
    pool("arbitrum", null, big, "0xd"),
    pool("arbitrum", 0.97, big, "0xa"),
    pool("ethereum", 1.0005, big, "0xe"),
  ];

  it("weights by TVL over pools above the floor, stating count, TVL and exclusions", () => {
    const [arb, eth] = chainLocalPegs(pools);
    expect(arb!.chain).toBe("arbitrum");
    expect(arb!.priceUsd).toBeCloseTo((0.97 + 0.96 * 3) / 4, 12);
    expect(arb!.pools).toBe(2);
    expect(arb!.tvlUsd).toBe(big * 4);
    expect(arb!.poolsExcluded).toBe(2);
    expect(arb!.deviationBps).toBeCloseTo(-375, 6);
    expect(eth!.deviationBps).toBeCloseTo(5, 6);
  });

  it("flags a chain beyond 100 bps only while the headline price is within 50 bps", () => {
    const pegs = chainLocalPegs(pools);
    expect(chainLocalDepegFlags(pegs, 0.9995)).toEqual([
      {
        code: "chain_local_depeg",
        chain: "arbitrum",
        deviationBps: expect.closeTo(-375, 6),
        aggregateDeviationBps: expect.closeTo(-5, 6),
      },
    ]);
    expect(chainLocalDepegFlags(pegs, 0.99)).toEqual([]);
    expect(chainLocalDepegFlags(pegs, null)).toEqual([]);
    expect(chainLocalDepegFlags(chainLocalPegs([pool("base", 0.991, big, "0xf")]), 1)).toEqual([]);
  });
});
