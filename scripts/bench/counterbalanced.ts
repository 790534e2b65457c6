/**
 * A route against the trivial Next route, measured side by side in the order A B B A so drift
 * over the measurement weighs on both alike (the read-layer worlds §7 and page loads §4c of
 * docs/performance.md), repeated over rounds whose median ratio decides the goal.
 */
import { cannon, median } from "./load";

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

/** Measurements of one target, merged: mean throughput, the worst latencies, all requests. */
function merged(xs: readonly Measured[]): Measured {
  return {
    rps: xs.reduce((a, x) => a + x.rps, 0) / xs.length,
    p99Ms: Math.max(...xs.map((x) => x.p99Ms)),
    maxMs: Math.max(...xs.map((x) => x.maxMs)),
    total: xs.reduce((a, x) => a + x.total, 0),
    bad: xs.reduce((a, x) => a + x.bad, 0),
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
  return [merged([route1, route2]), merged([trivial1, trivial2])];
}

/**
 * Load on every URL in turn before anything is measured. A freshly started `next start` serves
 * its first seconds of load well below its steady rate (JIT tiers, heap growth): measured on this
 * box, whichever target a world measured first came out 0.80–0.91× its trivial route and 0.96–
 * 1.07× when measured later, and the trivial route alone served 281–302 req/s in its first 4 s
 * against 500–840 req/s afterwards. Warming only the target about to be measured left that
 * penalty on the first one.
 */
export async function warmUp(urls: readonly string[], seconds: number, connections: number) {
  for (const url of urls) await cannon(url, seconds, connections);
}

/** Seconds of load per URL in `warmUp`: before `sideBySideRounds` measures, and before a fault world. */
export const WARM_UP_SECONDS = 3;

export interface Pair {
  routeUrl: string;
  trivialUrl: string;
}

export interface SideBySide {
  /** All rounds merged: mean throughput, the worst p99 and max, every request. */
  route: Measured;
  trivial: Measured;
  /** Each round's route ÷ trivial throughput, in round order. */
  ratios: number[];
  /** The median of `ratios`: what the goal is judged on. */
  ratio: number;
}

/**
 * Every pair measured side by side (A B B A, `durationSeconds` per pair) in each of `rounds`
 * rounds; the pairs run forward in even rounds and backward in odd ones, so no pair always goes
 * first. One
 * round's ratio moves by about ±15 % on a 2-core box that also runs the load generator; the
 * median of several rounds is what a goal is judged on, and every round's ratio is reported.
 * Every URL first takes `WARM_UP_SECONDS` of load (`warmUp`).
 */
export async function sideBySideRounds(
  pairs: readonly Pair[],
  opts: { durationSeconds: number; rounds: number; connections: number },
): Promise<SideBySide[]> {
  await warmUp(
    pairs.flatMap((p) => [p.routeUrl, p.trivialUrl]),
    WARM_UP_SECONDS,
    opts.connections,
  );
  const runs = pairs.map(() => ({ route: [] as Measured[], trivial: [] as Measured[] }));
  for (let round = 0; round < opts.rounds; round++) {
    const order = pairs.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const [route, trivial] = await counterbalanced(
        pairs[i]!.routeUrl,
        pairs[i]!.trivialUrl,
        opts.durationSeconds,
        opts.connections,
      );
      runs[i]!.route.push(route);
      runs[i]!.trivial.push(trivial);
    }
  }
  return runs.map((r) => {
    const ratios = r.route.map((x, i) => x.rps / r.trivial[i]!.rps);
    return {
      route: merged(r.route),
      trivial: merged(r.trivial),
      ratios,
      ratio: median(ratios),
    };
  });
}
