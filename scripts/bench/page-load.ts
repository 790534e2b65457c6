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
/** The trivial route answers a body of about a page's compressed size. */
const TRIVIAL_BYTES = 30_000;

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
  const trivialUrl = `${app.url}/api/bench-trivial?bytes=${TRIVIAL_BYTES}`;
  const probe = await timedGet(trivialUrl);
  if (probe.status !== 200)
    throw new Error("the trivial route is off: was BENCH_TRIVIAL_ROUTE=1 passed to next start?");
  // Warm each page (first visit renders and stores it) before measuring.
  for (const p of LOAD_PAGES) for (let i = 0; i < 2; i++) await timedGet(app.url + p.path);

  const runs = new Map<string, CannonResult[]>([["trivial", []]]);
  for (const p of LOAD_PAGES) runs.set(p.path, []);
  const perRound = Math.max(1, Math.round(opts.durationSeconds / opts.rounds));
  for (let round = 0; round < opts.rounds; round++) {
    runs.get("trivial")!.push(await cannon(trivialUrl, perRound, opts.connections));
    for (const p of LOAD_PAGES)
      runs.get(p.path)!.push(await cannon(app.url + p.path, perRound, opts.connections));
  }
  const trivial = agg(runs.get("trivial")!);
  const rows: (string | number)[][] = [
    [
      `trivial Next route, ${fmt.int(TRIVIAL_BYTES)} B`,
      fmt.rps(trivial.rps),
      fmt.ms(trivial.p99Ms),
      fmt.ms(trivial.maxMs),
      trivial.bad,
      "",
    ],
  ];
  const goals: Goal[] = [];
  for (const p of LOAD_PAGES) {
    const a = agg(runs.get(p.path)!);
    const ratio = a.rps / trivial.rps;
    rows.push([
      `\`${p.path}\``,
      fmt.rps(a.rps),
      fmt.ms(a.p99Ms),
      fmt.ms(a.maxMs),
      a.bad,
      fmt.ratio(ratio),
    ]);
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
      "target, targets interleaved, against one `next start` (file store) fed by the full-market " +
      "fake upstream. Pages were visited twice first (a first visit renders and stores them). " +
      "p99 = worst round's p99; max = slowest request of all rounds; errors = non-2xx + socket " +
      "errors + timeouts. Measure a build made for the full market (`DEMO_MARKET=full npm run " +
      "demo` builds one): pages prerendered at build time keep that build's data until they " +
      "regenerate.",
    "",
    table(["Target", "Throughput", "p99", "max", "Errors", "÷ trivial"], rows),
  ].join("\n");
  return { title: "4c. Pages under load (full market)", body, goals };
}
