/** A market-provider ticker for the depth tests: a Binance USDC/USDT ticker without depth. */
import type { MarketTicker } from "@/lib/domain/types";

export function marketTicker(t: Partial<MarketTicker>): MarketTicker {
  return {
    exchange: "Binance",
    exchangeId: "binance",
    base: "USDC",
    target: "USDT",
    lastPrice: 1,
    volumeUsd: 1,
    costToMoveUpUsd: null,
    costToMoveDownUsd: null,
    isStale: false,
    isAnomaly: false,
    trustScore: null,
    isDex: false,
    ...t,
  };
}
