/**
 * CoinGecko coin detail `/coins/{id}?localization=false&tickers=false&market_data=false&…`,
 * synthetic, in the real body's shape (only the lean fields; the flags drop the heavy ones).
 *
 * `platforms` / `detail_platforms`: one entry per chain the aggregate asset behind the id
 * circulates on (current > 0) that CoinGecko names (LLAMA_CHAIN_TO_COINGECKO_PLATFORM). The
 * address is the real one from `token-addresses.json` for the tracked tokens on ethereum, base,
 * arbitrum-one and optimistic-ethereum (canonical contract), else a deterministic one (EVM hex,
 * base58 on tron / solana). A coin on no named chain is "native": `{"": ""}` (and
 * `detail_platforms` `{"": {decimal_place: null, contract_address: ""}}`) or, for one in two by
 * id hash, `{}` — both forms occur on the real API.
 */
import type { Market } from "../types";
import { tokenBySymbol, trackedTokens, type DexChainId } from "./assets";
import { marketEntry } from "./coingecko-markets";
import { fullMarketAsset, fullMarketEntry } from "./full-market";
import { addressFor, hash32, rngFor } from "./rng";
import { llamaStablecoins, pegAmount, type LlamaAsset } from "./samples";

/**
 * The chains the fake names, as `DefiLlama label:CoinGecko platform:DexScreener chain id` (no
 * DexScreener id = the aggregator does not index it, e.g. tron).
 */
const CHAIN_ROWS = `Ethereum:ethereum:ethereum, Base:base:base, Arbitrum:arbitrum-one:arbitrum,
  OP Mainnet:optimistic-ethereum:optimism, Polygon:polygon-pos:polygon,
  BSC:binance-smart-chain:bsc, Avalanche:avalanche:avalanche, Fantom:fantom:fantom,
  Gnosis:xdai:gnosischain, Linea:linea:linea, Scroll:scroll:scroll, Mantle:mantle:mantle,
  Blast:blast:blast, ZKsync Era:zksync:zksync, Sonic:sonic:sonic, Berachain:berachain:berachain,
  Unichain:unichain:unichain, Celo:celo:celo, Metis:metis-andromeda:metis, Moonbeam:moonbeam:moonbeam,
  Cronos:cronos:cronos, Kava:kava:kava, Plasma:plasma:plasma, Hyperliquid L1:hyperevm:hyperevm,
  Ink:ink:ink, Soneium:soneium:soneium, Taiko:taiko:taiko, Mode:mode:mode,
  Harmony:harmony-shard-0:, Tron:tron:, Solana:solana:solana`
  .split(/,\s*/)
  .map((row) => row.trim().split(":") as [string, string, string]);

/** DefiLlama chain label → CoinGecko asset-platform id. */
export const LLAMA_CHAIN_TO_COINGECKO_PLATFORM: Readonly<Record<string, string>> =
  Object.fromEntries(CHAIN_ROWS.map(([label, platform]) => [label, platform]));

/** CoinGecko platform → DexScreener chain id (platforms DexScreener indexes). */
export const COINGECKO_PLATFORM_TO_DEXSCREENER: Readonly<Record<string, string>> =
  Object.fromEntries(
    CHAIN_ROWS.filter(([, , dex]) => dex !== "").map(([, platform, dex]) => [platform, dex]),
  );

/** CoinGecko platform → the fake's token-addresses.json chain key (real addresses exist). */
const TRACKED_PLATFORM: Readonly<Record<string, DexChainId>> = {
  ethereum: "ethereum",
  base: "base",
  "arbitrum-one": "arbitrum",
  "optimistic-ethereum": "optimism",
};

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function base58For(prefix: string, length: number, ...parts: string[]): string {
  const r = rngFor("base58", ...parts);
  let out = prefix;
  while (out.length < length) out += BASE58[Math.floor(r() * BASE58.length)];
  return out;
}

