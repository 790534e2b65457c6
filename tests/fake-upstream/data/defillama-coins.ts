/**
 * DefiLlama coins API (`/prices/current/{coins}`, `/chart/{coins}`), synthetic, for both worlds.
 * Keys are echoed verbatim; unknown keys are silently absent (like the real API).
 *
 *   - `coingecko:<id>`: priced when the world's CoinGecko knows the id (its `current_price` ± 2 bps
 *     by hash), else from the aggregate's price (the 5 full-world ids CoinGecko lacks: DefiLlama
 *     coins is their only second price); `DEFILLAMA_COINS_OFFSETS_BPS` moves a coin on purpose.
 *   - `<chain>:<address>`: the tracked token with that address (any case), priced like its id;
 *     else the world's aggregate asset whose `/stablecoin/{id}` address it is (`llama-addresses`):
 *     priced like its CoinGecko id, or (no id) its aggregate price ± 2 bps by hash.
 *   - `/chart`: hourly grid from `start` (`span` marks, `period=1h` only); each record sits 0–4 min
 *     past its mark; marks after now are skipped; PEG_EPISODES and HISTORY_EPISODES shape the
 *     prices like the CoinGecko charts (and COINS_ONLY_EPISODES those of coins without a
 *     CoinGecko id). coins × span > 500 → 400 with the recorded message.
 */
import { PEG_EPISODES, PEG_NOISE_BPS, type PegEpisode } from "../constants";
import { findTokenByAddress } from "./assets";
import { assetByCoinKey } from "./llama-addresses";
import { episodeBps } from "./coingecko-chart";
import { marketEntry } from "./coingecko-markets";
import { fullMarketAsset, fullMarketEntry } from "./full-market";
import { HISTORY_EPISODES } from "./history-episodes";
import { hash32, round, unitNoise } from "./rng";
import { llamaStablecoins, type LlamaAsset } from "./samples";
import type { Market } from "../types";

/** Coins whose DefiLlama coins price is moved away from CoinGecko's (bps), so they disagree. */
export const DEFILLAMA_COINS_OFFSETS_BPS: Readonly<Record<string, number>> = {
  "liquity-usd": 80,
};
/**
 * Episodes only this API's `/chart` shows: aggregate assets without a CoinGecko id (subject id
 * `llama:<DefiLlama id>`), whose only price history it is. flexUSD (21, ~165 M USD, Ethereum
 * address): −180 bps ~10 days ago, hourly points 240…234 h ago at −180 bps — one hourly event.
 */
export const COINS_ONLY_EPISODES: readonly PegEpisode[] = [
  {
    coingeckoId: "llama:21",
    fromHoursAgo: 242,
    plateauFromHoursAgo: 240,
    plateauToHoursAgo: 234,
    toHoursAgo: 232,
    extremeBps: -180,
  },
];
/** The provider's limit on points per `/chart` call. */
export const CHART_MAX_POINTS = 500;
const NOISE_BPS = 2;
const HOUR = 3_600_000;
const SECOND = 1_000;
const RECORD_LAG_MAX_S = 240;
const PRICE_AGE_S = 40;
const CONFIDENCE = 0.99;

function aggregatePrice(geckoId: string, market: Market): number | undefined {
  const asset =
    market === "full"
      ? fullMarketAsset(geckoId)
      : llamaStablecoins("fixture").peggedAssets.find((a) => a.gecko_id === geckoId);
  return asset?.price !== null && asset?.price !== undefined && asset.price > 0
    ? asset.price
    : undefined;
}

/**
 * What a key stands for: a CoinGecko id (token keys: a tracked token's or an aggregate asset's
 * address), else an aggregate asset without one (`id` = `llama:<DefiLlama id>`).
 */
function subjectOf(
  key: string,
  market: Market,
): { id: string; asset?: LlamaAsset; symbol?: string } | undefined {
  const i = key.indexOf(":");
  if (i <= 0) return undefined;
  const head = key.slice(0, i);
  const rest = key.slice(i + 1);
  if (head === "coingecko") return { id: rest };
  const tracked = findTokenByAddress(head, rest)?.token.coingeckoId;
  if (tracked) return { id: tracked };
  const asset = assetByCoinKey(key, market);
  if (!asset) return undefined;
  return asset.gecko_id
    ? { id: asset.gecko_id }
    : { id: `llama:${asset.id}`, asset, symbol: asset.symbol };
}

