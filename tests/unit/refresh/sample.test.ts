/**
 * A history sample from a coin's warm inputs (lib/refresh/sample.ts): every measurement keeps its
 * sources and as-of, a missing input is null (never 0, never another part's number), the total
 * depth only when every depth source answered, and the best route's costs at the three sizes.
 */
import type { AssetContext } from "@/lib/assets/context";
import type { Measurement, MeasuredVenue } from "@/lib/assets/exit-measure";
import type { VenueFill } from "@/lib/domain/exit-cost";
import { depegStats } from "@/lib/domain/depeg";
import type { AggregateAsset, MarketQuote } from "@/lib/domain/types";
import { historySampleSchema } from "@/lib/history/sample";
import { buildSample, sampleName } from "@/lib/refresh/sample";
import { assetContext } from "../../helpers/asset-context";
import { dexPool } from "../../helpers/dex-pool";
import { marketTicker } from "../../helpers/market-ticker";

const T = Date.UTC(2026, 10, 27, 12);
const QUOTE_AT = T - 30_000;
const AGG_AT = T - 120_000;
const TICKERS_AT = T - 200_000;
const POOLS_AT = T - 100_000;
const BOOK_AT = T - 60_000;
const DEX_AT = T - 90_000;

const ENTRY: AggregateAsset = {
  id: "2",
  name: "USD Coin",
  symbol: "USDC",
  geckoId: "usd-coin",
  pegType: "peggedUSD",
  backing: "fiat-backed",
  priceUsd: 0.9998,
  circulatingUsd: 60_000_000_000,
  circulatingPrevDayUsd: null,
  circulatingPrevWeekUsd: null,
  circulatingPrevMonthUsd: null,
  chainCirculating: {},
  chains: ["Ethereum", "Base"],
  deprecated: false,
  delisted: false,
  yieldBearing: false,
};

const QUOTE: MarketQuote = {
  coingeckoId: "usd-coin",
  symbol: "usdc",
  name: "USD Coin",
  priceUsd: 1.0001,
  marketCapUsd: 60_000_000_000,
  volume24hUsd: 5_000_000_000,
  priceChange24hPct: 0,
  lastUpdated: null,
};

const TICKERS = [
  marketTicker({ costToMoveUpUsd: 10_000_000, costToMoveDownUsd: 12_000_000 }),
  marketTicker({
    exchange: "Crypto.com Exchange",
    exchangeId: "crypto_com",
    costToMoveUpUsd: 1_000_000,
    costToMoveDownUsd: 1_000_000,
  }),
];
const POOLS = [
  dexPool("ethereum", 1, 5_000_000, "0xe1"),
  dexPool("base", 0.965, 2_000_000, "0xb1"),
];

/** USDC, every input warm: quote, tickers with depth, pools on two chains. */
function ctx(over: Partial<AssetContext> = {}): AssetContext {
  const base = assetContext();
  return assetContext({
    asset: {
      ...base.asset,
      symbol: "USDC",
      name: "USD Coin",
      defillamaId: "2",
      coingeckoId: "usd-coin",
    },
    aggregate: { value: [ENTRY], asOf: AGG_AT, stale: false },
    aggregateEntry: ENTRY,
    quote: { value: QUOTE, asOf: QUOTE_AT, stale: false },
    tickers: { value: TICKERS, asOf: TICKERS_AT, stale: false },
    pools: base.pools && { ...base.pools, value: POOLS, asOf: POOLS_AT, warnings: [] },
    ...over,
  });
}

const filled = (costBps: number, sizeUsd: number): VenueFill => ({
  measured: true,
  fillable: true,
  costBps,
  avgPriceUsd: 1 - costBps / 10_000,
  filledUsd: sizeUsd,
  unfilledUsd: 0,
});
const SIZES = [100_000, 1_000_000, 10_000_000];

function venue(over: Partial<MeasuredVenue> & Pick<MeasuredVenue, "fills">): MeasuredVenue {
  return {
    id: "binance:USDC/USDT",
    venue: "binance",
    kind: "cex",
    chain: null,
    pair: "USDC/USDT",
    source: "Binance",
    asOf: BOOK_AT,
    stale: false,
    gasUsd: [null, null, null],
    loss: null,
    ...over,
  };
}

const EXIT: Measurement = {
  venues: [
    venue({ fills: [filled(1, SIZES[0]!), filled(4, SIZES[1]!), filled(30, SIZES[2]!)] }),
    venue({
      id: "kyberswap:base",
      venue: "kyberswap",
      kind: "dex",
      chain: "base",
      source: "KyberSwap",
      asOf: DEX_AT,
      fills: [
        filled(2, SIZES[0]!),
        filled(3, SIZES[1]!),
        {
          measured: true,
          fillable: false,
          costBps: null,
          avgPriceUsd: 0.99,
          filledUsd: 1,
          unfilledUsd: 2,
        },
      ],
    }),
  ],
  warnings: [],
  upstream: false,
};

