/**
 * A route against the trivial Next route, measured side by side in the order A B B A so drift
 * over the measurement weighs on both alike (the read-layer worlds, docs/performance.md §7).
 */
import { cannon } from "./load";

export interface Measured {
  rps: number;
  p99Ms: number;
  maxMs: number;
  total: number;
  /** Non-2xx answers, errors and timeouts. */
  bad: number;
}

/** One autocannon run (the shared generator in ./load), in the shape the side-by-side tables use. */
export async function measure(
  url: string,
  seconds: number,
  connections: number,
): Promise<Measured> {
  const r = await cannon(url, seconds, connections);
  return { rps: r.rps, p99Ms: r.p99Ms, maxMs: r.maxMs, total: r.total, bad: r.non2xx + r.errors };
}

/** Two measurements of one target, merged: mean throughput, the worse latencies, all requests. */
function merged(a: Measured, b: Measured): Measured {
  return {
    rps: (a.rps + b.rps) / 2,
    p99Ms: Math.max(a.p99Ms, b.p99Ms),
    maxMs: Math.max(a.maxMs, b.maxMs),
    total: a.total + b.total,
    bad: a.bad + b.bad,
  };
}

/**
 * Route and trivial route in the order A B B A, each half the duration per slot, so a drift
 * over the measurement (a freshly started server still settling, background load) weighs on
 * both alike instead of on whichever target goes first.
 */
export async function counterbalanced(
  routeUrl: string,
  trivialUrl: string,
  seconds: number,
  connections: number,
): Promise<[Measured, Measured]> {
  const half = Math.max(1, Math.round(seconds / 2));
  const route1 = await measure(routeUrl, half, connections);
  const trivial1 = await measure(trivialUrl, half, connections);
  const trivial2 = await measure(trivialUrl, half, connections);
  const route2 = await measure(routeUrl, half, connections);
  return [merged(route1, route2), merged(trivial1, trivial2)];
}
