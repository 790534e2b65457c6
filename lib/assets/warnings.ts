/**
 * User-safe warning sentences, prefixed with provider and source name. No URL, host, key,
 * stack or class name ever goes in here.
 */
const asOf = (ms: number | null) => (ms ? new Date(ms).toISOString() : "an earlier run");

export const W = {
  aggregateUnavailable:
    "DefiLlama (aggregate): the stablecoin aggregate is unavailable; supply figures and price cross-checks are missing.",
  aggregateStale: (storedAt: number | null) =>
    `DefiLlama (aggregate): the source is unavailable; serving the last good copy as of ${asOf(storedAt)}.`,
  marketUnavailable: "CoinGecko (market): live price, market cap and 24h volume are unavailable.",
  tickersUnavailable:
    "CoinGecko (market): centralized-exchange order-book depth is unavailable; depth covers DEX pools only.",
  dexUnavailable:
    "DexScreener (liquidity): DEX pool data is unavailable; depth covers centralized exchanges only.",
  dexPartial: (chains: string[]) =>
    `DexScreener (liquidity): pool data is unavailable for ${chains.join(", ")}; depth and pools cover the other chains.`,
  distributionFromAggregate:
    "DefiLlama (aggregate): supply distribution is taken from the aggregate's per-chain circulating figures, not the on-chain snapshot.",
  distributionNotCovered:
    "Dune (on-chain-scheduled): the on-chain snapshot does not cover this asset; supply distribution uses the aggregate instead.",
  distributionUnavailable: "DefiLlama (aggregate): supply distribution is unavailable.",
} as const;
