/**
 * The goal timeline of the service's own history (docs/history.md "Events"): one run of history
 * mode episodes, placed by sample index from a start, that the goal tests and the demo's seeded
 * week share. Every episode transforms the fake's own answers (history-mode.ts); the depth drops
 * are sized from what the service measured before them (`depthDropEpisodes`). Episodes of
 * different coins overlap in time; an exchange going down touches every coin, so it comes last.
 *
 *   p  USDS  samples 0–33   its pools are taken away (the whole timeline): its ±2 % depth is its
 *                           exchanges' alone, so two exchanges can carry a drop of most of it
 *   a  USDS  samples 8–13   its ±2 % depth falls by DEPTH_DROP_SHARE, carried by its two largest
 *                           exchanges (each falls below half): one confirmed liquidity_drain
 *   d  USDT  samples 10–12  its $1M sale pays SALE_FACTOR while its mid stays: one depeg_at_size
 *   f  USDe  samples 10–12  a price wick in its 30-day series, seen from sample 13: the risk
 *                           score's peg stability falls, one risk_score_change
 *   e  USDC  samples 14–16  its Base pools at POOL_FACTOR: one chain_local_depeg naming base
 *   b  USDS  samples 20–25  the same fall on its largest exchange only: no confirmed drain
 *   c  all   samples 28–31  an exchange stops answering (its tickers and book): no event
 */
import { BOOK_EXCHANGE_NAMES, type HistoryEpisode } from "./history-mode";

/** Samples taken before the first episode: more than the drain rule's trailing minimum. */
export const BASELINE_SAMPLES = 8;
/** Samples the timeline needs to play every episode and close every event. */
export const TIMELINE_SAMPLES = 34;
/** The share of the coin's depth a drop removes (a 60 % drop). */
export const DEPTH_DROP_SHARE = 0.6;
/** A $1M sale at 0.985 of its price (−150 bps). */
export const SALE_FACTOR = 0.985;
/** Pool prices at 0.965 of theirs (−350 bps). */
export const POOL_FACTOR = 0.965;
/** The wick that costs the peg-stability component enough to move the score by ~12 points. */
export const WICK_FACTOR = 0.958;

/** Which coin (CoinGecko id), venue and chain each episode concerns. */
export const TIMELINE_SUBJECTS = {
  drain: "usds",
  saleAtSize: "tether",
  riskWick: "ethena-usde",
  downExchange: "binance",
  chainLocal: { coin: "usd-coin", chain: "base" },
} as const;

/** [first sample, samples] of each episode. */
export const TIMELINE_SPANS = {
  noPools: [0, TIMELINE_SAMPLES],
  drainTwoExchanges: [8, 6],
  saleAtSize: [10, 3],
  riskWick: [10, 3],
  chainLocal: [14, 3],
  drainOneExchange: [20, 6],
  exchangeDown: [28, 4],
} as const satisfies Record<string, readonly [number, number]>;

export interface Timeline {
  startMs: number;
  intervalMs: number;
}

/** [fromMs, toMs) of a span of samples. */
export function spanMs(tl: Timeline, [first, count]: readonly [number, number]) {
  return {
    fromMs: tl.startMs + first * tl.intervalMs,
    toMs: tl.startMs + (first + count) * tl.intervalMs,
  };
}

/** The episodes that need no measurement (all but the depth drops). */
export function fixedEpisodes(tl: Timeline): HistoryEpisode[] {
  const s = TIMELINE_SUBJECTS;
  return [
    { kind: "no-pools", coin: s.drain, ...spanMs(tl, TIMELINE_SPANS.noPools) },
    {
      kind: "sale-price",
      coin: s.saleAtSize,
      factor: SALE_FACTOR,
      ...spanMs(tl, TIMELINE_SPANS.saleAtSize),
    },
    {
      kind: "chart-price",
      coin: s.riskWick,
      factor: WICK_FACTOR,
      ...spanMs(tl, TIMELINE_SPANS.riskWick),
    },
    { kind: "venue-down", exchange: s.downExchange, ...spanMs(tl, TIMELINE_SPANS.exchangeDown) },
    {
      kind: "pool-price",
      coin: s.chainLocal.coin,
      chain: s.chainLocal.chain,
      factor: POOL_FACTOR,
      ...spanMs(tl, TIMELINE_SPANS.chainLocal),
    },
  ];
}

/**
 * The factor that makes `named` venues carry a drop of DEPTH_DROP_SHARE of the total: each of
 * them keeps `1 − share × total / named` of its depth. Throws when they hold too little of the
 * total to carry it (they would have to fall below zero).
 */
export function dropFactor(
  venues: Readonly<Record<string, number | null>>,
  named: readonly string[],
) {
  const total = Object.values(venues).reduce<number>((s, v) => s + (v ?? 0), 0);
  const carried = named.reduce((s, v) => s + (venues[v] ?? 0), 0);
  const factor = 1 - (DEPTH_DROP_SHARE * total) / carried;
  if (!(factor > 0))
    throw new Error(`venues ${named.join(", ")} hold too little depth for the drop`);
  return factor;
}

/** `cex:<name>` of every exchange whose book the fake serves (a drop there reaches its book). */
const BOOK_VENUES = new Set(
  Object.values(BOOK_EXCHANGE_NAMES).flatMap((names) => names.map((n) => `cex:${n}`)),
);

/**
 * The two depth drops, sized from the venues' depth the service measured before them (a
 * sample's `depth_2pct_usd.venues`): the two largest exchanges with a book carry a drop of
 * DEPTH_DROP_SHARE of the total, then the largest alone falls by the same factor.
 */
export function depthDropEpisodes(
  tl: Timeline,
  venues: Readonly<Record<string, number | null>>,
): HistoryEpisode[] {
  const ranked = Object.entries(venues)
    .filter((e): e is [string, number] => typeof e[1] === "number" && BOOK_VENUES.has(e[0]))
    .sort(([, a], [, b]) => b - a)
    .map(([v]) => v);
  const two = ranked.slice(0, 2);
  const factor = dropFactor(venues, two);
  const coin = TIMELINE_SUBJECTS.drain;
  return [
    { kind: "depth", coin, venues: two, factor, ...spanMs(tl, TIMELINE_SPANS.drainTwoExchanges) },
    {
      kind: "depth",
      coin,
      venues: ranked.slice(0, 1),
      factor,
      ...spanMs(tl, TIMELINE_SPANS.drainOneExchange),
    },
  ];
}
