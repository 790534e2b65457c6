/**
 * One canonical lowercase spelling per chain, whatever the provider calls it
 * (docs/route-contract.md "Scheduled snapshots": `bnb` and DefiLlama's `BSC` are one chain; `OP Mainnet` is `optimism`).
 */
const CHAIN_ALIASES: Readonly<Record<string, string>> = {
  "op mainnet": "optimism",
  "op-mainnet": "optimism",
  optimism: "optimism",
  "optimistic-ethereum": "optimism",
  bsc: "bnb",
  binance: "bnb",
  "bnb chain": "bnb",
  "bnb smart chain": "bnb",
  bnb: "bnb",
  avalanche_c: "avalanche",
  "avalanche c-chain": "avalanche",
  avax: "avalanche",
  avalanche: "avalanche",
  "arbitrum one": "arbitrum",
  "arbitrum-one": "arbitrum",
  arbitrum: "arbitrum",
  "zksync era": "zksync",
  zksync: "zksync",
  "polygon pos": "polygon",
  "polygon-pos": "polygon",
  matic: "polygon",
  polygon: "polygon",
  xdai: "gnosis",
  gnosis: "gnosis",
  eth: "ethereum",
  mainnet: "ethereum",
  ethereum: "ethereum",
  tron: "tron",
  solana: "solana",
};

/** Lowercase canonical chain name; unknown labels are lowercased with spaces → `-`. */
export function canonicalChain(label: string): string {
  const key = label.trim().toLowerCase();
  return CHAIN_ALIASES[key] ?? key.replace(/\s+/g, "-");
}

/** EVM chains where pool maps and the deep-liquidity finder query the DEX aggregator. */
export const DEX_CHAINS = ["ethereum", "base", "arbitrum", "optimism"] as const;
export type DexChain = (typeof DEX_CHAINS)[number];
