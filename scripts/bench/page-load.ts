/**
 * Issue 15 item 2: page throughput under load against the trivial Next route in the same run,
 * at the full market (DEMO_MARKET=full build, full-market fake upstream). Pages are cached
 * (incremental static regeneration), so a warm page is a file read plus headers.
 */
import { cannon, timedGet, type CannonResult } from "./load";
import { fmt, table, type Goal, type Section } from "./report";
import type { NextApp } from "./servers";

/** Each page with the share of the trivial route's throughput it must reach. */
export const LOAD_PAGES = [
  { path: "/", goalRatio: 0.5 },
  { path: "/stablecoins/usdc", goalRatio: 0.5 },
  { path: "/flows", goalRatio: 0.5 },
  { path: "/methodology", goalRatio: 0.8 },
] as const;
export const PAGE_P99_GOAL_MS = 200;
export const PAGE_MAX_GOAL_MS = 2_000;
/** A short load on each target before it is measured (JIT and connection warm-up). */
const JIT_WARM_UP_SECONDS = 1;

interface Agg {
  rps: number;
  p99Ms: number;
  maxMs: number;
  bad: number;
}

const agg = (runs: CannonResult[]): Agg => ({
  rps: runs.reduce((a, r) => a + r.rps, 0) / runs.length,
  p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
  maxMs: Math.max(...runs.map((r) => r.maxMs)),
  bad: runs.reduce((a, r) => a + r.non2xx + r.errors, 0),
});

/** `app` must serve the trivial route (BENCH_TRIVIAL_ROUTE=1). */
export async function pageLoad(
  app: NextApp,
  opts: { durationSeconds: number; rounds: number; connections: number },
): Promise<Section> {
  // Warm each page (a first visit renders and stores it) and note its size: each page is
  // compared with the trivial route answering a body of the same size.
  const sizes = new Map<string, number>();
  for (const p of LOAD_PAGES) {
    for (let i = 0; i < 2; i++) {
      const r = await timedGet(app.url + p.path);
      if (r.status !== 200) throw new Error(`warm-up ${p.path}: HTTP ${r.status}`);
      sizes.set(p.path, Buffer.byteLength(r.body));
    }
  }
  const trivialUrl = (path: string) => `${app.url}/api/bench-trivial?bytes=${sizes.get(path)}`;
  const probe = await timedGet(trivialUrl(LOAD_PAGES[0].path));
  if (probe.status !== 200)
    throw new Error("the trivial route is off: was BENCH_TRIVIAL_ROUTE=1 passed to next start?");

  const runs = new Map<string, { page: CannonResult[]; trivial: CannonResult[] }>();
  for (const p of LOAD_PAGES) runs.set(p.path, { page: [], trivial: [] });
  const perRound = Math.max(1, Math.round(opts.durationSeconds / opts.rounds));
  // Each round: page, trivial, trivial, page (half the round each), so drift over the round
  // weighs on both alike; a short load on each first warms its code (JIT, connections).
  const half = Math.max(1, Math.round(perRound / 2));
  for (const p of LOAD_PAGES) {
    await cannon(app.url + p.path, JIT_WARM_UP_SECONDS, opts.connections);
    await cannon(trivialUrl(p.path), JIT_WARM_UP_SECONDS, opts.connections);
  }
  for (let round = 0; round < opts.rounds; round++) {
    for (const p of LOAD_PAGES) {
      const r = runs.get(p.path)!;
      r.page.push(await cannon(app.url + p.path, half, opts.connections));
      r.trivial.push(await cannon(trivialUrl(p.path), half, opts.connections));
      r.trivial.push(await cannon(trivialUrl(p.path), half, opts.connections));
      r.page.push(await cannon(app.url + p.path, half, opts.connections));
    }
  }
  const rows: (string | number)[][] = [];
  const goals: Goal[] = [];
  for (const p of LOAD_PAGES) {
    const r = runs.get(p.path)!;
    const a = agg(r.page);
    const t = agg(r.trivial);
    const ratio = a.rps / t.rps;
    rows.push(
      [`\`${p.path}\``, fmt.rps(a.rps), fmt.ms(a.p99Ms), fmt.ms(a.maxMs), a.bad, fmt.ratio(ratio)],
      [
        `trivial Next route, ${fmt.int(sizes.get(p.path)!)} B`,
        fmt.rps(t.rps),
        fmt.ms(t.p99Ms),
        fmt.ms(t.maxMs),
        t.bad,
        "",
      ],
    );
    goals.push(
      {
        item: "15.2",
        what: `\`${p.path}\` throughput vs trivial Next route`,
        goal: `≥ ${fmt.ratio(p.goalRatio)}`,
        observed: fmt.ratio(ratio),
        pass: ratio >= p.goalRatio,
      },
      {
        item: "15.2",
        what: `\`${p.path}\` p99 and slowest request`,
        goal: `p99 < ${fmt.ms(PAGE_P99_GOAL_MS)}, none > ${fmt.ms(PAGE_MAX_GOAL_MS)}, no errors`,
        observed: `p99 ${fmt.ms(a.p99Ms)}, max ${fmt.ms(a.maxMs)}, ${a.bad} errors`,
        pass: a.p99Ms < PAGE_P99_GOAL_MS && a.maxMs <= PAGE_MAX_GOAL_MS && a.bad === 0,
      },
    );
  }
  const body = [
    `autocannon, ${opts.connections} connections, ${opts.rounds} round(s) of ${perRound} s per ` +
      "target after a 1 s warm-up load on each, each page interleaved with the trivial Next " +
      "route answering a body of the page's size in the order page, trivial, trivial, page " +
      "(half a round per slot), against one `next start` (file store) fed by the full-market fake upstream. Pages " +
      "were visited twice first (a first visit renders and stores them). p99 = worst slot's " +
      "p99; max = slowest request of all rounds; errors = non-2xx + socket errors + timeouts. " +
      "Measure a build made for the full market (`DEMO_MARKET=full npm run demo` builds one): " +
      "pages prerendered at build time keep that build's data until they regenerate.",
    "",
    table(["Target", "Throughput", "p99", "max", "Errors", "÷ trivial"], rows),
  ].join("\n");
  return { title: "4c. Pages under load (full market)", body, goals };
}
