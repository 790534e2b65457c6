/**
 * Peg events from the service's own history (docs/history.md), beside the price depeg events:
 *
 *   depeg_at_size      the executable price of a $1M sale beyond DEPEG_AT_SIZE_ENTER_BPS (100 bps)
 *                      from $1.00 for 2 consecutive samples; ends within DEPEG_AT_SIZE_EXIT_BPS
 *                      (50 bps) for 2 samples. Raised whatever the mid price says: a coin can
 *                      quote at par and still not absorb a treasury-sized sale.
 *   chain_local_depeg  a chain's chain-local peg beyond 100 bps for 2 consecutive samples while the
 *                      coin's own price is within 50 bps (otherwise the whole coin is off peg and
 *                      the price depeg event says so); ends within 50 bps for 2 samples. One event
 *                      log per chain; the event names it.
 *
 * Hysteresis and gaps as in `./history-events-core`. Deviations in bps, `(price − 1) × 10 000`;
 * "beyond" is strict, with DEVIATION_EPSILON_BPS so that 0.99 USD is exactly 100 bps.
 */
import { CHAIN_AGGREGATE_CALM_BPS, CHAIN_LOCAL_DEPEG_BPS } from "./chain-peg";
import { DEVIATION_EPSILON_BPS } from "./depeg";
import { EVENT_ENTER_BPS, EVENT_EXIT_BPS } from "./depeg-events";
import {
  type EventCoin,
  type EventSample,
  type HistoryEvent,
  hysteresisIntervals,
  intervalEvent,
  intervalSamples,
  type RunState,
  unionSources,
  worstBy,
} from "./history-events-core";
import { pegDeviationBps } from "./peg";

/** The published depeg thresholds: the price depeg events' own (100 bps in, 50 bps out). */
export const DEPEG_AT_SIZE_ENTER_BPS = EVENT_ENTER_BPS;
export const DEPEG_AT_SIZE_EXIT_BPS = EVENT_EXIT_BPS;
/** The chain-local flag's thresholds (`./chain-peg`), and the same way back within 50 bps. */
export const CHAIN_LOCAL_ENTER_BPS = CHAIN_LOCAL_DEPEG_BPS;
export const CHAIN_LOCAL_COIN_WITHIN_BPS = CHAIN_AGGREGATE_CALM_BPS;
export const CHAIN_LOCAL_EXIT_BPS = EVENT_EXIT_BPS;

function beyondBps(deviationBps: number, thresholdBps: number): boolean {
  return Math.abs(deviationBps) > thresholdBps + DEVIATION_EPSILON_BPS;
}

/** enter beyond `enterBps`, exit within `exitBps`, hold between, gap without a measurement. */
export function pegState(deviationBps: number | null, enterBps: number, exitBps: number): RunState {
  if (deviationBps === null || !Number.isFinite(deviationBps)) return "gap";
  if (beyondBps(deviationBps, enterBps)) return "enter";
  return beyondBps(deviationBps, exitBps) ? "hold" : "exit";
}

const furthestFromZero = (a: number, b: number) => Math.abs(a) > Math.abs(b);

export function depegAtSizeEvents(
  coin: EventCoin,
  samples: readonly EventSample[],
): HistoryEvent[] {
  const deviation = (s: EventSample) => pegDeviationBps(s.sale1mPriceUsd);
  const intervals = hysteresisIntervals(
    samples.map((s) => pegState(deviation(s), DEPEG_AT_SIZE_ENTER_BPS, DEPEG_AT_SIZE_EXIT_BPS)),
  );
  return intervals.map((interval) => {
    const inside = intervalSamples(samples, interval);
    const worst = worstBy(inside, deviation, (s) => s.t, furthestFromZero);
    return intervalEvent(samples, interval, {
      type: "depeg_at_size",
      coin,
      chain: null,
      worst: worst ?? { value: Number.NaN, atMs: Number.NaN },
      worstUnit: "bps",
      confirmed: true,
      sources: unionSources(inside.map((s) => s.sources.sale1m)),
    });
  });
}

/** A chain's state: as `pegState`, but it only enters while the coin itself is near par. */
export function chainLocalState(chainBps: number | null, coinPriceUsd: number | null): RunState {
  const state = pegState(chainBps, CHAIN_LOCAL_ENTER_BPS, CHAIN_LOCAL_EXIT_BPS);
  if (state !== "enter") return state;
  const coinBps = pegDeviationBps(coinPriceUsd);
  if (coinBps === null) return "gap";
  return beyondBps(coinBps, CHAIN_LOCAL_COIN_WITHIN_BPS) ? "hold" : "enter";
}

export function chainLocalDepegEvents(
  coin: EventCoin,
  samples: readonly EventSample[],
): HistoryEvent[] {
  const chains = new Set<string>();
  for (const s of samples) for (const chain of Object.keys(s.chainPegBps)) chains.add(chain);
  const events: HistoryEvent[] = [];
  for (const chain of [...chains].sort()) {
    const bpsOf = (s: EventSample) => s.chainPegBps[chain] ?? null;
    const states = samples.map((s) => chainLocalState(bpsOf(s), s.priceUsd));
    for (const interval of hysteresisIntervals(states)) {
      const inside = intervalSamples(samples, interval);
      const worst = worstBy(inside, bpsOf, (s) => s.t, furthestFromZero);
      events.push(
        intervalEvent(samples, interval, {
          type: "chain_local_depeg",
          coin,
          chain,
          worst: worst ?? { value: Number.NaN, atMs: Number.NaN },
          worstUnit: "bps",
          confirmed: true,
          sources: unionSources(inside.map((s) => s.sources.chainPeg)),
        }),
      );
    }
  }
  return events;
}
