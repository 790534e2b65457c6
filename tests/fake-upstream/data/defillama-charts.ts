/**
 * DefiLlama `/stablecoincharts/all[?stablecoin={id}]`, synthetic daily series ending at today's
 * UTC midnight. Per asset the series passes exactly through the recorded anchors — today =
 * `circulating`, 1 day ago = `circulatingPrevDay`, 7 days = `circulatingPrevWeek`, 30 days =
 * `circulatingPrevMonth` (all USD-valued, as the recording) — and interpolates linearly between
 * them with a little seeded noise (none for flat assets). Length: 60 days when the month anchor
 * exists, 20 when only the week anchor exists, 5 when only the day anchor exists (JUP, id 335,
 * whose week/month history is `{}`).
 */
import { llamaAsset, llamaStablecoins, pegAmount, type LlamaAsset } from "./samples";
import { round, unitNoise } from "./rng";
import type { Market } from "../types";

const DAY_S = 86_400;

export interface ChartPoint {
  date: string;
  totalCirculating: Record<string, number>;
  totalUnreleased: Record<string, number>;
  totalCirculatingUSD: Record<string, number>;
  totalMintedUSD: Record<string, number>;
  totalBridgedToUSD: Record<string, number>;
}

/** Daily USD values, index 0 = today, index k = k days ago. */
export function assetDailyUsd(asset: LlamaAsset): number[] {
  const peg = asset.pegType;
  return dailyFromAnchors(
    {
      now: pegAmount(asset.circulating, peg),
      day: pegAmount(asset.circulatingPrevDay, peg),
      week: pegAmount(asset.circulatingPrevWeek, peg),
      month: pegAmount(asset.circulatingPrevMonth, peg),
    },
    ["llama-chart", asset.id],
  );
}

export interface Anchors {
  now: number | undefined;
  day: number | undefined;
  week: number | undefined;
  month: number | undefined;
}

/** The series through the recorded anchors (see the header), noise seeded by `seed`. */
export function dailyFromAnchors(a: Anchors, seed: Array<string | number>): number[] {
  const anchors: Array<[number, number]> = [];
  const now = a.now;
  if (now === undefined) return [];
  anchors.push([0, now]);
  const { day, week, month } = a;
  if (day !== undefined) anchors.push([1, day]);
  if (week !== undefined) anchors.push([7, week]);
  if (month !== undefined) anchors.push([30, month]);
  const days = month !== undefined ? 60 : week !== undefined ? 20 : day !== undefined ? 5 : 1;
  const flat = anchors.every(([, v]) => v === now);
  const out: number[] = [];
  for (let k = 0; k < days; k++) {
    const exact = anchors.find(([d]) => d === k);
    if (exact) {
      out.push(exact[1]);
      continue;
    }
    let value: number;
    const after = anchors.find(([d]) => d > k);
    const before = [...anchors].reverse().find(([d]) => d < k);
    if (before && after) {
      value = before[1] + ((after[1] - before[1]) * (k - before[0])) / (after[0] - before[0]);
    } else {
      // Beyond the oldest anchor: continue the last segment's trend at half speed.
      const [d1, v1] = anchors[anchors.length - 1] as [number, number];
      const prev = anchors[anchors.length - 2];
      const slope = prev ? (v1 - prev[1]) / (d1 - prev[0]) : 0;
      value = Math.max(0, v1 + 0.5 * slope * (k - d1));
    }
    if (!flat) value *= 1 + 0.0015 * unitNoise(...seed, k);
    out.push(value);
  }
  return out;
}

export function point(dateSec: number, peg: string, native: number, usd: number): ChartPoint {
  return {
    date: String(dateSec),
    totalCirculating: { [peg]: round(native, 2) },
    totalUnreleased: { [peg]: 0 },
    totalCirculatingUSD: { [peg]: round(usd, 2) },
    totalMintedUSD: { [peg]: 0 },
    totalBridgedToUSD: { [peg]: 0 },
  };
}

export function todaySec(nowMs: number): number {
  return Math.floor(nowMs / 1000 / DAY_S) * DAY_S;
}

/** Per-asset series, oldest first; null for an unknown id (the route answers 404 then). */
export function stablecoinChart(
  id: string,
  nowMs: number,
  market: Market = "fixture",
): ChartPoint[] | null {
  const asset = llamaAsset(id, market);
  if (!asset) return null;
  const daily = assetDailyUsd(asset);
  const price = asset.price ?? 1;
  const today = todaySec(nowMs);
  return daily.map((usd, k) => point(today - k * DAY_S, asset.pegType, usd / price, usd)).reverse();
}

/** Aggregate series (no `stablecoin`): sums over the peggedUSD assets, 60 days. */
export function allStablecoinsChart(nowMs: number, market: Market = "fixture"): ChartPoint[] {
  const totals = new Array<number>(60).fill(0);
  for (const asset of llamaStablecoins(market).peggedAssets) {
    if (asset.pegType !== "peggedUSD") continue;
    assetDailyUsd(asset).forEach((v, k) => {
      if (k < totals.length) totals[k] = (totals[k] ?? 0) + v;
    });
  }
  const today = todaySec(nowMs);
  return totals.map((usd, k) => point(today - k * DAY_S, "peggedUSD", usd, usd)).reverse();
}
