/**
 * CoinGecko `/coins/{id}/market_chart`, synthetic.
 *
 * market_chart: granularity as CoinGecko's auto mode — 5-minutely for days ≤ 1, hourly up to 90
 * days, daily beyond. Points sit on a grid ending exactly at `now` (last point = now, price =
 * the markets entry's current_price, market cap = its market_cap, volume = its total_volume).
 * Prices hover within ±3 bps of the current price; PEG_EPISODES override that shape.
 */
import { PEG_EPISODES, PEG_NOISE_BPS, type PegEpisode } from "../constants";
import { marketEntry } from "./coingecko-markets";
import { round, unitNoise } from "./rng";
import type { MarketEntry } from "./samples";

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

export interface MarketChart {
  prices: Array<[number, number]>;
  market_caps: Array<[number, number]>;
  total_volumes: Array<[number, number]>;
}

/** Deviation in bps contributed by an episode at `hoursAgo`, or undefined outside it. */
export function episodeBps(ep: PegEpisode, hoursAgo: number): number | undefined {
  if (hoursAgo > ep.fromHoursAgo || hoursAgo < ep.toHoursAgo) return undefined;
  if (hoursAgo >= ep.plateauFromHoursAgo) {
    const span = ep.fromHoursAgo - ep.plateauFromHoursAgo;
    return span === 0 ? ep.extremeBps : (ep.extremeBps * (ep.fromHoursAgo - hoursAgo)) / span;
  }
  if (hoursAgo >= ep.plateauToHoursAgo) return ep.extremeBps;
  const span = ep.plateauToHoursAgo - ep.toHoursAgo;
  return span === 0 ? ep.extremeBps : (ep.extremeBps * (hoursAgo - ep.toHoursAgo)) / span;
}

/** Parse `days` like CoinGecko: a positive number or `max` (treated as 365). */
export function parseDays(raw: string | null): number | null {
  if (raw === null || raw === "") return null;
  if (raw === "max") return 365;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : null;
}

export function marketChart(
  id: string,
  days: number,
  nowMs: number,
  lookup: (id: string) => MarketEntry | undefined = marketEntry,
): MarketChart | null {
  const entry = lookup(id);
  if (!entry) return null;
  const step = days <= 1 ? 5 * MINUTE : days <= 90 ? HOUR : DAY;
  const count = Math.round((days * DAY) / step);
  const centre = Math.abs(entry.current_price - 1) <= 0.005 ? entry.current_price : 1;
  const episodes = PEG_EPISODES.filter((e) => e.coingeckoId === id);
  const out: MarketChart = { prices: [], market_caps: [], total_volumes: [] };
  for (let k = count; k >= 0; k--) {
    const t = nowMs - k * step;
    const hoursAgo = (k * step) / HOUR;
    const slot = Math.floor(nowMs / step) - k;
    let price: number;
    let volumeBoost = 1;
    const ep = episodes.map((e) => episodeBps(e, hoursAgo)).find((v) => v !== undefined);
    if (k === 0) {
      price = entry.current_price;
    } else if (ep !== undefined) {
      price = round(1 + ep / 10_000, 6);
      volumeBoost = 1 + (3 * Math.abs(ep)) / 100;
    } else {
      price = round(centre + (unitNoise("px", id, step, slot) * PEG_NOISE_BPS) / 10_000, 6);
    }
    // Supply drifts by at most ±0.4 % across the window; the last point equals the markets entry.
    const drift = k === 0 ? 1 : 1 + 0.004 * (k / Math.max(1, count)) * unitNoise("supply", id);
    const cap =
      k === 0 ? entry.market_cap : (entry.market_cap / entry.current_price) * drift * price;
    const vol =
      k === 0
        ? entry.total_volume
        : entry.total_volume * (1 + 0.12 * unitNoise("vol", id, step, slot)) * volumeBoost;
    out.prices.push([t, price]);
    out.market_caps.push([t, round(cap, 4)]);
    out.total_volumes.push([t, round(vol, 4)]);
  }
  return out;
}
