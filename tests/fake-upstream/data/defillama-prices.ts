/**
 * DefiLlama `/stablecoinprices`, synthetic but shaped like the recorded sample
 * (fixtures/samples/defillama-stablecoinprices.reconstructed.json): one row per UTC midnight,
 * `{ date: unix s, prices: { <gecko_id>: number | null } }`, oldest first, for every gecko id of
 * the world's aggregate. A coin whose aggregate price is null is `null` on every row (no
 * history). Prices hover within ±PEG_NOISE_BPS of the aggregate price (of 1 when that price is
 * more than 50 bps off, as the CoinGecko fake does for NAV tokens).
 *
 * Episodes: the shared PEG_EPISODES and HISTORY_EPISODES (the market provider shows them too, so
 * an event there is confirmed by a second source family), plus AGGREGATE_ONLY_EPISODES that the
 * market provider does not show (recorded case of an unconfirmed event):
 *   PYUSD (≥ $1B): −180 bps over ~3 days, ~120 days ago, in this series only.
 */
import { PEG_EPISODES, PEG_NOISE_BPS, type PegEpisode } from "../constants";
import type { Market } from "../types";
import { episodeBps } from "./coingecko-chart";
import { HISTORY_EPISODES } from "./history-episodes";
import { round, unitNoise } from "./rng";
import { llamaStablecoins } from "./samples";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Rows served: a year and a day (the real endpoint sends years; the client keeps 366 days). */
export const STABLECOIN_PRICES_DAYS = 400;
const NAV_CENTRE_MAX_DEVIATION = 0.005;

export const AGGREGATE_ONLY_EPISODES: readonly PegEpisode[] = [
  {
    coingeckoId: "paypal-usd",
    fromHoursAgo: 2950,
    plateauFromHoursAgo: 2900,
    plateauToHoursAgo: 2850,
    toHoursAgo: 2830,
    extremeBps: -180,
  },
];

const EPISODES = [...PEG_EPISODES, ...HISTORY_EPISODES, ...AGGREGATE_ONLY_EPISODES];

function priceAt(id: string, centre: number, t: number, nowMs: number, day: number): number {
  const hoursAgo = (nowMs - t) / HOUR;
  const ep = EPISODES.filter((e) => e.coingeckoId === id)
    .map((e) => episodeBps(e, hoursAgo))
    .find((v) => v !== undefined);
  if (ep !== undefined) return round(1 + ep / 10_000, 6);
  return round(centre + (unitNoise("llama-px", id, day) * PEG_NOISE_BPS) / 10_000, 6);
}

type Row = { date: number; prices: Record<string, number | null> };
/** The last body built (≈ 2.6 MB in the full world): repeated calls at one clock reuse it. */
let last: { key: string; rows: Row[] } | undefined;

export function stablecoinPrices(nowMs: number, market: Market): Row[] {
  const key = `${market}:${nowMs}`;
  if (last?.key === key) return last.rows;
  const coins = new Map<string, number | null>();
  for (const a of llamaStablecoins(market).peggedAssets) {
    if (!a.gecko_id || coins.has(a.gecko_id)) continue;
    const p = a.price;
    coins.set(
      a.gecko_id,
      p === null || !(p > 0) ? null : Math.abs(p - 1) <= NAV_CENTRE_MAX_DEVIATION ? p : 1,
    );
  }
  const today = Math.floor(nowMs / DAY);
  const rows: Row[] = [];
  for (let day = today - STABLECOIN_PRICES_DAYS + 1; day <= today; day++) {
    const t = day * DAY;
    const prices: Record<string, number | null> = {};
    for (const [id, centre] of coins)
      prices[id] = centre === null ? null : priceAt(id, centre, t, nowMs, day);
    rows.push({ date: t / 1000, prices });
  }
  last = { key, rows };
  return rows;
}