describe("buildSample", () => {
  it("keeps each measurement with its sources and as-of, and passes the sample schema", () => {
    const s = buildSample({ t: T, ctx: ctx(), exit: EXIT, pegStability: null });
    expect(historySampleSchema.parse(s)).toEqual(s);
    expect(s.t).toBe(T);
    // The headline price's source first; every other source that priced it after.
    expect(s.price).toEqual({
      usd: 1.0001,
      sources: ["coingecko", "defillama", "dexscreener"],
      as_of: QUOTE_AT,
    });
    expect(s.circulating_usd).toEqual({
      usd: 60_000_000_000,
      sources: ["defillama"],
      as_of: AGG_AT,
    });
    // Each exchange's part by its identifier, each chain's DEX part; the oldest source's as-of.
    expect(s.depth_2pct_usd.cex_usd).toBe(24_000_000);
    expect(s.depth_2pct_usd.venues["cex:binance"]).toBe(22_000_000);
    expect(s.depth_2pct_usd.venues["cex:crypto_com"]).toBe(2_000_000);
    expect(Object.keys(s.depth_2pct_usd.venues)).toEqual(
      expect.arrayContaining(["dex:ethereum", "dex:base"]),
    );
    expect(s.depth_2pct_usd.total_usd).toBeCloseTo(
      (s.depth_2pct_usd.cex_usd ?? NaN) + (s.depth_2pct_usd.dex_usd ?? NaN),
    );
    expect(s.depth_2pct_usd.sources).toEqual(["coingecko", "dexscreener"]);
    expect(s.depth_2pct_usd.as_of).toBe(TICKERS_AT);
  });

  it("takes the best route at each size, and the $1M sale's price from its cost", () => {
    const s = buildSample({ t: T, ctx: ctx(), exit: EXIT, pegStability: null });
    expect(s.exit_cost_bps).toEqual({
      usd_100k: 1,
      usd_1m: 3,
      usd_10m: 30,
      sources: ["binance", "kyberswap"],
      as_of: DEX_AT, // the oldest venue's
    });
    expect(s.sale_1m.price_usd).toBeCloseTo(0.9997, 10);
    expect(s.sale_1m.sources).toEqual(["binance", "kyberswap"]);
  });

  it("keeps each chain's chain-local peg (USDC's Base pools at 0.965)", () => {
    const s = buildSample({ t: T, ctx: ctx(), exit: EXIT, pegStability: null });
    expect(s.chain_peg_bps.chains.base).toBeCloseTo(-350, 6);
    expect(s.chain_peg_bps.chains.ethereum).toBeCloseTo(0, 6);
    expect(s.chain_peg_bps).toMatchObject({ sources: ["dexscreener"], as_of: POOLS_AT });
  });

  it("scores risk with the risk console's inputs, coverage saying what was measured", () => {
    const points = Array.from({ length: 30 * 24 }, (_, i) => ({
      timestampMs: T - i * 3_600_000,
      priceUsd: 1,
    }));
    const stats = depegStats(points, "30d", T);
    const s = buildSample({ t: T, ctx: ctx(), exit: EXIT, pegStability: { stats, asOf: T - 1 } });
    expect(s.risk_score.components.transparency).toBeNull(); // no overlay facts
    expect(s.risk_score.components.liquidity).not.toBeNull();
    expect(s.risk_score.components.pegStability).toBe(100);
    expect(s.risk_score.coverage).toBeCloseTo(0.7, 6);
    expect(s.risk_score.sources).toEqual(
      expect.arrayContaining(["coingecko", "dexscreener", "binance", "kyberswap"]),
    );
    expect(s.risk_score.as_of).toBe(TICKERS_AT); // its oldest input's
  });

  it("leaves what was not warm null: never 0, never another part's number", () => {
    const cold = ctx({
      quote: { value: null, asOf: null, stale: false },
      tickers: { value: null, asOf: null, stale: false },
      pools: null,
      aggregateEntry: null,
      aggregate: { value: null, asOf: null, stale: false },
    });
    const s = buildSample({ t: T, ctx: cold, exit: null, pegStability: null });
    expect(historySampleSchema.parse(s)).toEqual(s);
    expect(s.price).toEqual({ usd: null, sources: [], as_of: null });
    expect(s.depth_2pct_usd).toEqual({
      total_usd: null,
      cex_usd: null,
      dex_usd: null,
      venues: {},
      sources: [],
      as_of: null,
    });
    expect(s.exit_cost_bps).toEqual({
      usd_100k: null,
      usd_1m: null,
      usd_10m: null,
      sources: [],
      as_of: null,
    });
    expect(s.sale_1m).toEqual({ price_usd: null, sources: [], as_of: null });
    expect(s.chain_peg_bps).toEqual({ chains: {}, sources: [], as_of: null });
    expect(s.risk_score).toMatchObject({ score: null, coverage: null, sources: [], as_of: null });
    expect(s.circulating_usd).toEqual({ usd: null, sources: [], as_of: null });
  });

  it("gives no total depth when one depth source did not answer (a gap, not a drop)", () => {
    const noTickers = ctx({ tickers: { value: null, asOf: null, stale: false } });
    const s = buildSample({ t: T, ctx: noTickers, exit: EXIT, pegStability: null });
    expect(s.depth_2pct_usd.total_usd).toBeNull();
    expect(s.depth_2pct_usd.cex_usd).toBeNull();
    expect(s.depth_2pct_usd.dex_usd).not.toBeNull();
    expect(Object.keys(s.depth_2pct_usd.venues).every((v) => v.startsWith("dex:"))).toBe(true);
  });

  it("leaves a size no venue fills whole null (not fillable is not a cost)", () => {
    const s = buildSample({
      t: T,
      ctx: ctx(),
      exit: { ...EXIT, venues: [EXIT.venues[1]!] },
      pegStability: null,
    });
    expect(s.exit_cost_bps.usd_10m).toBeNull();
    expect(s.exit_cost_bps.usd_1m).toBe(3);
  });
});

describe("sampleName", () => {
  it("makes any venue or chain name one the schema accepts", () => {
    expect(sampleName("Crypto.com Exchange")).toBe("crypto.com-exchange");
    expect(sampleName("  (weird) ")).toBe("weird-");
    expect(sampleName("x".repeat(40))).toHaveLength(32);
  });
});
