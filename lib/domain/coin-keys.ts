/**
 * DefiLlama coins keys (pure): `coingecko:<id>` or `<chain>:<address>`, and how a list of keys is
 * cut into calls. The provider answers keyed by the request string verbatim, so a key is built
 * once and looked up as sent.
 */
import { EVM_ADDRESS_PATTERN } from "./constants";

const GECKO_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{0,127}$/i;
const CHAIN_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;
/** Base58 (Solana and the like) or EVM hex. */
const BASE58_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** Characters of the comma-joined key list in one URL path (URLs stay well under 4 KB). */
export const COINS_PATH_MAX_CHARS = 2_000;
/** The coins API's chain slug of a bare EVM address in the aggregate's `address`. */
const ETHEREUM_SLUG = "ethereum";
/** Coins per call (third-party clients batch ≤ 100; no explicit limit in the provider's code). */
export const COINS_PER_CALL_MAX = 100;

export function geckoCoinKey(coingeckoId: string): string | null {
  return GECKO_ID_PATTERN.test(coingeckoId) && !/^\.+$/.test(coingeckoId)
    ? `coingecko:${coingeckoId}`
    : null;
}

export function tokenCoinKey(chain: string, address: string): string | null {
  const slug = chain.toLowerCase();
  if (!CHAIN_PATTERN.test(slug)) return null;
  if (!EVM_ADDRESS_PATTERN.test(address) && !BASE58_ADDRESS_PATTERN.test(address)) return null;
  return `${slug}:${address}`;
}

/**
 * A coin's key: its CoinGecko id when it has one, else its first valid contract; null when it
 * has neither (no price from this source).
 */
export function coinKeyFor(coin: {
  coingeckoId: string | null;
  contracts?: readonly { chain: string; address: string }[];
}): string | null {
  if (coin.coingeckoId) {
    const key = geckoCoinKey(coin.coingeckoId);
    if (key) return key;
  }
  for (const c of coin.contracts ?? []) {
    const key = tokenCoinKey(c.chain, c.address);
    if (key) return key;
  }
  return null;
}

/**
 * The key of the aggregate's own `address` (`/stablecoin/{id}`): DefiLlama writes it in its coins
 * API's format — a bare EVM address for Ethereum, else `<chain>:<address>` with the coins API's
 * chain slug (`avax:0x…`, `tron:T…`, `solana:…`), sometimes `coingecko:<id>`. Null when absent or
 * in a format this service cannot send (a bare non-EVM address names no chain; Cardano policy
 * ids, Stellar `CODE-ISSUER`, Move type paths match neither address pattern).
 */
export function llamaAddressCoinKey(address: string | null | undefined): string | null {
  const raw = address?.trim();
  if (!raw) return null;
  if (EVM_ADDRESS_PATTERN.test(raw)) return tokenCoinKey(ETHEREUM_SLUG, raw);
  const i = raw.indexOf(":");
  if (i <= 0) return null;
  const head = raw.slice(0, i).toLowerCase();
  const rest = raw.slice(i + 1);
  return head === "coingecko" ? geckoCoinKey(rest) : tokenCoinKey(head, rest);
}

/** Whether a string is a key this service may send. */
export function isCoinKey(key: string): boolean {
  const i = key.indexOf(":");
  if (i <= 0) return false;
  const [head, rest] = [key.slice(0, i), key.slice(i + 1)];
  return head === "coingecko" ? geckoCoinKey(rest) === key : tokenCoinKey(head, rest) === key;
}

/**
 * Unique keys in calls: each call's comma-joined list at most `maxChars` long and at most
 * `maxCoins` keys (a single key longer than `maxChars` still gets its own call).
 */
export function chunkCoinKeys(
  keys: readonly string[],
  maxChars: number = COINS_PATH_MAX_CHARS,
  maxCoins: number = COINS_PER_CALL_MAX,
): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const key of new Set(keys)) {
    const added = current.length === 0 ? key.length : chars + 1 + key.length;
    if (current.length > 0 && (added > maxChars || current.length >= maxCoins)) {
      chunks.push(current);
      current = [];
    }
    chars = current.length === 0 ? key.length : chars + 1 + key.length;
    current.push(key);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** One coin's current price from the DefiLlama coins API. */
export interface CoinPrice {
  key: string;
  priceUsd: number;
  /** When the provider's record was made (ms). */
  timestampMs: number;
  /** The provider's confidence in [0, 1]; null when absent. */
  confidence: number | null;
}
