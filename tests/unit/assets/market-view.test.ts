import { depthNotMeasuredReason, marketView } from "@/lib/assets/market-view";
import { dexTargets } from "@/lib/assets/pools";
import { W } from "@/lib/assets/warnings";
import { warningFields } from "@/lib/assets/warning-fields";
import { assetContext as ctx, ENTRY, QUOTE } from "../../helpers/asset-context";
import { marketTicker } from "../../helpers/market-ticker";

const tickerWithoutDepth = marketTicker({
  exchange: "Kraken",
  exchangeId: "kraken",
  base: "USD+",
  target: "EUR",
  lastPrice: 0.92,
  volumeUsd: 1000,
});

describe("marketView: unknown is null", () => {
  it("reports no depth (null, not 0) when no ticker has depth and no pool was found", () => {
    const mv = marketView(ctx({ tickers: { value: [tickerWithoutDepth], asOf: 1, stale: false } }));
    expect(mv.cexDepthUsd).toBeNull();
    expect(mv.dexDepthUsd).toBeNull();
    expect(mv.totalDepthUsd).toBeNull();
    expect(depthNotMeasuredReason(mv, [W.dexNoPools])).toBe(
      "DexScreener (liquidity): no pools found for this coin's contracts.",
    );
  });

  it("names a spent rate budget as the reason, never 'no venue' (pools were not looked up)", () => {
    const mv = marketView(ctx({ tickers: { value: [tickerWithoutDepth], asOf: 1, stale: false } }));
    const warnings = [W.marketBudget, W.tickersBudget, W.contractsBudget, W.historyBudget];
    expect(depthNotMeasuredReason(mv, warnings)).toBe(
      `${W.tickersBudget.message} ${W.contractsBudget.message}`,
    );
    expect(depthNotMeasuredReason(mv, [W.dexBudget])).toBe(W.dexBudget.message);
    expect(depthNotMeasuredReason(mv, [W.historyBudget])).toBe(
      "No venue reported depth for this coin.",
    );
  });

  it("keeps the market provider's price and cap when it has them", () => {
    const mv = marketView(ctx());
    expect(mv).toMatchObject({
      priceUsd: 1.0002,
      priceSource: "market",
      marketCapUsd: 21_000_000,
      marketCapSource: "market",
    });
    expect(mv.warnings).toEqual([]);
  });

  it("falls back to the aggregate's price and circulating USD, labelled", () => {
    const mv = marketView(ctx({ quote: { value: null, asOf: null, stale: false } }));
    expect(mv).toMatchObject({
      priceUsd: 0.9994,
      priceSource: "aggregate",
      marketCapUsd: 20_000_000,
      marketCapSource: "aggregate",
      volume24hUsd: null,
    });
    expect(mv.prices.market).toBeNull();
    expect(warningFields(mv.warnings).warning_codes).toEqual([
      "price_from_aggregate",
      "market_cap_from_aggregate",
    ]);
  });

  it("treats a 0 or missing price everywhere as no price, with a warning", () => {
    const mv = marketView(
      ctx({
        quote: { value: { ...QUOTE, priceUsd: 0, marketCapUsd: 0 }, asOf: 1, stale: false },
        aggregateEntry: { ...ENTRY, priceUsd: null },
      }),
    );
    expect(mv.priceUsd).toBeNull();
    expect(mv.priceSource).toBeNull();
    expect(mv.warnings.map((w) => w.code)).toContain("price_unavailable");
  });
});

describe("dexTargets", () => {
  it("maps market-provider platforms to DEX chain ids, one contract per chain, valid addresses only", () => {
    const evm = "0x" + "ab".repeat(20);
    expect(
      dexTargets([
        { platform: "arbitrum-one", address: evm, decimals: 6 },
        { platform: "binance-smart-chain", address: evm, decimals: 18 },
        { platform: "polygon-pos", address: "not-an-address", decimals: 6 },
        { platform: "tron", address: "TXYZ", decimals: 6 },
        { platform: "unknown-chain", address: evm, decimals: 6 },
      ]),
    ).toEqual([
      { chain: "arbitrum", address: evm },
      { chain: "bsc", address: evm },
    ]);
  });
});
