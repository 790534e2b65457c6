import {
  AMPLIFICATION,
  cexDepth,
  classifyPool,
  estimatedImpactBps,
  MAX_POOL_SHARE_OF_MARKET_CAP,
  modelPools,
  poolDepth2pctUsd,
} from "@/lib/domain/depth";
import type { UsdStables } from "@/lib/domain/stables";
import type { DexPool } from "@/lib/domain/types";
import { marketTicker } from "../../helpers/market-ticker";

/** The USD stablecoins counter-tokens are checked against (data in the service). */
const STABLES: UsdStables = { symbols: new Set(["USDC", "USDT"]), addresses: new Set(["0x3"]) };

function pool(p: Partial<DexPool>): DexPool {
  return {
    chain: "ethereum",
    dexId: "uniswap",
    pairAddress: `0x${Math.random().toString(16).slice(2).padEnd(40, "0")}`,
    url: null,
    labels: [],
    baseToken: { address: "0x1", symbol: "USDC", name: "USD Coin" },
    quoteToken: { address: "0x2", symbol: "WETH", name: "Wrapped Ether" },
    assetSide: "base",
    assetPriceUsd: 1,
    counterSymbol: "WETH",
    liquidityUsd: 1_000_000,
    liquidityBase: null,
    liquidityQuote: null,
    volume24hUsd: null,
    pairCreatedAt: null,
    ...p,
  };
}

const ticker = marketTicker;

describe("DEX depth model", () => {
  it("gives a constant-product pool about 1% of its TVL within ±2%", () => {
    expect(poolDepth2pctUsd(1_000_000, AMPLIFICATION.constantProduct)).toBeCloseTo(10_000.5, 0);
  });

  it("caps modelled depth at the pool's real TVL", () => {
    expect(poolDepth2pctUsd(1_000_000, 1_000)).toBe(1_000_000);
  });

  it("classifies pool models from dex id and labels", () => {
    expect(classifyPool({ dexId: "curve", labels: [] })).toBe("stableswap");
    expect(classifyPool({ dexId: "uniswap", labels: ["v3"] })).toBe("concentrated-liquidity");
    expect(classifyPool({ dexId: "uniswap", labels: ["v4"] })).toBe("concentrated-liquidity");
    expect(classifyPool({ dexId: "uniswap", labels: ["v2"] })).toBe("constant-product");
    expect(classifyPool({ dexId: "somedex", labels: [] })).toBe("constant-product");
  });

  it("caps outlier TVL by market cap and excludes broken prices and missing liquidity", () => {
    const { included, excluded } = modelPools(
      [
        pool({ liquidityUsd: 2_150_000_000, pairAddress: "0xa" }),
        pool({ liquidityUsd: null, pairAddress: "0xb" }),
        pool({ assetPriceUsd: 0.2, pairAddress: "0xc" }),
        pool({ pairAddress: "0xd" }),
      ],
      1_000_000_000,
      STABLES,
    );
    expect(included).toHaveLength(2);
    expect(included[0]?.effectiveTvlUsd).toBe(1_000_000_000 * MAX_POOL_SHARE_OF_MARKET_CAP);
    expect(included[0]?.capped).toBe(true);
    expect(excluded.map((e) => e.reason).sort()).toEqual(["no-liquidity", "price-outlier"]);
  });

  it("counts a pool once even if listed twice", () => {
    const p = pool({ pairAddress: "0xsame" });
    expect(modelPools([p, { ...p, pairAddress: "0xSAME" }], null, STABLES).included).toHaveLength(
      1,
    );
  });

  it("ranks deeper models with lower impact and refuses swaps beyond real reserves", () => {
    const [stable, volatile] = modelPools(
      [
        pool({ dexId: "curve", counterSymbol: "USDT", pairAddress: "0x1" }),
        pool({ dexId: "uniswap", labels: ["v2"], pairAddress: "0x2" }),
      ],
      null,
      STABLES,
    ).included;
    if (!stable || !volatile) throw new Error("expected two pools");
    const a = estimatedImpactBps(stable, 100_000);
    const b = estimatedImpactBps(volatile, 100_000);
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(a!).toBeLessThan(b!);
    expect(estimatedImpactBps(stable, 600_000)).toBeNull();
  });
});

describe("CEX depth", () => {
  it("sums up and down depth, skipping stale, anomalous and depth-less tickers", () => {
    const d = cexDepth([
      ticker({ costToMoveUpUsd: 100, costToMoveDownUsd: 200 }),
      ticker({ exchange: "OKX", costToMoveUpUsd: 50, costToMoveDownUsd: null }),
      ticker({ costToMoveUpUsd: 1e9, costToMoveDownUsd: 1e9, isStale: true }),
      ticker({ costToMoveUpUsd: 1e9, costToMoveDownUsd: 1e9, isAnomaly: true }),
      ticker({}),
    ]);
    expect(d).toEqual({
      depth2pctUsd: 350,
      upUsd: 150,
      downUsd: 200,
      tickersWithDepth: 2,
      venues: ["Binance", "OKX"],
    });
  });
});
