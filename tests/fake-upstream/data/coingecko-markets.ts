/**
 * CoinGecko `/coins/markets`: the recorded entries plus synthetic entries (same shape) for tracked
 * ids missing from the recording. Only `last_updated` is moved to the fake clock.
 */
import { sampleJson, type MarketEntry } from "./samples";

interface SyntheticSpec {
  id: string;
  symbol: string;
  name: string;
  image: string;
  current_price: number;
  market_cap: number;
  total_volume: number;
  market_cap_rank: number;
  ath: number;
  ath_date: string;
  atl: number;
  atl_date: string;
}

// Prices / caps follow the DefiLlama recording (FRAX nudged nearer the peg, as CoinGecko quotes it).
const SYNTHETIC: readonly SyntheticSpec[] = [
  {
    id: "first-digital-usd",
    symbol: "fdusd",
    name: "First Digital USD",
    image:
      "https://coin-images.coingecko.com/coins/images/31079/large/FDUSD_icon_black.png?1731097953",
    current_price: 0.999368,
    market_cap: 505_994_349,
    total_volume: 2_950_412_877,
    market_cap_rank: 152,
    ath: 1.087,
    ath_date: "2023-10-09T10:35:05.541Z",
    atl: 0.942186,
    atl_date: "2025-04-02T17:41:35.004Z",
  },
  {
    id: "crvusd",
    symbol: "crvusd",
    name: "crvUSD",
    image:
      "https://coin-images.coingecko.com/coins/images/30118/large/0xf939e0a03fb07f59a73314e73794be0e57ac1b4e.png?1721097561",
    current_price: 0.999645,
    market_cap: 368_882_972,
    total_volume: 24_518_330,
    market_cap_rank: 184,
    ath: 1.14,
    ath_date: "2023-05-18T16:19:55.574Z",
    atl: 0.949017,
    atl_date: "2023-06-15T06:21:54.018Z",
  },
  {
    id: "frax",
    symbol: "frax",
    name: "Frax",
    image: "https://coin-images.coingecko.com/coins/images/13422/large/FRAX_icon.png?1696513182",
    current_price: 0.998735,
    market_cap: 217_030_051,
    total_volume: 6_102_554,
    market_cap_rank: 246,
    ath: 1.14,
    ath_date: "2021-02-07T06:54:52.263Z",
    atl: 0.874536,
    atl_date: "2023-03-11T08:02:13.760Z",
  },
  {
    id: "liquity-usd",
    symbol: "lusd",
    name: "Liquity USD",
    image: "https://coin-images.coingecko.com/coins/images/14666/large/Group_3.png?1696514341",
    current_price: 1.00164,
    market_cap: 35_058_363,
    total_volume: 311_245,
    market_cap_rank: 812,
    ath: 1.16,
    ath_date: "2021-05-18T21:38:24.232Z",
    atl: 0.899498,
    atl_date: "2021-05-19T13:34:12.024Z",
  },
];

function synthesize(s: SyntheticSpec): MarketEntry {
  const circulating = Math.round((s.market_cap / s.current_price) * 1000) / 1000;
  return {
    id: s.id,
    symbol: s.symbol,
    name: s.name,
    image: s.image,
    current_price: s.current_price,
    market_cap: s.market_cap,
    market_cap_rank: s.market_cap_rank,
    fully_diluted_valuation: s.market_cap,
    total_volume: s.total_volume,
    high_24h: Math.round((s.current_price + 0.0009) * 1e6) / 1e6,
    low_24h: Math.round((s.current_price - 0.0011) * 1e6) / 1e6,
    price_change_24h: -0.000112318,
    price_change_percentage_24h: -0.01124,
    market_cap_change_24h: -118_244.31,
    market_cap_change_percentage_24h: -0.02335,
    circulating_supply: circulating,
    total_supply: circulating,
    max_supply: null,
    ath: s.ath,
    ath_change_percentage: Math.round(((s.current_price - s.ath) / s.ath) * 1e7) / 1e5,
    ath_date: s.ath_date,
    atl: s.atl,
    atl_change_percentage: Math.round(((s.current_price - s.atl) / s.atl) * 1e7) / 1e5,
    atl_date: s.atl_date,
    roi: null,
    last_updated: "",
  };
}

let base: MarketEntry[] | undefined;

/** Every entry the fake knows (16 recorded + 4 synthetic), sorted by market cap desc. */
function allEntries(): MarketEntry[] {
  if (!base) {
    const recorded = sampleJson<MarketEntry[]>("coingecko-coins-markets.json");
    base = [...recorded, ...SYNTHETIC.map(synthesize)].sort((a, b) => b.market_cap - a.market_cap);
  }
  return base;
}

export function knownMarketIds(): string[] {
  return allEntries().map((e) => e.id);
}

export function marketEntry(id: string): MarketEntry | undefined {
  return allEntries().find((e) => e.id === id);
}

/** Default and maximum `per_page` of CoinGecko's `/coins/markets`. */
export const MARKETS_PER_PAGE = { default: 100, max: 250 } as const;

/** One page of `/coins/markets` rows, like CoinGecko (`per_page` ≤ 250, default 100; `page`). */
export function marketsPage<T>(rows: T[], perPageRaw: string | null, pageRaw: string | null): T[] {
  const perPage = Math.min(
    MARKETS_PER_PAGE.max,
    Math.max(1, Number(perPageRaw) || MARKETS_PER_PAGE.default),
  );
  const page = Math.max(1, Number(pageRaw) || 1);
  return rows.slice((page - 1) * perPage, page * perPage);
}

/**
 * Body of `/coins/markets`: entries for the requested ids (unknown ids simply absent), or all
 * entries when `ids` is absent, paginated like CoinGecko. `last_updated` = now − 41 s (ISO, ms
 * precision).
 */
export function coinsMarkets(
  ids: string[] | null,
  nowMs: number,
  perPageRaw: string | null = null,
  pageRaw: string | null = null,
): MarketEntry[] {
  const wanted = ids ? new Set(ids.map((s) => s.trim().toLowerCase()).filter(Boolean)) : null;
  const lastUpdated = new Date(Math.floor((nowMs - 41_000) / 1000) * 1000 + 286).toISOString();
  const rows = allEntries().filter((e) => !wanted || wanted.has(e.id));
  return marketsPage(rows, perPageRaw, pageRaw).map((e) => ({ ...e, last_updated: lastUpdated }));
}