/** The deterministic contract address of a coin on a CoinGecko platform. */
export function platformAddress(geckoId: string, platform: string): string {
  if (platform === "tron") return base58For("T", 34, geckoId, platform);
  if (platform === "solana") return base58For("", 44, geckoId, platform);
  const chain = TRACKED_PLATFORM[platform];
  const tracked = trackedTokens().find((t) => t.coingeckoId === geckoId);
  if (chain && tracked) {
    const list = tracked.addresses[chain];
    const entry = list.find((a) => a.kind !== "bridged") ?? list[0];
    if (entry) return entry.address;
  }
  return addressFor("contract", geckoId, platform);
}

function decimalsFor(geckoId: string, platform: string): number {
  const chain = TRACKED_PLATFORM[platform];
  const tracked = trackedTokens().find((t) => t.coingeckoId === geckoId);
  const entry = chain && tracked ? tracked.addresses[chain][0] : undefined;
  if (entry) return entry.decimals;
  return hash32(`decimals|${geckoId}`) % 2 === 0 ? 6 : 18;
}

/** The CoinGecko platforms a coin lives on, largest circulating first. */
export function coinPlatforms(geckoId: string, asset: LlamaAsset | undefined): string[] {
  const out: Array<[string, number]> = [];
  for (const [label, row] of Object.entries(asset?.chainCirculating ?? {})) {
    const platform = LLAMA_CHAIN_TO_COINGECKO_PLATFORM[label];
    const current = asset ? (pegAmount(row.current, asset.pegType) ?? 0) : 0;
    if (platform && current > 0) out.push([platform, current]);
  }
  // The tracked tokens' recorded chains count even where the aggregate lists nothing.
  const symbol = trackedTokens().find((t) => t.coingeckoId === geckoId)?.symbol;
  const tracked = symbol ? tokenBySymbol(symbol) : undefined;
  for (const [platform, chain] of Object.entries(TRACKED_PLATFORM)) {
    if (tracked && tracked.addresses[chain].length > 0 && !out.some(([p]) => p === platform))
      out.push([platform, 0]);
  }
  return out.sort((a, b) => b[1] - a[1]).map(([p]) => p);
}

function assetFor(geckoId: string, market: Market): LlamaAsset | undefined {
  if (market === "full") return fullMarketAsset(geckoId);
  return llamaStablecoins("fixture").peggedAssets.find((a) => a.gecko_id === geckoId);
}

/** The coin-detail body, or null when the world's CoinGecko does not know the id (→ 404). */
export function coinDetail(geckoId: string, market: Market): Record<string, unknown> | null {
  const entry = market === "full" ? fullMarketEntry(geckoId) : marketEntry(geckoId);
  if (!entry) return null;
  const platformsList = coinPlatforms(geckoId, assetFor(geckoId, market));
  let platforms: Record<string, string>;
  let detail: Record<string, { decimal_place: number | null; contract_address: string }>;
  if (platformsList.length === 0) {
    const emptyForm = hash32(`native|${geckoId}`) % 2 === 0;
    platforms = emptyForm ? {} : { "": "" };
    detail = emptyForm ? {} : { "": { decimal_place: null, contract_address: "" } };
  } else {
    platforms = {};
    detail = {};
    for (const p of platformsList) {
      const address = platformAddress(geckoId, p);
      platforms[p] = address;
      detail[p] = { decimal_place: decimalsFor(geckoId, p), contract_address: address };
    }
  }
  const first = platformsList[0] ?? null;
  return {
    id: entry.id,
    symbol: entry.symbol,
    name: entry.name,
    web_slug: entry.id,
    asset_platform_id: first,
    platforms,
    detail_platforms: detail,
    block_time_in_minutes: 0,
    hashing_algorithm: null,
    categories: ["Stablecoins", "USD Stablecoin"],
    preview_listing: false,
    public_notice: null,
    additional_notices: [],
    description: { en: `${entry.name} is a stablecoin.` },
    links: { homepage: [`https://example.invalid/${entry.id}`], blockchain_site: [] },
    image: { thumb: entry.image, small: entry.image, large: entry.image },
    country_origin: "",
    genesis_date: null,
    contract_address: first ? platforms[first] : undefined,
    market_cap_rank: entry.market_cap_rank ?? null,
    last_updated: "",
  };
}
