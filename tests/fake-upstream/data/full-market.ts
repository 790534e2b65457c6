/**
 * The `full` market world: the whole recorded DefiLlama aggregate (322 assets) and a CoinGecko
 * that knows MOST but not all of its gecko ids. Everything is derived deterministically from the
 * aggregate:
 *   - known ids = every non-null `gecko_id` except FULL_MARKET_UNKNOWN_COINGECKO_IDS (those answer
 *     404 on the per-coin routes and are absent from `/coins/markets`), and except non-USD assets
 *     whose aggregate price is null (CoinGecko has no price for them either → unknown too);
 *   - markets row: the fixture's recorded row when the fixture knows the id, else price = the
 *     aggregate's `price` (USD assets without one, or with 0: 1 ± 8 bps), market cap = the
 *     aggregate's circulating USD, volume 0.5–15 % of the cap;
 *   - tickers: `[]` for coins under FULL_MARKET_TICKERS_MIN_CAP_USD and one in four others by hash
 *     (never for the fixture's coins), else the fixture's synthetic CEX tickers.
 */
import { marketEntry as fixtureEntry, marketsPage } from "./coingecko-markets";
import { hash32, round, rngFor, unitNoise } from "./rng";
import { llamaStablecoins, pegAmount, type LlamaAsset, type MarketEntry } from "./samples";

/**
 * CoinGecko ids of the full aggregate that the fake CoinGecko does NOT know. `ylds` (YLDS,
 * ~332 M USD) is in the top 50; `standx-dusd` carries the shared symbol DUSD; `noble-dollar-usdn`
 * the shared USDN; `electronic-usd` the shared EUSD. All have an aggregate price.
 */
export const FULL_MARKET_UNKNOWN_COINGECKO_IDS = [
  "ylds",
  "standx-dusd",
  "cygnus-finance-global-usd",
  "noble-dollar-usdn",
  "electronic-usd",
] as const;

/** Coins with a smaller market cap get `tickers: []` (no CEX listing). */
export const FULL_MARKET_TICKERS_MIN_CAP_USD = 10_000_000;
/** One coin in this many (by id hash) of the rest also gets `tickers: []`. */
const NO_TICKERS_ONE_IN = 4;
/** ± bps around 1 for USD coins the aggregate has no price for. */
const UNPRICED_NOISE = 8e-4;
const RANK_OFFSET = 40;

const UNKNOWN = new Set<string>(FULL_MARKET_UNKNOWN_COINGECKO_IDS);

function isoMs(ms: number): string {
  return new Date(ms).toISOString();
}

function derivedEntry(asset: LlamaAsset, id: string, rank: number): MarketEntry {
  const cap = Math.round(pegAmount(asset.circulating, asset.pegType) ?? 0);
  const price =
    asset.price !== null && asset.price > 0
      ? round(asset.price, 6)
      : round(1 + unitNoise("cg-price", id) * UNPRICED_NOISE, 6);
  const r = rngFor("cg-volume", id);
  const volume = Math.round(cap * (0.005 + r() * 0.145));
  const supply = round(cap / price, 3);
  return {
    id,
    symbol: asset.symbol.toLowerCase(),
    name: asset.name,
    image: `https://coin-images.coingecko.com/coins/images/${hash32(id) % 90_000}/large/${id}.png`,
    current_price: price,
    market_cap: cap,
    market_cap_rank: rank,
    fully_diluted_valuation: cap,
    total_volume: volume,
    high_24h: round(price + 0.0009, 6),
    low_24h: round(price - 0.0011, 6),
    price_change_24h: round(unitNoise("cg-chg", id) * 0.0004, 9),
    price_change_percentage_24h: round(unitNoise("cg-chg", id) * 0.04, 5),
    market_cap_change_24h: round(cap * unitNoise("cg-capchg", id) * 0.002, 2),
    market_cap_change_percentage_24h: round(unitNoise("cg-capchg", id) * 0.2, 5),
    circulating_supply: supply,
    total_supply: supply,
    max_supply: null,
    ath: round(price * 1.05, 6),
    ath_change_percentage: -4.7619,
    ath_date: isoMs(1_680_000_000_000 + (hash32(id) % 50_000_000) * 1000),
    atl: round(price * 0.95, 6),
    atl_change_percentage: 5.26316,
    atl_date: isoMs(1_690_000_000_000 + (hash32(id) % 50_000_000) * 1000),
    roi: null,
    last_updated: "",
  };
}

interface FullWorld {
  /** Known entries by id, sorted by market cap desc in `entries`. */
  byId: Map<string, MarketEntry>;
  entries: MarketEntry[];
  /** The aggregate asset behind each gecko id (the first, i.e. largest, when shared). */
  assetByGeckoId: Map<string, LlamaAsset>;
}

let world: FullWorld | undefined;

function build(): FullWorld {
  const assetByGeckoId = new Map<string, LlamaAsset>();
  for (const a of llamaStablecoins("full").peggedAssets) {
    if (a.gecko_id && !assetByGeckoId.has(a.gecko_id)) assetByGeckoId.set(a.gecko_id, a);
  }
  const entries: MarketEntry[] = [];
  let rank = 0;
  for (const [id, asset] of assetByGeckoId) {
    rank += 1;
    if (UNKNOWN.has(id)) continue;
    if (asset.pegType !== "peggedUSD" && asset.price === null) continue;
    entries.push(fixtureEntry(id) ?? derivedEntry(asset, id, rank + RANK_OFFSET));
  }
  entries.sort((a, b) => b.market_cap - a.market_cap);
  return { byId: new Map(entries.map((e) => [e.id, e])), entries, assetByGeckoId };
}

function full(): FullWorld {
  world ??= build();
  return world;
}

/** The markets row of a known id in the full world (undefined = CoinGecko does not know it). */
export function fullMarketEntry(id: string): MarketEntry | undefined {
  return full().byId.get(id);
}

/** Every CoinGecko id the full-world fake knows, by market cap desc. */
export function fullMarketKnownIds(): string[] {
  return full().entries.map((e) => e.id);
}

/** The aggregate asset behind a gecko id in the full world (known or not). */
export function fullMarketAsset(geckoId: string): LlamaAsset | undefined {
  return full().assetByGeckoId.get(geckoId);
}

/** Whether a known full-world coin answers `/tickers` with an empty list. */
export function fullMarketHasNoTickers(id: string): boolean {
  const entry = fullMarketEntry(id);
  if (!entry || fixtureEntry(id)) return false;
  return (
    entry.market_cap < FULL_MARKET_TICKERS_MIN_CAP_USD ||
    hash32(`tickers|${id}`) % NO_TICKERS_ONE_IN === 0
  );
}

/**
 * Body of `/coins/markets` in the full world: the requested known ids (unknown ids absent) or all
 * known ids, by market cap desc, paginated like CoinGecko (`per_page` ≤ 250, default 100; `page`).
 */
export function fullCoinsMarkets(
  ids: string[] | null,
  nowMs: number,
  perPageRaw: string | null,
  pageRaw: string | null,
): MarketEntry[] {
  const wanted = ids ? new Set(ids.map((s) => s.trim().toLowerCase()).filter(Boolean)) : null;
  const lastUpdated = new Date(Math.floor((nowMs - 41_000) / 1000) * 1000 + 286).toISOString();
  const rows = full().entries.filter((e) => !wanted || wanted.has(e.id));
  return marketsPage(rows, perPageRaw, pageRaw).map((e) => ({ ...e, last_updated: lastUpdated }));
}