/** A key's current price, or undefined when the source has none. */
export function defillamaCoinPrice(key: string, market: Market): number | undefined {
  const subject = subjectOf(key, market);
  if (!subject) return undefined;
  const { id, asset } = subject;
  const entry = asset ? undefined : market === "full" ? fullMarketEntry(id) : marketEntry(id);
  const own = asset && asset.price !== null && asset.price > 0 ? asset.price : undefined;
  const base = asset ? own : (entry?.current_price ?? aggregatePrice(id, market));
  if (base === undefined) return undefined;
  const bps = (DEFILLAMA_COINS_OFFSETS_BPS[id] ?? 0) + unitNoise("llama-coins", id) * NOISE_BPS;
  return round(base * (1 + bps / 10_000), 6);
}

function symbolOf(key: string, market: Market): string {
  const subject = subjectOf(key, market);
  if (subject?.symbol) return subject.symbol;
  const id = subject?.id ?? key;
  return (marketEntry(id)?.symbol ?? fullMarketEntry(id)?.symbol ?? id).toUpperCase();
}

const splitKeys = (raw: string) => raw.split(",").filter(Boolean);

/** Body of `/prices/current/{coins}`. */
export function pricesCurrent(rawKeys: string, nowMs: number, market: Market) {
  const coins: Record<string, unknown> = {};
  for (const key of splitKeys(rawKeys)) {
    const price = defillamaCoinPrice(key, market);
    if (price === undefined) continue;
    coins[key] = {
      price,
      symbol: symbolOf(key, market),
      timestamp: Math.floor(nowMs / SECOND) - PRICE_AGE_S,
      confidence: CONFIDENCE,
    };
  }
  return { coins };
}

export type ChartAnswer = { status: number; body: unknown };

/** `/chart/{coins}?start=&span=&period=1h`. */
export function coinsChart(rawKeys: string, q: URLSearchParams, nowMs: number, market: Market) {
  const keys = splitKeys(rawKeys);
  for (const p of q.keys())
    if (!["start", "end", "span", "period", "searchWidth"].includes(p))
      return { status: 400, body: { message: `${p} is an invalid param` } };
  if (q.has("start") && q.has("end"))
    return { status: 400, body: { message: "use either start or end parameter, not both" } };
  const span = Number(q.get("span") ?? "1") || 1;
  if (keys.length * span > CHART_MAX_POINTS)
    return {
      status: 400,
      body: {
        message: `Requested ${keys.length * span} data points (${keys.length} coins × ${span} timestamps) exceeds the maximum of ${CHART_MAX_POINTS}. Reduce the number of coins or the span.`,
      },
    };
  if ((q.get("period") ?? "1h") !== "1h")
    return { status: 400, body: { message: "fake-upstream: only period=1h is served" } };
  const startMs = q.has("start")
    ? Number(q.get("start")) * SECOND
    : Math.floor(nowMs / HOUR) * HOUR - (span - 1) * HOUR;
  const coins: Record<string, unknown> = {};
  for (const key of keys) {
    const current = defillamaCoinPrice(key, market);
    const id = subjectOf(key, market)?.id;
    if (current === undefined || !id) continue;
    const centre = Math.abs(current - 1) <= 0.005 ? current : 1;
    const episodes = [...PEG_EPISODES, ...HISTORY_EPISODES, ...COINS_ONLY_EPISODES].filter(
      (e) => e.coingeckoId === id,
    );
    const prices: { timestamp: number; price: number }[] = [];
    for (let i = 0; i < span; i += 1) {
      const mark = startMs + i * HOUR;
      const lagS = hash32(`lag|${key}|${mark}`) % RECORD_LAG_MAX_S;
      const at = mark + lagS * SECOND;
      if (at > nowMs) break;
      const hoursAgo = Math.round((nowMs - mark) / HOUR);
      const ep = episodes.map((e) => episodeBps(e, hoursAgo)).find((v) => v !== undefined);
      const price =
        ep !== undefined
          ? round(1 + ep / 10_000, 6)
          : round(centre + (unitNoise("llama-px", id, mark) * PEG_NOISE_BPS) / 10_000, 6);
      prices.push({ timestamp: Math.floor(at / SECOND), price });
    }
    coins[key] = { symbol: symbolOf(key, market), confidence: CONFIDENCE, prices };
  }
  return { status: 200, body: { coins } };
}
