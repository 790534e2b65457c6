/**
 * One canonical lowercase spelling per chain, whatever the provider calls it
 * (docs/route-contract.md "Scheduled snapshots": `bnb` and DefiLlama's `BSC` are one chain; `OP Mainnet` is `optimism`).
 */
// A Map, not an object: an upstream label such as `__proto__` or `constructor` must read as an
// unknown chain, never as an Object.prototype member.
const CHAIN_ALIASES: ReadonlyMap<string, string> = new Map(
  Object.entries({
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
  }),
);

/** Lowercase canonical chain name; unknown labels are lowercased with spaces → `-`. */
export function canonicalChain(label: string): string {
  const key = label.trim().toLowerCase();
  return CHAIN_ALIASES.get(key) ?? key.replace(/\s+/g, "-");
}

/** EVM chains where pool maps and the deep-liquidity finder query the DEX aggregator. */
export const DEX_CHAINS = ["ethereum", "base", "arbitrum", "optimism"] as const;
export type DexChain = (typeof DEX_CHAINS)[number];

/**
 * The market provider's (CoinGecko) asset-platform ids → the DEX aggregator's (DexScreener)
 * chain ids, for the chains DexScreener indexes. The one table that turns a coin's listed
 * contracts into pool lookups; platforms not listed here are not queried.
 */
export const COINGECKO_PLATFORM_DEX_CHAINS: Readonly<Record<string, string>> = {
  ethereum: "ethereum",
  base: "base",
  "arbitrum-one": "arbitrum",
  "optimistic-ethereum": "optimism",
  "polygon-pos": "polygon",
  "binance-smart-chain": "bsc",
  avalanche: "avalanche",
  fantom: "fantom",
  xdai: "gnosischain",
  linea: "linea",
  scroll: "scroll",
  mantle: "mantle",
  blast: "blast",
  zksync: "zksync",
  sonic: "sonic",
  berachain: "berachain",
  unichain: "unichain",
  celo: "celo",
  "metis-andromeda": "metis",
  moonbeam: "moonbeam",
  moonriver: "moonriver",
  cronos: "cronos",
  kava: "kava",
  plasma: "plasma",
  hyperevm: "hyperevm",
  ink: "ink",
  soneium: "soneium",
  taiko: "taiko",
  mode: "mode",
  "manta-pacific": "manta",
  "world-chain": "worldchain",
  "polygon-zkevm": "polygonzkevm",
  "arbitrum-nova": "arbitrumnova",
  abstract: "abstract",
  katana: "katana",
  "sei-v2": "seiv2",
  core: "core",
  apechain: "apechain",
  solana: "solana",
};

/**
 * Every chain whose pools can be looked up (canonical names, table order): a coin's contracts
 * on any platform of COINGECKO_PLATFORM_DEX_CHAINS; overlay overrides only on DEX_CHAINS.
 */
export const DEX_POOL_CHAINS: readonly string[] = [
  ...new Set(Object.values(COINGECKO_PLATFORM_DEX_CHAINS).map(canonicalChain)),
];

/** The DexScreener chain of a CoinGecko platform id; null for any other name (own keys only). */
export function dexChainOfPlatform(platform: string): string | null {
  return Object.hasOwn(COINGECKO_PLATFORM_DEX_CHAINS, platform)
    ? (COINGECKO_PLATFORM_DEX_CHAINS[platform] ?? null)
    : null;
}
