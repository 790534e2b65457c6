/**
 * Which pool counter-tokens count as USD stablecoins (stable↔stable vs stable↔volatile): a token
 * whose symbol a USD-pegged coin of the aggregate carries, or whose contract is a known contract
 * of one (bridged spellings such as `USDC.e` or `USDbC` have their own addresses). Both sets come
 * from data (lib/assets/usd-stables.ts); nothing here names a coin.
 */
export interface UsdStables {
  /** Upper-case symbols. */
  symbols: ReadonlySet<string>;
  /** Lower-case contract addresses. */
  addresses: ReadonlySet<string>;
}

export function isUsdStable(token: { symbol: string; address: string }, stables: UsdStables) {
  return (
    stables.symbols.has(token.symbol.trim().toUpperCase()) ||
    stables.addresses.has(token.address.toLowerCase())
  );
}
