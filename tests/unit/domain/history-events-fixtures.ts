/** Sample builders for the history event tests: hourly samples of one healthy coin. */
import type { EventSample } from "@/lib/domain/history-events-core";

export const HOUR_MS = 3_600_000;
export const T0_MS = Date.UTC(2026, 0, 1);
export const COIN = { symbol: "USDX", selector: "usdx" };
export const VENUES = {
  "cex:binance": 5_000_000,
  "cex:kraken": 4_000_000,
  "dex:ethereum": 1_000_000,
};

export function healthy(i: number): EventSample {
  return {
    t: T0_MS + i * HOUR_MS,
    priceUsd: 1,
    depthUsd: 10_000_000,
    venueDepthUsd: { ...VENUES },
    sale1mPriceUsd: 0.9995,
    chainPegBps: { ethereum: 0, base: 1, arbitrum: -2 },
    riskScore: 81,
    riskComponents: { transparency: 80, liquidity: 70, pegStability: 90 },
    sources: {
      price: ["coingecko"],
      depth: ["binance", "kraken", "dexscreener"],
      sale1m: ["kyberswap"],
      chainPeg: ["dexscreener"],
      risk: ["service"],
    },
  };
}

export function series(n: number, change: (s: EventSample, i: number) => EventSample = (s) => s) {
  return Array.from({ length: n }, (_, i) => change(healthy(i), i));
}

/** The venue parts and their sum after some venues are scaled (null: the venue did not answer). */
export function withVenues(
  s: EventSample,
  scaled: Readonly<Record<string, number | null>>,
): EventSample {
  const venueDepthUsd: Record<string, number | null> = { ...s.venueDepthUsd };
  for (const [venue, factor] of Object.entries(scaled)) {
    const base = venueDepthUsd[venue];
    venueDepthUsd[venue] = factor === null || base == null ? null : base * factor;
  }
  const depthUsd = Object.values(venueDepthUsd).reduce<number>((sum, d) => sum + (d ?? 0), 0);
  return { ...s, venueDepthUsd, depthUsd };
}
