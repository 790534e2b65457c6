/**
 * The `address` of each aggregate asset in `/stablecoin/{id}` bodies, in DefiLlama's format (its
 * coins API key): a bare EVM address for an Ethereum-first coin, else `<slug>:<address>` with the
 * coins API's chain slug. Deterministic, for both worlds:
 *   - a tracked token (token-addresses.json): its real first Ethereum contract, bare;
 *   - otherwise by the asset's first chain: an EVM chain → a synthetic 20-byte address (hash of
 *     the id); Solana and Tron → a synthetic base58 address; Cardano → a 56-hex policy id (a
 *     format the service cannot map, on purpose); any other chain → null (no address, as the real
 *     server answers for some coins).
 * `assetByCoinKey` is the reverse, for `/prices/current/<chain>:<address>`.
 */
import { trackedTokens } from "./assets";
import { addressFor, hexFor, rngFor } from "./rng";
import { llamaStablecoins, type LlamaAsset } from "./samples";
import type { Market } from "../types";

/** Aggregate chain label → the coins API's chain slug, for the EVM chains the worlds use most. */
const EVM_SLUGS: Readonly<Record<string, string>> = {
  Ethereum: "ethereum",
  Avalanche: "avax",
  BSC: "bsc",
  Polygon: "polygon",
  Arbitrum: "arbitrum",
  Base: "base",
  "OP Mainnet": "optimism",
  Optimism: "optimism",
  Fantom: "fantom",
  Gnosis: "xdai",
  Linea: "linea",
  Scroll: "scroll",
  Manta: "manta",
  Metis: "metis",
  Sonic: "sonic",
  Rootstock: "rsk",
  "ZKsync Era": "era",
  Mantle: "mantle",
  Blast: "blast",
  Sei: "sei",
  Canto: "canto",
  Moonbeam: "moonbeam",
  IoTeX: "iotex",
  Hemi: "hemi",
};
const BASE58_SLUGS: Readonly<Record<string, { slug: string; prefix: string; chars: number }>> = {
  Solana: { slug: "solana", prefix: "", chars: 44 },
  Tron: { slug: "tron", prefix: "T", chars: 33 },
};
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const CARDANO_POLICY_HEX = 56;

function base58For(chars: number, ...parts: string[]): string {
  const rand = rngFor("base58", ...parts);
  let out = "";
  for (let i = 0; i < chars; i++) out += BASE58[Math.floor(rand() * BASE58.length)];
  return out;
}

/** The `address` field of the asset's `/stablecoin/{id}` body (null: none). */
export function llamaAddress(a: LlamaAsset): string | null {
  const tracked = trackedTokens().find((t) => t.defillamaId === a.id);
  const real = tracked?.addresses.ethereum[0]?.address;
  if (real) return real.toLowerCase();
  const first = a.chains?.[0];
  if (!first) return null;
  const evm = EVM_SLUGS[first];
  if (evm) {
    const address = addressFor("llama-detail", a.id);
    return evm === "ethereum" ? address : `${evm}:${address}`;
  }
  const b58 = BASE58_SLUGS[first];
  if (b58) return `${b58.slug}:${b58.prefix}${base58For(b58.chars, "llama-detail", a.id)}`;
  if (first === "Cardano")
    return `cardano:${hexFor(CARDANO_POLICY_HEX, "llama-detail", a.id).slice(2)}`;
  return null;
}

/** The coins API key of an address as the service builds it (bare EVM → `ethereum:`). */
function keyOf(address: string): string {
  return (address.includes(":") ? address : `ethereum:${address}`).toLowerCase();
}

const byKey = new Map<Market, Map<string, LlamaAsset>>();

/** The world's asset whose address is `key` (`<chain>:<address>`, any case). */
export function assetByCoinKey(key: string, market: Market): LlamaAsset | undefined {
  let index = byKey.get(market);
  if (!index) {
    index = new Map();
    for (const a of llamaStablecoins(market).peggedAssets) {
      const address = llamaAddress(a);
      if (address && !index.has(keyOf(address))) index.set(keyOf(address), a);
    }
    byKey.set(market, index);
  }
  return index.get(key.toLowerCase());
}
